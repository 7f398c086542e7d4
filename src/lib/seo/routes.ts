/**
 * Route ids and paths of spec §1, as the SEO layer sees them (issue #4).
 *
 * The route id names the page's entry in the site helper's `pages` content collection and its
 * social image (`/og/<id>.png`). Kept here as a pure module so unit tests, the `<Seo>` component
 * and the social-image endpoint agree on one mapping.
 */
// Not schemas.ts: this module ships to the browser, and the schemas would bring Zod along.
import { ROUTE_IDS, type RouteId } from '../../content/route-ids.ts';
import { site } from '../../site.config.ts';

/** Route ids of spec §1 (`404` is the not-found page); one list, defined with the content schemas. */
export { ROUTE_IDS, type RouteId };

/** Type guard: is `id` one of the route ids of spec §1? */
export const isRouteId = (id: string): id is RouteId =>
  (ROUTE_IDS as readonly string[]).includes(id);

/**
 * Maps a page path (`/`, `/about`, …) to its route id. Any path that is not a route of spec §1
 * is served by the 404 page, so it maps to `404`.
 */
export function routeIdForPath(path: string): RouteId {
  const clean = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (clean === '') return 'home';
  const id = clean.slice(1);
  return isRouteId(id) && id !== 'home' && id !== '404' ? id : '404';
}

/**
 * True when `pathname` is an indexable route of spec §1 (every route but the 404 page). The
 * sitemap keeps only these, so a development page (e.g. a widget demo) or the 404 page can
 * never be advertised to crawlers.
 */
export function isIndexablePath(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return clean === '/' || routeIdForPath(clean) !== '404';
}

/** The public path of a route's 1200×630 social image. */
export const ogImagePath = (id: RouteId): string => `/og/${id}.png`;

/** Width and height (px) of every social image (Open Graph / Twitter `summary_large_image`). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * A readable crumb name for a path when the layout passes none: the nav label of spec §2 when
 * the path is in the nav, otherwise the capitalised last segment (`/privacy` → `Privacy`).
 */
export function crumbNameForPath(path: string): string {
  const navItem = site.nav.find((n) => n.href === path);
  if (navItem) return navItem.label;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/-/g, ' ');
}
