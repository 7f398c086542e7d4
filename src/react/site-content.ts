/**
 * What the public routes' loaders take from the content release in the load context
 * (docs/decisions/048-content-in-the-database.md): each page's loader returns only what the page
 * shows, so its data, like its chunk before, carries its own copy and not every page's.
 */
import type { SiteContent } from '../content/images.ts';
import type { SectionCopy } from '../content/sections.ts';

/**
 * Each entry with only `keys`: what the page draws. The rest (`order`, which the list's own order
 * already says, `placeholder` flags, details another page shows) would travel in the page's
 * hydration data for nothing (docs/decisions/062-fewer-requests-for-shared-page-parts.md).
 */
export function pick<T extends object, K extends keyof T>(
  list: readonly T[],
  keys: readonly K[],
): Array<Pick<T, K>> {
  return list.map((entry) => Object.fromEntries(keys.map((k) => [k, entry[k]])) as Pick<T, K>);
}

/** A page's title and description (`pages.yaml`), for its `meta` (`src/lib/seo/page-head.ts`). */
export type PageText = SiteContent['pages.yaml']['home'];

/**
 * The site layout's data: the footer's copy, and the 404 page's title, description and copy, so
 * a client-side navigation to an unknown path needs no request. Each page's own title and
 * description travel in its own loader's data (`page`), not every page's in every page.
 */
export interface SiteContentData {
  footer: Record<string, SectionCopy>;
  notFound: { page: PageText; copy: Record<string, SectionCopy> };
  /** On a preview only (docs/decisions/054-previews-and-share-links.md); `expiresAt` epoch ms. */
  preview?: { expiresAt: number };
}

/** Never revalidated: a visitor's pages keep the release they started with, as before. */
export const keepLoadedData = (): boolean => false;
