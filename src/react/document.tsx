/** The client reads back the server's choice (docs/decisions/026-critical-css-by-beasties.md). */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';
import stylesheetUrl from '../styles/global.css?url';

export interface DocumentCss {
  /** '' when linked or on staff pages. */
  inlineCss: string;
  stylesheet: string;
  /** The server's render only (docs/decisions/014-rendering-work-and-fonts-on-phones.md). */
  fontPreloads: readonly string[];
}

/** `src/styles/global.css` as built. */
export const STYLESHEET_URL: string = stylesheetUrl;

const INLINE_CSS_ID = 'site-css';

const DocumentCssContext = createContext<DocumentCss>({
  inlineCss: '',
  stylesheet: '',
  fontPreloads: [],
});

export const DocumentCssProvider = DocumentCssContext.Provider;

export function readDocumentCss(doc: Document): DocumentCss {
  const inlineCss = doc.getElementById(INLINE_CSS_ID)?.textContent ?? '';
  const stylesheet = inlineCss
    ? // Parsed as text where scripting is on: the link the server wrote inside `<noscript>`.
      (/href="([^"]+)"/.exec(doc.querySelector('noscript')?.textContent ?? '')?.[1] ?? '')
    : (doc.querySelector('link[data-site-css]')?.getAttribute('href') ?? '');
  return { inlineCss, stylesheet, fontPreloads: [] };
}

/** react-dom's `preload` puts the font preloads in the head. */
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
