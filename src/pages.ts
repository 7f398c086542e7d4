/**
 * The site's pages, written once: routes, navigation, sitemap, metrics labels, content keys and
 * social images derive from this list (docs/decisions/012-one-page-list-and-import-boundary.md). A
 * new page is a row here, an entry in `src/content/pages.yaml` and its route module; `src/routes.ts`
 * builds the route tree from it. Pure data, so the server, the build and the tests import it
 * without React.
 */

/** One page of the site. */
export interface PageDefinition {
  /** Route id: the page's key in `pages.yaml` and the name of its social image `/og/<id>.png`. */
  readonly id: string;
  readonly path: string;
  /** The route module, relative to `src/` (the framework's `appDirectory`). */
  readonly module: string;
  /** Label in the primary navigation; pages without one are not in it. Order: this list's. */
  readonly navLabel?: string;
  /** Listed in the sitemap and given a canonical URL. */
  readonly indexable: boolean;
}

/** The pages that answer 200, in navigation and sitemap order. */
export const PAGES = [
  { id: 'home', path: '/', module: 'routes/home.tsx', navLabel: 'Home', indexable: true },
  {
    id: 'about',
    path: '/about',
    module: 'routes/about.tsx',
    navLabel: 'About',
    indexable: true,
  },
  {
    id: 'expertise',
    path: '/expertise',
    module: 'routes/expertise.tsx',
    navLabel: 'Expertise',
    indexable: true,
  },
  {
    id: 'showcase',
    path: '/showcase',
    module: 'routes/showcase.tsx',
    navLabel: 'Showcase',
    indexable: true,
  },
  // Reached through the header's "Contact Us" call to action, not the navigation list.
  { id: 'contact', path: '/contact', module: 'routes/contact.tsx', indexable: true },
] as const satisfies readonly PageDefinition[];

/** The page every other path gets, status 404; `path` stands for all of them (same markup). */
export const NOT_FOUND_PAGE = {
  id: '404',
  path: '/404',
  module: 'routes/not-found.tsx',
  indexable: false,
} as const satisfies PageDefinition;

export type RouteId = (typeof PAGES)[number]['id'] | typeof NOT_FOUND_PAGE.id;

/** Every route id, pages first, `404` last. */
export const ROUTE_IDS: readonly RouteId[] = [...PAGES.map((p) => p.id), NOT_FOUND_PAGE.id];

export function isRouteId(id: string): id is RouteId {
  return (ROUTE_IDS as readonly string[]).includes(id);
}

/** The paths of the indexable pages, in sitemap order. */
export const INDEXABLE_PATHS: readonly string[] = PAGES.filter((p) => p.indexable).map(
  (p) => p.path,
);

/** The primary navigation: `{ label, href }` of each page with a nav label, in order. */
export const NAV_ITEMS: ReadonlyArray<{ label: string; href: string }> = PAGES.flatMap((p) =>
  'navLabel' in p ? [{ label: p.navLabel, href: p.path }] : [],
);
