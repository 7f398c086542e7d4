/**
 * React DOM (most of a page's script, by size) and `<HydratedRouter>`, imported by
 * `src/entry.client.tsx` once the page has painted.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DocumentCssProvider, type DocumentCss } from './document.tsx';

/** Hydrates the whole document inside a transition, so the browser stays responsive. */
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
