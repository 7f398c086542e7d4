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
  RouterContextProvider,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  UNSAFE_defaultMapRouteProperties as mapRouteProperties,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserDocument, DocumentProvider, HYDRATION_DATA_ID, Preloads } from './app/document.tsx';
import {
  servicesContext,
  type EnquiryResult,
  type SessionData,
  type SiteServices,
} from './app/services.ts';
import { routeWithoutStaticParts, type WithStaticParts } from './components/ui/static-content.tsx';
import { bindTooltips } from './components/widgets/tooltip.tsx';
import { VITALS_PATH } from './lib/web-vitals.ts';
import { startWebVitals } from './app/web-vitals.ts';
import { isRouteId, PAGES } from './pages.ts';
import { routes } from './routes.tsx';

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

/** A route error as `hydrationJson` in `src/entry-server.tsx` writes it. */
type SerializedRouteError =
  | { __type: 'Error'; message: string }
  | {
      __type: 'RouteErrorResponse';
      status: number;
      statusText: string;
      data: unknown;
      internal?: boolean;
    };

/**
 * The server's data block (see `HydrationData`), with its route errors revived: the inverse of
 * `hydrationJson` in `src/entry-server.tsx`, so `isRouteErrorResponse` still recognises the
 * 404 page's error. `undefined` when the page has no data block.
 */
function hydrationData(): HydrationState | undefined {
  const block = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (!block) return undefined;
  const state = JSON.parse(block) as Omit<HydrationState, 'errors'> & {
    errors?: Record<string, SerializedRouteError> | null;
  };
  if (!state.errors) return { ...state, errors: null };
  const errors = Object.fromEntries(
    Object.entries(state.errors).map(([id, error]) => [
      id,
      error.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(error.status, error.statusText, error.data, error.internal === true)
        : new Error(error.message),
    ]),
  );
  return { ...state, errors };
}

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
      lazy: async () => {
        const [module] = await Promise.all([lazy(), hydrating ? loadStylesheet() : null]);
        // A page's static parts are in the server's HTML on the first load; a navigation
        // draws them, so their chunk is loaded first (decision 015).
        return routeWithoutStaticParts(module as typeof module & WithStaticParts, hydrating);
      },
    };
  }),
})) as RouteObject[];

/**
 * Ends the current task, so the browser can paint and answer input before the next piece of
 * work (https://web.dev/articles/optimize-long-tasks): `scheduler.yield()` where the browser
 * has it, a zero-delay timer elsewhere.
 */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The browser router over {@link clientRoutes}, with the browser's services in its context: what
 * `createBrowserRouter` builds, in three tasks instead of one (decision 023). Creating the
 * router and initialising it took 7 to 17 ms together on the bench machine, a long task at a
 * phone's slower CPU, so the history, the router and its initialisation (which starts loading
 * the page's chunk) each run after a yield.
 */
async function createRouter() {
  const history = createBrowserHistory();
  await yieldToMain();
  const data = hydrationData();
  const router = createDataRouter({
    history,
    routes: clientRoutes,
    ...(data ? { hydrationData: data } : {}),
    mapRouteProperties,
    hydrationRouteProperties,
    getContext: () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      return context;
    },
  });
  await yieldToMain();
  return router.initialize();
}

type Router = Awaited<ReturnType<typeof createRouter>>;

/**
 * Builds the router and hydrates, each in tasks of their own: evaluating this module (React,
 * React DOM, the router and the site's modules) and building the router (matching the URL
 * against the route table, reading the server's data, loading the page's chunk) took one task
 * of about 20 ms on the bench machine, a long task at a phone's slower CPU (decision 016);
 * building the router is itself split in three (decision 023).
 */
async function hydrate(): Promise<void> {
  await yieldToMain();
  const router = await createRouter();
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
          <Preloads />
          <RouterProvider router={router} />
        </DocumentProvider>
      </StrictMode>,
    );
  });
  navigateOnLinkClicks(router);
  followWithPageHead(router);
  // ── Field Web Vitals: this one call is all the entry does for them (src/app/web-vitals.ts,
  // docs/decisions/029-field-web-vitals-endpoint.md). Keep it, after hydration, in any entry.
  startWebVitals({
    routeId: router.state.matches.at(-1)?.route.id,
    sampleRate:
      (router.state.loaderData['root'] as SessionData | undefined)?.webVitalsSampleRate ?? 0,
    endpoint: VITALS_PATH,
  });
}

/**
 * Writes each page's head metadata after a client-side navigation (decision 020): the server drew
 * the first page's, and React never renders it in the browser. The module that describes it
 * (`pages.yaml`, JSON-LD) is loaded when the first navigation starts, alongside the page's chunk.
 */
function followWithPageHead(router: Router): void {
  let shown = router.state.location;
  let head: Promise<typeof import('./lib/seo/apply-head.ts')> | undefined;
  router.subscribe((state) => {
    head ??= import('./lib/seo/apply-head.ts');
    if (state.navigation.state !== 'idle' || state.location === shown) return;
    shown = state.location;
    const id = state.errors ? undefined : state.matches.at(-1)?.route.id;
    // The root's data stays through navigations (`rootShouldRevalidate`); the page's own origin
    // stands in should it ever be missing, rather than failing to write the head.
    const origin =
      (state.loaderData['root'] as SessionData | undefined)?.siteOrigin ?? location.origin;
    void head.then(({ applyPageHead }) =>
      applyPageHead(
        document,
        id !== undefined && isRouteId(id) ? id : undefined,
        state.location.pathname,
        origin,
      ),
    );
  });
}

/** The paths the router serves: a click on a plain link to one of them is a navigation. */
const PAGE_PATHS = new Set<string>(PAGES.map((page) => page.path));

/**
 * Hands clicks on plain links to the site's pages to the router, as its `<Link>` would: the
 * static parts (decision 015) are never hydrated, so their links have no handler of their own.
 * Left clicks without modifier keys only, same origin, no `target` or `download`; a click the
 * page already handled (`defaultPrevented`, e.g. by a hydrated `<Link>`) is left alone: the
 * listener is added after `hydrateRoot`, so React's own (on the same node) runs first.
 */
function navigateOnLinkClicks(router: Router): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
    if ((link.target && link.target !== '_self') || link.origin !== location.origin) return;
    if (!PAGE_PATHS.has(link.pathname)) return;
    event.preventDefault();
    void router.navigate(link.pathname + link.search + link.hash);
  });
}

bindTooltips(document);
void hydrate();
