/** A page's loader returns only what it shows (docs/decisions/048-content-in-the-database.md). */
import type { SiteContent } from '../content/images.ts';
import type { SectionCopy } from '../content/sections.ts';

/** The rest would travel in hydration data for nothing. */
export function pick<T extends object, K extends keyof T>(
  list: readonly T[],
  keys: readonly K[],
): Array<Pick<T, K>> {
  return list.map((entry) => Object.fromEntries(keys.map((k) => [k, entry[k]])) as Pick<T, K>);
}

/** For its `meta`. */
export type PageText = SiteContent['pages.yaml']['home'];

/** The footer's and the 404 page's copy: a navigation to an unknown path needs no request. */
export interface SiteContentData {
  footer: Record<string, SectionCopy>;
  notFound: { page: PageText; copy: Record<string, SectionCopy> };
  /** Epoch ms. */
  preview?: { expiresAt: number };
}

/** A visitor's pages keep the release they started with. */
export const keepLoadedData = (): boolean => false;
