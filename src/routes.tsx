/**
 * The one route table (spec §1; design.md "One tree, two entries"), rendered by
 * `src/entry-server.tsx` and hydrated by `src/entry-client.tsx`.
 *
 * Each page is its own lazily loaded chunk (`src/routes/*.tsx`): its module exports `Component`
 * and, where it has them, `loader`, `action` and `handle`. Any path that is not a page
 * (including `/privacy` and `/terms`) matches the catch-all route, whose loader answers status
 * 404 with the not-found page inside the shared layout.
 */
import type { RouteObject } from 'react-router';
import { Root, RootErrorBoundary, rootLoader, rootShouldRevalidate } from './root.tsx';

/**
 * The source module of each route id, as keys of Vite's client manifest: the server preloads the
 * matched page's chunk from it. Keep in step with the `import()` calls below (a unit test does).
 */
export const ROUTE_MODULES = {
  home: 'src/routes/home.tsx',
  about: 'src/routes/about.tsx',
  expertise: 'src/routes/expertise.tsx',
  showcase: 'src/routes/showcase.tsx',
  contact: 'src/routes/contact.tsx',
  '404': 'src/routes/not-found.tsx',
} as const;

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootErrorBoundary,
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    children: [
      { id: 'home', index: true, lazy: () => import('./routes/home.tsx') },
      { id: 'about', path: 'about', lazy: () => import('./routes/about.tsx') },
      { id: 'expertise', path: 'expertise', lazy: () => import('./routes/expertise.tsx') },
      { id: 'showcase', path: 'showcase', lazy: () => import('./routes/showcase.tsx') },
      { id: 'contact', path: 'contact', lazy: () => import('./routes/contact.tsx') },
      { id: '404', path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];
