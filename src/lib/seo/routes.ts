/** What the page head and the artwork build share: social image paths and sizes, crumb names. */
import type { RouteId } from '../../pages.ts';
import { site } from '../../site.config.ts';

export const ogImagePath = (id: RouteId): string => `/og/${id}.png`;

/**
 * An item page's own card, by its item's id (a renamed slug keeps it): `/og/case-study/<id>.png`.
 * `route` is an item page's route id (`ITEM_PAGES` of `src/pages.ts`).
 */
export const itemOgImagePath = (route: string, id: string): string => `/og/${route}/${id}.png`;

/** Every social image, px. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A path's navigation label, or else its capitalised last segment (`/contact` → `Contact`). */
export function crumbNameForPath(path: string): string {
  const navItem = site.nav.find((n) => n.href === path);
  if (navItem) return navItem.label;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/-/g, ' ');
}
