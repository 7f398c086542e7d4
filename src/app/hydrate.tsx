/**
 * Hydration: React DOM's client renderer (most of a page's script, by size) and the framework's
 * `<HydratedRouter>` (https://reactrouter.com/api/framework-routers/HydratedRouter), imported by
 * the browser entry once the page has painted (`src/entry.client.tsx`).
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
