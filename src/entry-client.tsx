/**
 * Browser entry: hydrates the server's document with the same route table
 * (docs/decisions/025-hydration-on-public-apis.md), the matched lazy routes loaded first, or the
 * router hydrates into a fallback, and the whole stylesheet awaited, since only the page's critical
 * CSS came inline (docs/decisions/026-critical-css-by-beasties.md).
 */
import '@vitejs/plugin-react/preamble';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterContextProvider,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserServices } from './app/browser-services.ts';
import { DocumentProvider, readDocument } from './app/document.tsx';
import { fromHydrationJson } from './app/hydration-data.ts';
import { servicesContext, type SessionData } from './app/services.ts';
import { startWebVitals } from './app/web-vitals.ts';
import { VITALS_PATH } from './lib/web-vitals.ts';
import { routes } from './routes.tsx';

async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(table, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

function withStylesheet(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { lazy, children } = route;
    const load = typeof lazy === 'function' ? lazy : undefined;
    return {
      ...route,
      ...(load && {
        lazy: async () => (await Promise.all([load(), import('./styles/stylesheet.ts')]))[0],
      }),
      ...(children && { children: withStylesheet(children) }),
    } as RouteObject;
  });
}

/**
 * Ends the current task so the browser can paint and take input before the next step:
 * `scheduler.yield()` where the browser has it, a zero-delay timer elsewhere
 * (https://web.dev/articles/optimize-long-tasks#yield-to-main).
 */
function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield
    ? scheduler.yield()
    : new Promise((resolve) => {
        setTimeout(resolve, 0);
      });
}

/**
 * Building the router and hydrating take a task each: together they blocked input on a phone
 * (docs/decisions/025-hydration-on-public-apis.md, "Measured").
 */
async function hydrate(): Promise<void> {
  const page = readDocument(document);
  const table = withStylesheet(routes);
  await loadMatchedRoutes(table, location.pathname);
  await yieldToMain();
  const router = createBrowserRouter(table, {
    hydrationData: fromHydrationJson(page.hydrationJson),
    getContext() {
      const context = new RouterContextProvider();
      context.set(servicesContext, browserServices);
      return context;
    },
  });
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <DocumentProvider value={page}>
          <RouterProvider router={router} />
        </DocumentProvider>
      </StrictMode>,
    );
  });
  // Field Web Vitals of this page view (docs/decisions/029-field-web-vitals-endpoint.md).
  startWebVitals({
    routeId: router.state.matches.at(-1)?.route.id,
    sampleRate:
      (router.state.loaderData['root'] as SessionData | undefined)?.webVitalsSampleRate ?? 0,
    endpoint: VITALS_PATH,
  });
}

void hydrate();
