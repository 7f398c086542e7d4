/**
 * Slugs that never break a shared link (docs/decisions/080-case-studies-and-their-slugs.md): for
 * each item page (`ITEM_PAGES` in `src/pages.ts`), every slug an item of its collection was ever
 * published under, keyed by the item's id, from the store's revisions
 * (docs/decisions/048-content-in-the-database.md). As of a release:
 *
 * - a slug that an item had before and no live item has now answers `301` to the item's page
 *   (https://www.rfc-editor.org/rfc/rfc9110#name-301-moved-permanently), in one hop, whichever
 *   slug it had in between;
 * - a slug of an item that is removed answers `410 Gone`
 *   (https://www.rfc-editor.org/rfc/rfc9110#name-410-gone);
 * - a live slug is always the live item's page: renaming back to an old slug, or giving an old
 *   slug to another item, takes it over.
 *
 * When two items had the same slug at different times, the one that published it last holds it.
 */
import { ITEM_PAGES } from '../../pages.ts';
import type { Executor } from '../db/tables.ts';

/** What an old item page's path answers. */
export type MovedAnswer = { status: 301; location: string } | { status: 410 };

const slugOf = (body: string | null): string | undefined => {
  if (body === null) return undefined;
  const value = JSON.parse(body) as { slug?: unknown };
  return typeof value.slug === 'string' ? value.slug : undefined;
};

/**
 * Every path of an item page that is no page as of `release`, with its answer: the 301s of old
 * slugs and the 410s of removed items, by path (`/showcase/<old-slug>`).
 */
export async function movedPaths(ex: Executor, release: number): Promise<Map<string, MovedAnswer>> {
  const moved = new Map<string, MovedAnswer>();
  for (const page of ITEM_PAGES) {
    const rows = await ex
      .selectFrom('contentRevisions')
      .select(['itemKey', 'body'])
      .where('collection', '=', page.collection)
      .where('release', '<=', release)
      .orderBy('release', 'asc')
      .execute();
    /** The item that published each slug last. */
    const holder = new Map<string, string>();
    /** Each item's slug now; undefined once removed. */
    const current = new Map<string, string | undefined>();
    for (const row of rows) {
      const slug = slugOf(row.body);
      current.set(row.itemKey, slug);
      if (slug !== undefined) holder.set(slug, row.itemKey);
    }
    const live = new Set([...current.values()].filter((s) => s !== undefined));
    for (const [slug, key] of holder) {
      if (live.has(slug)) continue;
      const now = current.get(key);
      moved.set(
        `${page.prefix}${slug}`,
        now === undefined ? { status: 410 } : { status: 301, location: `${page.prefix}${now}` },
      );
    }
  }
  return moved;
}
