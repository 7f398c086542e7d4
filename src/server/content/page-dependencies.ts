/**
 * Which stored pages a new release changes (docs/decisions/093-incremental-publish.md): the items
 * that differ between two releases as the pages show them, and whether a page's recorded reads
 * (`dependencies` of `src/content/reader.ts`, in its encoding) touch one of them.
 */
import type { SiteContent } from '../../content/images.ts';

/** One item that differs: its collection's file, its key (`id`, a keyed entry's key, '' for one). */
export interface ItemChange {
  collection: string;
  key: string;
  /** The item as the older release shows it; undefined when it is new. */
  before: unknown;
  /** As the newer shows it; undefined when it is gone. */
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A collection's items by key, in order: a list by `id`, keyed by key. */
function entriesOf(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const id = isObject(item) ? item['id'] : undefined;
      return [typeof id === 'string' ? id : String(i), item];
    });
  }
  return isObject(value) ? Object.entries(value) : [];
}

/**
 * Every item of `after` that is new, gone, changed or moved in its list against `before`.
 * `oneItem` names the collections of one item (compared whole).
 */
export function contentChanges(
  before: SiteContent,
  after: SiteContent,
  oneItem: ReadonlySet<string>,
): ItemChange[] {
  const changes: ItemChange[] = [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  for (const collection of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const one = oneItem.has(collection);
    const was = one ? [['', b[collection]] as [string, unknown]] : entriesOf(b[collection]);
    const now = one ? [['', a[collection]] as [string, unknown]] : entriesOf(a[collection]);
    const old = new Map(was.map(([key, value], i) => [key, { value, i }]));
    now.forEach(([key, value], i) => {
      const prior = old.get(key);
      old.delete(key);
      if (prior && prior.i === i && JSON.stringify(prior.value) === JSON.stringify(value)) return;
      changes.push({ collection, key, before: prior?.value, after: value });
    });
    for (const [key, { value }] of old)
      changes.push({ collection, key, before: value, after: undefined });
  }
  return changes;
}

const matches = (item: unknown, where: ReadonlyArray<[string, string]>): boolean =>
  isObject(item) &&
  where.every(([field, value]) => {
    const v = item[field];
    return Array.isArray(v) ? v.includes(value) : v === value;
  });

/** Whether the read `read` (an entry of a reader's `dependencies`) may read otherwise after `change`. */
export function readTouches(read: string, change: ItemChange): boolean {
  const { collection, key } = change;
  if (read === collection || read === `${collection}/`) return true;
  if (read === `${collection}/${key}`) return true;
  if (!read.startsWith(`${collection}?`)) return false;
  const params = new URLSearchParams(read.slice(collection.length + 1));
  const prefix = params.get('prefix');
  if (prefix !== null) return key === prefix || key.startsWith(`${prefix}-`);
  const where = [...params].filter(([name]) => name !== 'page' && name !== 'perPage');
  // A page of a list moves when any item before it changes: only an unpaged list is judged by its filter.
  if (params.get('perPage')) return true;
  return matches(change.before, where) || matches(change.after, where);
}

/** Whether a page that made the reads `reads` shows anything `changes` changed. */
export const pageTouched = (reads: ReadonlySet<string>, changes: readonly ItemChange[]): boolean =>
  changes.some((change) => [...reads].some((read) => readTouches(read, change)));

/**
 * The newest change of what a page read, epoch ms (its sitemap `lastmod`), from `changedAt` (each
 * item's last change by `<collection>/<key>`, `ContentStore.changedAt`); undefined when it read
 * nothing known. A read of a collection, a list or a lookup counts its every item.
 */
export function lastChange(
  reads: ReadonlySet<string>,
  changedAt: ReadonlyMap<string, number>,
): number | undefined {
  let newest: number | undefined;
  const consider = (ms: number | undefined) => {
    if (ms !== undefined && (newest === undefined || ms > newest)) newest = ms;
  };
  for (const read of reads) {
    const query = read.indexOf('?');
    if (query === -1 && read.includes('/') && !read.endsWith('/')) {
      consider(changedAt.get(read));
      continue;
    }
    const file = query === -1 ? read.replace(/\/$/, '') : read.slice(0, query);
    const prefix = query === -1 ? null : new URLSearchParams(read.slice(query + 1)).get('prefix');
    for (const [item, ms] of changedAt) {
      if (!item.startsWith(`${file}/`)) continue;
      const key = item.slice(file.length + 1);
      if (prefix === null || key === prefix || key.startsWith(`${prefix}-`)) consider(ms);
    }
  }
  return newest;
}
