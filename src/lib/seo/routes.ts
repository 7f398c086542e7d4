/**
 * Per-route names the SEO layer shares between the `<PageMeta>` component and the artwork build:
 * social image paths and sizes, breadcrumb names. Pure, so it ships to the browser.
 */
import type { RouteId } from '../../pages.ts';
import { site } from '../../site.config.ts';

/** The public path of a route's 1200×630 social image. */
export const ogImagePath = (id: RouteId): string => `/og/${id}.png`;

/** Width and height (px) of every social image (Open Graph / Twitter `summary_large_image`). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/**
 * A readable crumb name for a path: its navigation label when the path is in the navigation,
 * otherwise the capitalised last segment (`/contact` → `Contact`).
 */
export function crumbNameForPath(path: string): string {
  const navItem = site.nav.find((n) => n.href === path);
  if (navItem) return navItem.label;
  const last = path.split('/').filter(Boolean).pop() ?? '';
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/-/g, ' ');
}
