/** One path per published item, `prefix` + slug (docs/decisions/080-case-studies-and-their-slugs.md). */
import type { SiteContent } from '../content/images.ts';
import { ITEM_PAGES } from '../pages.ts';

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

/** One page per item route that has an item, with its route id: where its critical CSS is found. */
export function itemPageSamples(content: SiteContent): Array<{ id: string; path: string }> {
  return ITEM_PAGES.flatMap((page) => {
    const [first] = slugsOf(content, page.collection);
    return first === undefined ? [] : [{ id: page.id, path: page.prefix + first }];
  });
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
