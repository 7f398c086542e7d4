/** React DOM, most of a page's script, imported once the page has painted. */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DocumentCssProvider, type DocumentCss } from './document.tsx';

/** Inside a transition, so the browser stays responsive. */
export function hydrate(css: DocumentCss): void {
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
}
