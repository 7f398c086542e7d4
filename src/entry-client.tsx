/**
 * Browser entry: hydrates the server's HTML with the same route table, then handles
 * navigation without full page loads.
 *
 * The matched page's chunk (preloaded by the server) is loaded before `hydrateRoot`, so React
 * hydrates the real page and never a fallback. The contact action's browser side posts to
 * `/api/enquiries` (see `src/app/services.ts`).
 */
import '@vitejs/plugin-react/preamble';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  RouterContextProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserDocument, DocumentProvider, HYDRATION_DATA_ID } from './app/document.tsx';
import { servicesContext, type EnquiryResult, type SiteServices } from './app/services.ts';
import { routes } from './routes.tsx';

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationState;
  }
}

/** Status line when the request never reached us (offline, DNS, reset). */
const OFFLINE =
  'We could not send your message just now. Please check your connection and try again; nothing you typed has been lost.';

/** The browser's services: the enquiry goes to the JSON endpoint of the same pipeline. */
const services: SiteServices = {
  session() {
    throw new Error('The session comes with the server-rendered page');
  },
  async submitEnquiry(form): Promise<EnquiryResult> {
    const body = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string') body.append(key, value);
    let response: Response;
    try {
      response = await fetch('/api/enquiries', {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
    } catch {
      return { ok: false, status: 0, message: OFFLINE, fieldErrors: {} };
    }
    const answer = (await response.json().catch(() => null)) as EnquiryResult | null;
    if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
    return { ok: false, status: response.status, message: OFFLINE, fieldErrors: {} };
  },
};

// The server's data block (see `HydrationData`); the router reads and revives it from this global.
const hydrationBlock = document.getElementById(HYDRATION_DATA_ID)?.textContent;
if (hydrationBlock)
  window.__staticRouterHydrationData = JSON.parse(hydrationBlock) as HydrationState;

/** Set once the server's page has been handed to React: later route loads are navigations. */
let hydrating = false;
let stylesheet: Promise<unknown> | undefined;

/**
 * The whole stylesheet, loaded once: the server inlined only the first page's share of it
 * (decision 011). Vite's dynamic import adds the `<link rel="stylesheet">` and resolves when it
 * has loaded.
 */
function loadStylesheet(): Promise<unknown> {
  stylesheet ??= import('./styles/stylesheet.ts');
  return stylesheet;
}

/**
 * The route table with each page's `lazy` also awaiting the whole stylesheet when it runs for a
 * navigation (not for the first page, whose CSS is inline), so no page renders unstyled.
 */
const clientRoutes: RouteObject[] = routes.map((route) => ({
  ...route,
  children: route.children?.map((child) => {
    const lazy = child.lazy;
    if (typeof lazy !== 'function') return child;
    return {
      ...child,
      lazy: async () => (await Promise.all([lazy(), hydrating ? loadStylesheet() : null]))[0],
    };
  }),
})) as RouteObject[];

const router = createBrowserRouter(clientRoutes, {
  getContext: () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    return context;
  },
});

async function hydrate(): Promise<void> {
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  }
  // A transition makes hydration interruptible: React yields to the browser every few ms
  // instead of blocking the main thread for the whole page (Total Blocking Time).
  hydrating = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <DocumentProvider value={browserDocument(document)}>
          <RouterProvider router={router} />
        </DocumentProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
