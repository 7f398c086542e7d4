/**
 * The item pages of a release (`ITEM_PAGES` in `src/pages.ts`,
 * docs/decisions/080-case-studies-and-their-slugs.md): one path per published item, `prefix` +
 * its slug, for the stored pages and the sitemap.
 */
import type { SiteContent } from '../content/images.ts';
import { listingPaths } from '../lib/news.ts';
import { ITEM_PAGES, LISTING_PAGES } from '../pages.ts';

const slugsOf = (content: SiteContent, collection: string): string[] =>
  ((content as unknown as Record<string, Array<{ slug?: unknown }> | undefined>)[collection] ?? [])
    .map((item) => item.slug)
    .filter((slug): slug is string => typeof slug === 'string');

/** Every item page's path in `content`, e.g. `/showcase/rooftop-solar`, in each list's order. */
export function itemPaths(content: SiteContent): string[] {
  return ITEM_PAGES.flatMap((page) =>
    slugsOf(content, page.collection).map((s) => page.prefix + s),
  );
}

/**
 * The newsroom's listing pages after `/news` (`/news/page/2`, `/news/kind/insight`…,
 * `src/lib/news.ts`): stored per release like the item pages, though not in the sitemap.
 */
export function newsListingPaths(content: SiteContent): string[] {
  return listingPaths(content['news.yaml']);
}

/**
 * One page of each item page route and listing route that has one, with its route id: whose
 * render the route's critical CSS is found on (`src/server/critical-css.ts`).
 */
export function itemPageSamples(content: SiteContent): Array<{ id: string; path: string }> {
  const [listing] = newsListingPaths(content);
  return [
    ...ITEM_PAGES.flatMap((page) => {
      const [first] = slugsOf(content, page.collection);
      return first === undefined ? [] : [{ id: page.id, path: page.prefix + first }];
    }),
    ...LISTING_PAGES.flatMap((page) =>
      listing === undefined ? [] : [{ id: page.id, path: listing }],
    ),
  ];
}
