/**
 * What the document carries besides the route tree: the page's CSS and the router's hydration
 * data, the same for every request of a page
 * (docs/decisions/006-pages-rendered-once-per-release.md). The browser entry reads them back from
 * the server's elements ({@link readDocument}) before it hydrates, so both sides render identical
 * markup and the data travels once.
 */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';

export interface DocumentData {
  /** The page's critical CSS, inlined ('' in development). */
  inlineCss: string;
  /** Development: stylesheet URLs served by Vite. */
  stylesheets: readonly string[];
  /** Production: the whole stylesheet, linked in `<noscript>` for visitors without JavaScript. */
  stylesheet: string;
  /** The browser router's hydration data as script-safe JSON (`src/app/hydration-data.ts`). */
  hydrationJson: string;
  /** Font files to preload (the server's render only; decision 014). */
  fontPreloads: readonly string[];
}

const INLINE_CSS_ID = 'site-css';
const HYDRATION_DATA_ID = 'router-hydration-data';

/** The document data as the server wrote it into `doc`. */
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

/** The page's CSS and the preloads of its fonts (react-dom's `preload` puts them in the head). */
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

/** The router's hydration data as a JSON data block: never executed, so the CSP needs no hash. */
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
