/** Which stored pages a release changes, by their recorded reads: docs/decisions/093-incremental-publish.md */
import type { SiteContent } from '../../content/images.ts';
import { comparePlaces, matches, placeOf, type ListPlace } from '../../content/reader.ts';

/** One item that differs: its collection's file, its key (`id`, a keyed entry's key, '' for one). */
export interface ItemChange {
  collection: string;
  key: string;
  /** Undefined when new. */
  before: unknown;
  /** Undefined when gone. */
  after: unknown;
  /** New, gone, or its own content differs (not only its place). */
  edited: boolean;
  /** Its place among the items both releases have differs: the one before it is another. */
  moved: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function entriesOf(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const id = isObject(item) ? item['id'] : undefined;
      return [typeof id === 'string' ? id : String(i), item];
    });
  }
  return isObject(value) ? Object.entries(value) : [];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Each key's predecessor among `keys` that are in `common` ('' for the first). */
function predecessors(keys: readonly string[], common: ReadonlySet<string>): Map<string, string> {
  const before = new Map<string, string>();
  let last = '';
  for (const key of keys) {
    if (!common.has(key)) continue;
    before.set(key, last);
    last = key;
  }
  return before;
}

/**
 * New, gone, edited or moved items; `oneItem` collections are compared whole. An item added or
 * removed moves no other: only a changed order among the items both have counts as moved.
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
    const old = new Map(was);
    const common = new Set(now.map(([key]) => key).filter((key) => old.has(key)));
    const wasBefore = predecessors(
      was.map(([key]) => key),
      common,
    );
    const nowBefore = predecessors(
      now.map(([key]) => key),
      common,
    );
    for (const [key, value] of now) {
      const prior = old.get(key);
      const existed = old.has(key);
      old.delete(key);
      const edited = !existed || !same(prior, value);
      const moved = existed && wasBefore.get(key) !== nowBefore.get(key);
      if (edited || moved)
        changes.push({ collection, key, before: prior, after: value, edited, moved });
    }
    for (const [key, value] of old) {
      changes.push({
        collection,
        key,
        before: value,
        after: undefined,
        edited: true,
        moved: false,
      });
    }
  }
  return changes;
}

/** A list read's parameters that filter (`where`), by field: any of the values. */
function whereOf(params: URLSearchParams): Record<string, string[]> {
  const where: Record<string, string[]> = {};
  for (const [name, value] of params) {
    if (LIST_PARAMS.has(name)) continue;
    (where[name] ??= []).push(value);
  }
  return where;
}

const LIST_PARAMS = new Set(['page', 'perPage', 'fields', 'newestBy', 'prefix', 'from', 'to']);

const placeParam = (params: URLSearchParams, name: string): ListPlace | undefined => {
  const value = params.get(name);
  return value === null ? undefined : (JSON.parse(value) as ListPlace);
};

/**
 * Whether the read `read` (an entry of a reader's `dependencies`) may read otherwise after
 * `change`: a whole collection by any change; an item or a one-item collection when edited; a
 * list when an item it matches before or after comes, goes, moves, changes its order field, a
 * field it filters by, or a field the list shows (any page of a paged list: a page shifts).
 */
export function readTouches(read: string, change: ItemChange): boolean {
  const { collection, key, before, after, edited } = change;
  if (read === collection) return true;
  if (read === `${collection}/` || read === `${collection}/${key}`) return edited;
  if (!read.startsWith(`${collection}?`)) return false;
  const params = new URLSearchParams(read.slice(collection.length + 1));
  const prefix = params.get('prefix');
  if (prefix !== null) return edited && (key === prefix || key.startsWith(`${prefix}-`));
  const where = whereOf(params);
  const order = params.get('newestBy');
  // A cursor's window: only an item placed after `from`, up to `to` when the window was full.
  const from = placeParam(params, 'from');
  const to = placeParam(params, 'to');
  const inWindow = (item: unknown): boolean => {
    if (from === undefined || order === null) return true;
    const place = placeOf(item as object, order);
    return comparePlaces(place, from) > 0 && (to === undefined || comparePlaces(place, to) <= 0);
  };
  const wasIn = before !== undefined && matches(before, where) && inWindow(before);
  const isIn = after !== undefined && matches(after, where) && inWindow(after);
  if (!wasIn && !isIn) return false;
  // In a `newestBy` list, the collection's own order is not what it shows.
  if (wasIn !== isIn || (change.moved && order === null)) return true;
  const fields = params.get('fields');
  // A lookup that found nothing (`find`) lists no fields: any matching item answers it now.
  if (fields === null) return true;
  const shown = [...fields.split(','), ...Object.keys(where), ...(order === null ? [] : [order])];
  return shown.some(
    (field) =>
      !same((before as Record<string, unknown>)[field], (after as Record<string, unknown>)[field]),
  );
}

/** Whether a page that made the reads `reads` shows anything `changes` changed. */
export const pageTouched = (reads: ReadonlySet<string>, changes: readonly ItemChange[]): boolean =>
  changes.some((change) => [...reads].some((read) => readTouches(read, change)));

/** Epoch ms (sitemap `lastmod`) from `changedAt` by `<collection>/<key>`; undefined when none is known. */
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
