/**
 * What the HTML document needs from the entry that renders it, beyond the route tree: the page's
 * CSS and the router's hydration data. Nothing here differs between requests for the same page,
 * so a page can be rendered once and served to everyone
 * (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * The server (`src/entry-server.tsx`) fills every field. In the browser the same elements are
 * hydrated with placeholders and `suppressHydrationWarning`: React keeps the server's text of a
 * `<style>` or `<script>` whose props never change afterwards, so the CSS and the hydration data
 * are sent once, in the HTML, and never duplicated in JavaScript.
 */
import { createContext, useContext, type ComponentType } from 'react';
import { useDrawnByServer } from '../components/ui/static-content.tsx';

export interface DocumentData {
  /** The production CSS, inlined so the first paint needs no second request ('' otherwise). */
  inlineCss: string;
  /** Development: stylesheet URLs served by Vite (`/src/styles/global.css`). */
  stylesheets: readonly string[];
  /**
   * The rest of the page's rules when the inline CSS covers the first screen only (decisions 018
   * and 022), '' otherwise. The bootstrap adds it after the first paint; `<noscript>` links it for visitors
   * without JavaScript.
   */
  laterStylesheet: string;
  /** The browser router's hydration data as script-safe JSON (' ' in the browser). */
  hydrationJson: string;
  /**
   * Draws the matched page's head metadata (`RoutePageMeta`) on the server; null in the browser,
   * which writes it after navigations instead and never loads its module (decision 020).
   */
  PageMeta: ComponentType | null;
}

/**
 * What the browser renders in place of the server's values (see the module comment): the same
 * elements the server sent, found in the DOM, with placeholder contents.
 */
export function browserDocument(doc: Document): DocumentData {
  return {
    inlineCss: doc.getElementById(INLINE_CSS_ID) ? ' ' : '',
    stylesheets: [...doc.querySelectorAll<HTMLLinkElement>('link[data-site-css]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
    laterStylesheet:
      /href="([^"]+)"/.exec(
        doc.querySelector(`noscript#${LATER_CSS_ID}`)?.textContent ?? '',
      )?.[1] ?? '',
    hydrationJson: ' ',
    PageMeta: null,
  };
}

/** `id` of the `<noscript>` that links the later stylesheet for visitors without JavaScript. */
export const LATER_CSS_ID = 'site-css-later';

/** `id` of the inline `<style>` that holds the production CSS. */
export const INLINE_CSS_ID = 'site-css';

/** `id` of the data block that holds the router's hydration data. */
export const HYDRATION_DATA_ID = 'router-hydration-data';

const DocumentContext = createContext<DocumentData>({
  inlineCss: '',
  stylesheets: [],
  laterStylesheet: '',
  hydrationJson: ' ',
  PageMeta: null,
});

export const DocumentProvider = DocumentContext.Provider;

/** The current document's data. */
export function useDocument(): DocumentData {
  return useContext(DocumentContext);
}

/**
 * The page's CSS: inline in production, Vite's stylesheet links in development. The inline
 * `<style>` exists only as the server wrote it: a document React draws in the browser from scratch
 * (the error page after a failed navigation) leaves it out, as the CSP would refuse a new one, and
 * is styled by the whole stylesheet the navigation loaded (decision 011).
 */
export function DocumentStyles() {
  const { inlineCss, stylesheets, laterStylesheet } = useDocument();
  const drawnByServer = useDrawnByServer();
  return (
    <>
      {inlineCss && drawnByServer ? (
        <style
          id={INLINE_CSS_ID}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: inlineCss }}
        />
      ) : null}
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} data-site-css="" />
      ))}
      {laterStylesheet ? (
        <noscript id={LATER_CSS_ID}>
          <link rel="stylesheet" href={laterStylesheet} />
        </noscript>
      ) : null}
    </>
  );
}

/**
 * The router's hydration data as a JSON data block, read by `src/entry-client.tsx` before it
 * hydrates. A data block is never executed, so the CSP needs no hash for it.
 */
export function HydrationData() {
  const { hydrationJson } = useDocument();
  return (
    <script
      id={HYDRATION_DATA_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: hydrationJson }}
    />
  );
}

/**
 * Hoists the preloads of the page's fonts and chunks into the head (React 19 hoists `<link>`
 * wherever it is rendered). Both entries render it as the router's first sibling, the browser with
 * nothing to preload: `useId` derives its ids from the tree's shape, so the server's and the
 * browser's trees must have the same children at every level, or the ids in the server's HTML
 * (`aria-describedby` of the tooltips) differ from the ones React computes while hydrating.
 */
export function Preloads({
  hrefs = [],
  fonts = [],
}: {
  hrefs?: readonly string[];
  fonts?: readonly string[];
}) {
  return (
    <>
      {fonts.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
      ))}
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
    </>
  );
}
