/**
 * A public page's own CSS in the document head (docs/decisions/026-critical-css-by-beasties.md).
 * A page stored at start carries its critical CSS inline, the whole stylesheet linked inside
 * `<noscript>` for visitors without JavaScript (the browser entry loads it before hydrating), and
 * the core font files preloaded; a page rendered per request (a form posted without JavaScript,
 * development) links the whole stylesheet. `src/entry.server.tsx` provides what the server chose;
 * `src/entry.client.tsx` reads the same back from the document ({@link readDocumentCss}), so both
 * sides render the same markup. Staff pages link their own stylesheet (`src/staff/layout.tsx`).
 */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import stylesheetUrl from '../styles/global.css?url';

export interface DocumentCss {
  /** The page's critical CSS, or '' when the stylesheet is linked or the page is a staff page. */
  inlineCss: string;
  /** The whole stylesheet's URL; '' on staff pages. */
  stylesheet: string;
  /** The server's render only (docs/decisions/014-rendering-work-and-fonts-on-phones.md). */
  fontPreloads: readonly string[];
}

/** The whole stylesheet (`src/styles/global.css`), as built. */
export const STYLESHEET_URL: string = stylesheetUrl;

const INLINE_CSS_ID = 'site-css';

const DocumentCssContext = createContext<DocumentCss>({
  inlineCss: '',
  stylesheet: '',
  fontPreloads: [],
});

export const DocumentCssProvider = DocumentCssContext.Provider;

/** What the server wrote, read back before hydrating. */
export function readDocumentCss(doc: Document): DocumentCss {
  const inlineCss = doc.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  const stylesheet = inlineCss
    ? // Parsed as text where scripting is on: the link the server wrote inside `<noscript>`.
      (/href="([^"]+)"/.exec(doc.querySelector('noscript')?.textContent ?? '')?.[1] ?? '')
    : (doc.querySelector('link[data-site-css]')?.getAttribute('href') ?? '');
  return { inlineCss, stylesheet, fontPreloads: [] };
}

/** The page's CSS and its font preloads (react-dom's `preload` puts them in the head). */
export function DocumentStyles() {
  const { inlineCss, stylesheet, fontPreloads } = useContext(DocumentCssContext);
  for (const href of fontPreloads)
    preload(href, { as: 'font', type: 'font/woff2', crossOrigin: '' });
  return (
    <>
      {inlineCss ? (
        <>
          <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />
          <noscript>
            <link rel="stylesheet" href={stylesheet} />
          </noscript>
        </>
      ) : stylesheet ? (
        <link rel="stylesheet" href={stylesheet} data-site-css="" />
      ) : null}
    </>
  );
}
