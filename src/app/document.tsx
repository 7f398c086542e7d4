/**
 * What the document carries besides the route tree: the page's CSS and the router's hydration
 * data. The browser entry reads them back ({@link readDocument}), so both sides render the same
 * markup and the data travels once.
 */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';

export interface DocumentData {
  /** The page's critical CSS ('' in development). */
  inlineCss: string;
  /** Development: served by Vite. */
  stylesheets: readonly string[];
  /** Production: the whole stylesheet, linked in `<noscript>` for visitors without JavaScript. */
  stylesheet: string;
  /** Script-safe JSON (`hydration-data.ts`). */
  hydrationJson: string;
  /** The server's render only (docs/decisions/014-rendering-work-and-fonts-on-phones.md). */
  fontPreloads: readonly string[];
}

const INLINE_CSS_ID = 'site-css';
const HYDRATION_DATA_ID = 'router-hydration-data';

export function readDocument(doc: Document): DocumentData {
  return {
    inlineCss: doc.getElementById(INLINE_CSS_ID)?.textContent ?? '',
    stylesheets: [...doc.querySelectorAll<HTMLLinkElement>('link[data-site-css]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
    // Parsed as text where scripting is on: the link the server wrote inside `<noscript>`.
    stylesheet: /href="([^"]+)"/.exec(doc.querySelector('noscript')?.textContent ?? '')?.[1] ?? '',
    hydrationJson: doc.getElementById(HYDRATION_DATA_ID)?.textContent ?? '',
    fontPreloads: [],
  };
}

const DocumentContext = createContext<DocumentData>({
  inlineCss: '',
  stylesheets: [],
  stylesheet: '',
  hydrationJson: '',
  fontPreloads: [],
});

export const DocumentProvider = DocumentContext.Provider;

/** The page's CSS and its font preloads (react-dom's `preload` puts them in the head). */
export function DocumentStyles() {
  const { inlineCss, stylesheets, stylesheet, fontPreloads } = useContext(DocumentContext);
  for (const href of fontPreloads)
    preload(href, { as: 'font', type: 'font/woff2', crossOrigin: '' });
  return (
    <>
      {inlineCss ? (
        <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />
      ) : null}
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} data-site-css="" />
      ))}
      {stylesheet ? (
        <noscript>
          <link rel="stylesheet" href={stylesheet} />
        </noscript>
      ) : null}
    </>
  );
}

/** A JSON data block is never executed, so the CSP needs no hash for it. */
export function HydrationData() {
  const { hydrationJson } = useContext(DocumentContext);
  return (
    <script
      id={HYDRATION_DATA_ID}
      type="application/json"
      dangerouslySetInnerHTML={{ __html: hydrationJson }}
    />
  );
}
