/**
 * What the public routes' loaders take from the content release in the load context
 * (docs/decisions/048-content-in-the-database.md): each page's loader returns only what the page
 * shows, so its data, like its chunk before, carries its own copy and not every page's.
 */
import type { Content } from '../content/collections.ts';
import type { SectionCopy } from '../content/sections.ts';

/** The entries of `sections.yaml` whose key is `page` or starts with `page-` (`home-hero`…). */
export function sectionsPart(content: Content, page: string): Record<string, SectionCopy> {
  return Object.fromEntries(
    Object.entries(content['sections.yaml']).filter(
      ([key]) => key === page || key.startsWith(`${page}-`),
    ),
  );
}

/** Each entry with only `keys` (the home page's index of services shows titles, not details). */
export function pick<T extends object, K extends keyof T>(
  list: readonly T[],
  keys: readonly K[],
): Array<Pick<T, K>> {
  return list.map((entry) => Object.fromEntries(keys.map((k) => [k, entry[k]])) as Pick<T, K>);
}

/** The site layout's data: every page's title and description, the footer's and 404's copy. */
export interface SiteContentData {
  pages: Content['pages.yaml'];
  footer: Record<string, SectionCopy>;
  notFound: Record<string, SectionCopy>;
  /** On a preview only (docs/decisions/054-previews-and-share-links.md); `expiresAt` epoch ms. */
  preview?: { expiresAt: number };
}

/** Never revalidated: a visitor's pages keep the release they started with, as before. */
export const keepLoadedData = (): boolean => false;
