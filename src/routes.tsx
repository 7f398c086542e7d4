/**
 * The one route table, rendered by `src/entry-server.tsx` and hydrated by `src/entry-client.tsx`.
 * Its pages come from `src/pages.ts`; this file adds only what needs React or the bundler.
 *
 * Each page is its own lazily loaded chunk (`src/routes/*.tsx`): its module exports `Component`
 * and, where it has them, `loader`, `action` and `handle`. Any path that is not a page
 * (including `/privacy` and `/terms`) matches the catch-all route, whose loader answers status
 * 404 with the not-found page inside the shared layout.
 */
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { NOT_FOUND_PAGE, PAGES, type RouteId } from './pages.ts';
import { Root, RootErrorBoundary, rootLoader, rootShouldRevalidate } from './root.tsx';

/**
 * Each route's module. `import()` needs a literal path for Vite to split the chunk, hence this
 * map; the type makes it name every route id, and a unit test checks each path against the
 * page's `module` in `src/pages.ts`.
 */
const LAZY = {
  home: () => import('./routes/home.tsx'),
  about: () => import('./routes/about.tsx'),
  expertise: () => import('./routes/expertise.tsx'),
  showcase: () => import('./routes/showcase.tsx'),
  contact: () => import('./routes/contact.tsx'),
  '404': () => import('./routes/not-found.tsx'),
} satisfies Record<RouteId, LazyRouteFunction<RouteObject>>;

/**
 * The source module of each route id, as keys of Vite's client manifest: the server preloads the
 * matched page's chunk from it.
 */
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
