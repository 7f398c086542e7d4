/**
 * What the HTML document needs from the entry that renders it, beyond the route tree: the CSP
 * nonce, the page's CSS and the router's hydration data (spec §9; design.md "Performance is part
 * of the design").
 *
 * The server (`src/entry-server.tsx`) fills every field. In the browser the same elements are
 * hydrated with placeholders and `suppressHydrationWarning`: React keeps the server's text of a
 * `<style>` or `<script>` whose props never change afterwards, so the CSS and the hydration data
 * are sent once, in the HTML, and never duplicated in JavaScript.
 */
import { createContext, useContext } from 'react';

export interface DocumentData {
  /** Per-response CSP nonce for inline `<script>` and `<style>` ('' in the browser). */
  nonce: string;
  /** The production CSS, inlined so the first paint needs no second request ('' otherwise). */
  inlineCss: string;
  /** Development: stylesheet URLs served by Vite (`/src/styles/global.css`). */
  stylesheets: readonly string[];
  /** `window.__staticRouterHydrationData = …` for the browser router (' ' in the browser). */
  hydrationScript: string;
}

/**
 * What the browser renders in place of the server's values (see the module comment): the same
 * elements the server sent, found in the DOM, with placeholder contents.
 */
export function browserDocument(doc: Document): DocumentData {
  return {
    nonce: '',
    inlineCss: doc.getElementById(INLINE_CSS_ID) ? ' ' : '',
    stylesheets: [...doc.querySelectorAll<HTMLLinkElement>('link[data-site-css]')].map(
      (link) => link.getAttribute('href') ?? '',
    ),
    hydrationScript: ' ',
  };
}

/** `id` of the inline `<style>` that holds the production CSS. */
export const INLINE_CSS_ID = 'site-css';

const DocumentContext = createContext<DocumentData>({
  nonce: '',
  inlineCss: '',
  stylesheets: [],
  hydrationScript: ' ',
});

export const DocumentProvider = DocumentContext.Provider;

/** The current document's data. */
export function useDocument(): DocumentData {
  return useContext(DocumentContext);
}

/** The page's CSS: inline in production, Vite's stylesheet links in development. */
export function DocumentStyles() {
  const { nonce, inlineCss, stylesheets } = useDocument();
  return (
    <>
      {inlineCss ? (
        <style
          id={INLINE_CSS_ID}
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: inlineCss }}
        />
      ) : null}
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} data-site-css="" />
      ))}
    </>
  );
}

/** The router's hydration data, read by `src/entry-client.tsx` before it hydrates. */
export function HydrationData() {
  const { nonce, hydrationScript } = useDocument();
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: hydrationScript }}
    />
  );
}
