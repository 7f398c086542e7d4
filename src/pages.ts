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
  { id: 'news', path: '/news', module: 'routes/news.tsx', navLabel: 'News', indexable: true },
  // Reached through the header's "Contact Us" call to action, not the navigation list.
  { id: 'contact', path: '/contact', module: 'routes/contact.tsx', indexable: true },
] as const satisfies readonly PageDefinition[];

/**
 * Pages of one item each, at `prefix` + the item's slug (`/showcase/<slug>`), one per published
 * item of `collection` (docs/decisions/080-case-studies-and-their-slugs.md). A slug the item no
 * longer has answers 301 to its page; a removed item's, 410; any other path under `prefix`, 404.
 */
export interface ItemPageDefinition {
  /** The route id; also the key of its critical CSS. */
  readonly id: string;
  /** Ends in `/`: the item's slug follows. */
  readonly prefix: string;
  readonly module: string;
  /** Its collection's file in `src/content/collections.ts` (a list with a `slug` field). */
  readonly collection: string;
}

export const ITEM_PAGES = [
  {
    id: 'case-study',
    prefix: '/showcase/',
    module: 'routes/case-study.tsx',
    collection: 'case-studies.yaml',
  },
  {
    id: 'news-item',
    prefix: '/news/',
    module: 'routes/news-item.tsx',
    collection: 'news.yaml',
  },
] as const satisfies readonly ItemPageDefinition[];

/** The item page whose route `routeId` is; undefined for any other route. */
export const itemPageOf = (routeId: string | undefined): ItemPageDefinition | undefined =>
  ITEM_PAGES.find((p) => p.id === routeId);

/**
 * A listing's further pages, under `prefix` (`/news/page/2`, `/news/kind/insight`,
 * `/showcase/category/brands`): one route (`prefix` + `*`) whose paths the release's items decide
 * (`src/lib/news.ts`, `src/lib/showcase.ts`), each a stored
 * page; any other path under it is the stored 404, like an item page's
 * (docs/decisions/110-the-newsroom-and-its-feeds.md).
 */
export const LISTING_PAGES = [
  { id: 'news-listing', prefix: '/news/', module: 'routes/news.tsx' },
  { id: 'showcase-listing', prefix: '/showcase/category/', module: 'routes/showcase.tsx' },
] as const satisfies ReadonlyArray<Omit<ItemPageDefinition, 'collection'>>;

/**
 * Whether route `routeId` answers only from the stored pages: an item page or a listing's
 * further page, whose paths a release decides. A path of one that is not stored is the 404.
 */
export const isReleasePage = (routeId: string | undefined): boolean =>
  itemPageOf(routeId) !== undefined || LISTING_PAGES.some((p) => p.id === routeId);

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
