/** Old slugs 301 in one hop, removed items 410: docs/decisions/080-case-studies-and-their-slugs.md */
import { ITEM_PAGES } from '../../pages.ts';
import type { Executor } from '../db/tables.ts';

export type MovedAnswer = { status: 301; location: string } | { status: 410 };

const slugOf = (body: string | null): string | undefined => {
  if (body === null) return undefined;
  const value = JSON.parse(body) as { slug?: unknown };
  return typeof value.slug === 'string' ? value.slug : undefined;
};

/** As of `release`, by path (`/showcase/<old-slug>`): old slugs' 301s and removed items' 410s. */
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
    // The item that published each slug last; each item's slug now (undefined once removed).
    const holder = new Map<string, string>();
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
