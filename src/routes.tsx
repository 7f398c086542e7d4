/**
 * The one route table, rendered by `src/entry-server.tsx` and hydrated by `src/entry-client.tsx`,
 * built from `src/pages.ts`. Each page is a lazily loaded chunk (`src/routes/*.tsx`); every other
 * path matches the catch-all 404 route (docs/product.md#pages).
 */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { NOT_FOUND_PAGE, PAGES, type RouteId } from './pages.ts';
import { Root, RootErrorBoundary, rootLoader, rootShouldRevalidate } from './root.tsx';

/**
 * `import()` needs a literal path for Vite to split the chunk, hence this map;
 * `tests/unit/pages.test.ts` checks each path against the page's `module`.
 */
const LAZY = {
  home: () => import('./routes/home.tsx'),
  about: () => import('./routes/about.tsx'),
  expertise: () => import('./routes/expertise.tsx'),
  showcase: () => import('./routes/showcase.tsx'),
  contact: () => import('./routes/contact.tsx'),
  '404': () => import('./routes/not-found.tsx'),
} satisfies Record<RouteId, LazyRouteFunction<RouteObject>>;

/** Each route's source module, a key of Vite's client manifest (the server preloads its chunk). */
export const ROUTE_MODULES: Readonly<Record<RouteId, string>> = Object.fromEntries(
  [...PAGES, NOT_FOUND_PAGE].map((p) => [p.id, p.module]),
) as Record<RouteId, string>;

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    children: [
      ...PAGES.map(({ id, path }): RouteObject =>
        path === '/'
          ? { id, index: true, lazy: LAZY[id] }
          : { id, path: path.slice(1), lazy: LAZY[id] },
      ),
      { id: NOT_FOUND_PAGE.id, path: '*', lazy: LAZY[NOT_FOUND_PAGE.id] },
    ],
  },
];
