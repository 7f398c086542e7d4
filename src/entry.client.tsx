/**
 * Browser entry (https://reactrouter.com/api/framework-routers/HydratedRouter): hydrates the
 * server's document with the same route tree. A public page came with its critical CSS only, so
 * the whole stylesheet is loaded first (docs/decisions/026-critical-css-by-beasties.md).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DocumentCssProvider, readDocumentCss } from './app/document.tsx';

/** Resolves once `href` has loaded (or failed: the page then keeps its critical CSS). */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

const css = readDocumentCss(document);
if (css.inlineCss) await loadStylesheet(css.stylesheet);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <DocumentCssProvider value={css}>
        <HydratedRouter />
      </DocumentCssProvider>
    </StrictMode>,
  );
});
