/**
 * The one page list (docs/decisions/012-one-page-list-and-import-boundary.md): a new page is a row
 * here, an entry in `src/content/pages.yaml` and its route module. Pure data, without React.
 */

export interface PageDefinition {
  /** Also the key in `pages.yaml` and the social image `/og/<id>.png`. */
  readonly id: string;
  readonly path: string;
  /** Relative to `src/` (the framework's `appDirectory`). */
  readonly module: string;
  /** Pages without one are not in the primary navigation. */
  readonly navLabel?: string;
  /** In the sitemap, with a canonical URL. */
  readonly indexable: boolean;
}

/** In navigation and sitemap order. */
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

/** Status 404 for every other path; `path` stands for all of them. */
export const NOT_FOUND_PAGE = {
  id: '404',
  path: '/404',
  module: 'routes/not-found.tsx',
  indexable: false,
} as const satisfies PageDefinition;

export type RouteId = (typeof PAGES)[number]['id'] | typeof NOT_FOUND_PAGE.id;

export const ROUTE_IDS: readonly RouteId[] = [...PAGES.map((p) => p.id), NOT_FOUND_PAGE.id];

export function isRouteId(id: string): id is RouteId {
  return (ROUTE_IDS as readonly string[]).includes(id);
}

export const INDEXABLE_PATHS: readonly string[] = PAGES.filter((p) => p.indexable).map(
  (p) => p.path,
);

export const NAV_ITEMS: ReadonlyArray<{ label: string; href: string }> = PAGES.flatMap((p) =>
  'navLabel' in p ? [{ label: p.navLabel, href: p.path }] : [],
);
