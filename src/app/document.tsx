/**
 * What the HTML document carries besides the route tree: the page's CSS and the router's
 * hydration data. Nothing here differs between requests for the same page, so a page can be
 * rendered once and served to everyone (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * The server's entry fills {@link DocumentData} from its render. The browser's entry reads the same
 * text back from the server's elements ({@link readDocument}) before it hydrates, so both render
 * identical markup and the CSS and data travel once, in the HTML.
 */
import { createContext, useContext } from 'react';
import { preload } from 'react-dom';

export interface DocumentData {
  /** The page's production CSS, inlined so the first paint needs no second request ('' in development). */
  inlineCss: string;
  /** Development: stylesheet URLs served by Vite. */
  stylesheets: readonly string[];
  /**
   * Production: the whole stylesheet. The browser's entry loads it before hydrating; visitors
   * without JavaScript get it from a `<noscript>` link.
   */
  stylesheet: string;
  /** The browser router's hydration data as script-safe JSON (`src/app/hydration-data.ts`). */
  hydrationJson: string;
  /** Font files to preload (the server's render only; decision 014). */
  fontPreloads: readonly string[];
}

/** `id` of the inline `<style>` that holds the page's CSS. */
const INLINE_CSS_ID = 'site-css';
/** `id` of the data block that holds the router's hydration data. */
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

/**
 * The page's CSS (its critical CSS inline and the whole stylesheet for visitors without
 * JavaScript in production, Vite's stylesheet links in development) and the preloads of the
 * fonts that paint its first screen (`preload` from react-dom puts them in the head).
 */
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

/**
 * The router's hydration data as a JSON data block, which the browser's entry reads before it
 * hydrates. A data block is never executed, so the CSP needs no hash for it.
 */
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
