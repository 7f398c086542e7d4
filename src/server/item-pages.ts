/** One path per published item, `prefix` + slug (docs/decisions/080-case-studies-and-their-slugs.md). */
import type { SiteContent } from '../content/images.ts';
import { listingPaths, NEWS_KIND_LABELS } from '../lib/news.ts';
import type { ItemCard } from './social-cards.ts';
import { categoryListingPaths } from '../lib/showcase.ts';
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

/** Each listing route's pages in `content`, by route id (`LISTING_PAGES`): stored per release, not in the sitemap. */
function listingPathsOf(
  content: SiteContent,
): Record<(typeof LISTING_PAGES)[number]['id'], string[]> {
  return {
    // The newsroom's pages after `/news` (`src/lib/news.ts`).
    'news-listing': listingPaths(content['news.yaml']),
    'showcase-listing': categoryListingPaths(content['case-studies.yaml']),
  };
}

/** Every listing route's pages in `content`. */
export function listingPagePaths(content: SiteContent): string[] {
  return Object.values(listingPathsOf(content)).flat();
}

/** One page of each item and listing route that has one, with its route id: where its critical CSS is found. */
export function itemPageSamples(content: SiteContent): Array<{ id: string; path: string }> {
  const listings = listingPathsOf(content);
  return [
    ...ITEM_PAGES.flatMap((page) => {
      const [first] = slugsOf(content, page.collection);
      return first === undefined ? [] : [{ id: page.id, path: page.prefix + first }];
    }),
    ...LISTING_PAGES.flatMap((page) => {
      const [first] = listings[page.id];
      return first === undefined ? [] : [{ id: page.id, path: first }];
    }),
  ];
}

/** The id of the item of item page `route` whose slug is `slug` in `content`; undefined for none. */
export function itemIdOf(content: SiteContent, route: string, slug: string): string | undefined {
  const page = ITEM_PAGES.find((p) => p.id === route);
  if (!page) return undefined;
  const items = (content as unknown as Record<string, Array<{ id?: unknown; slug?: unknown }>>)[
    page.collection
  ];
  const id = items?.find((item) => item.slug === slug)?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * What item `id`'s social card says (`src/server/social-cards.ts`) on item page `route`: its
 * title, and its kind (`Case study`, a newsroom item's kind); undefined for no such item.
 */
export function itemCardOf(content: SiteContent, route: string, id: string): ItemCard | undefined {
  if (route === 'case-study') {
    const study = content['case-studies.yaml'].find((s) => s.id === id);
    return study && { title: study.title, kind: 'Case study' };
  }
  if (route === 'news-item') {
    const item = content['news.yaml'].find((n) => n.id === id);
    return item && { title: item.title, kind: NEWS_KIND_LABELS[item.kind] };
  }
  return undefined;
}

/** The read `<collection>/<id>` of the item whose page is `path` in `content`; undefined for none. */
export function itemReadOf(content: SiteContent, path: string): string | undefined {
  const page = ITEM_PAGES.find((p) => path.startsWith(p.prefix));
  if (!page) return undefined;
  const id = itemIdOf(content, page.id, path.slice(page.prefix.length));
  return id === undefined ? undefined : `${page.collection}/${id}`;
}
