/** Each read a dependency (`<file>`, `<file>/<key>`, `<file>?<query>` with the fields a list shows): docs/decisions/065-pages-read-content-through-a-reader.md */
import type { COLLECTIONS, ContentFile } from './collections.ts';
import type { SiteContent } from './images.ts';
import type { SectionCopy } from './sections.ts';

/** A collection as the pages show it (image fields resolved). */
export type Shown<F extends ContentFile> = SiteContent[F];
/** One item of a collection as the pages show it. */
export type ShownItem<F extends ContentFile> =
  Shown<F> extends ReadonlyArray<infer E>
    ? E
    : Shown<F> extends Record<string, infer V>
      ? V
      : Shown<F>;

type FileOfShape<S> = {
  [F in ContentFile]: (typeof COLLECTIONS)[F]['shape'] extends S ? F : never;
}[ContentFile];
/** The files of keyed collections (page titles, section copy). */
export type KeyedFile = FileOfShape<'keyed'>;
/** The files of list collections. */
export type ListFile = FileOfShape<'list'>;
/** The files of collections of one item (the privacy notice). */
export type OneFile = FileOfShape<'one'>;

/** A page of a list, in the collection's order, as `list` answers it. */
export interface ListQuery<F extends ListFile, K extends keyof ShownItem<F>> {
  fields: readonly K[];
  /**
   * Equal to the value, or a list field holding it: `{ practices: 'media-relations' }`; with
   * several values, any of them (`{ practices: ['media-relations', 'crisis'] }`; none: no item).
   */
  where?: Partial<Record<keyof ShownItem<F> & string, string | readonly string[]>>;
  /** Newest first by this field (ISO 8601 dates), then by id; default the collection's order. */
  newestBy?: keyof ShownItem<F> & string;
  /** From 1; default 1. */
  page?: number;
  /** Items a page; default all. */
  perPage?: number;
  /**
   * With `newestBy`, instead of `page`: the items after the one with this id in that order (a
   * cursor, https://use-the-index-luke.com/no-offset); none when it is not among those matching.
   * Only an item within the window shown (or after it, when fewer than `perPage` were) touches it.
   */
  after?: string;
}

export interface ContentReader {
  /** Whole, in order: a dependency on all of it. */
  collection<F extends ListFile>(file: F): Shown<F>;
  one<F extends OneFile>(file: F): Shown<F>;
  /** One entry of a keyed collection (`pages.yaml`'s `about`): a dependency on it. */
  entry<F extends KeyedFile, K extends keyof Shown<F> & string>(file: F, key: K): Shown<F>[K];
  /** `sections.yaml`'s `page` and `page-…` keys: a dependency on each and on the prefix. */
  sections(page: string): Record<string, SectionCopy>;
  /** One item of a list by a field's value (a slug); undefined when none. */
  find<F extends ListFile>(
    file: F,
    field: keyof ShownItem<F> & string,
    value: string,
  ): ShownItem<F> | undefined;
  /** A page of a list's items with only `fields`, and how many match in all. */
  list<F extends ListFile, K extends keyof ShownItem<F>>(
    file: F,
    query: ListQuery<F, K>,
  ): { items: Array<Pick<ShownItem<F>, K>>; total: number };
  readonly dependencies: ReadonlySet<string>;
}

const itemKey = (item: unknown): string =>
  typeof item === 'object' && item !== null && 'id' in item ? String(item.id) : '';

/** Whether `item` is one `where` asks for (as {@link ListQuery.where}); shared with `readTouches`. */
export const matches = (
  item: unknown,
  where: Readonly<Record<string, string | readonly string[] | undefined>>,
): boolean =>
  typeof item === 'object' &&
  item !== null &&
  Object.entries(where).every(([field, wanted]) => {
    if (wanted === undefined) return true;
    const v = (item as Record<string, unknown>)[field];
    const values: readonly string[] = typeof wanted === 'string' ? [wanted] : wanted;
    return values.some((value) => (Array.isArray(v) ? v.includes(value) : v === value));
  });

/** An item's place in a `newestBy` order: its field's value and its id. */
export type ListPlace = readonly [value: string, id: string];

/** `item`'s place in the order of `newestBy` field `field`. */
export const placeOf = (item: object, field: string): ListPlace => [
  String((item as Record<string, unknown>)[field]),
  itemKey(item),
];

/** The order of `newestBy`: newest first, then by id, so every instance orders alike. */
export const comparePlaces = ([x, i]: ListPlace, [y, j]: ListPlace): number =>
  x !== y ? (x < y ? 1 : -1) : i < j ? -1 : i > j ? 1 : 0;

const newestFirstBy =
  (field: string) =>
  (a: object, b: object): number =>
    comparePlaces(placeOf(a, field), placeOf(b, field));

/** A list query's dependency: `<file>?` and its parameters, sorted, so equal queries are one. */
interface AnyListQuery {
  fields: readonly PropertyKey[];
  where?: Readonly<Record<string, string | readonly string[] | undefined>>;
  page?: number;
  perPage?: number;
  newestBy?: string;
}

/**
 * A cursor read's window, as its dependency names it: the place it starts after (`from`) and
 * the last place it shows (`to`, none when it showed fewer than it asked for).
 */
interface Window {
  from: ListPlace;
  to: ListPlace | undefined;
}

function listRead(file: string, query: AnyListQuery, window?: Window): string {
  const { fields, where = {}, page = 1, perPage, newestBy } = query;
  const params: Array<[string, string]> = [
    ['fields', fields.map(String).sort().join(',')],
    ['perPage', String(perPage ?? '')],
  ];
  if (window) {
    params.push(['from', JSON.stringify(window.from)]);
    if (window.to) params.push(['to', JSON.stringify(window.to)]);
  } else {
    params.push(['page', String(page)]);
  }
  if (newestBy !== undefined) params.push(['newestBy', newestBy]);
  for (const [field, wanted] of Object.entries(where)) {
    if (wanted === undefined) continue;
    for (const value of typeof wanted === 'string' ? [wanted] : [...wanted].sort()) {
      params.push([field, value]);
    }
  }
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${file}?${new URLSearchParams(params).toString()}`;
}

/** Over a release held whole; list queries' strings are canonical (sorted keys). */
export function readerOf(content: SiteContent): ContentReader {
  const read = new Set<string>();
  const all = content as Record<string, unknown>;
  return {
    dependencies: read,
    collection(file) {
      read.add(file);
      return content[file];
    },
    one(file) {
      read.add(`${file}/`);
      return content[file];
    },
    entry(file, key) {
      read.add(`${file}/${key}`);
      return (all[file] as Record<string, never>)[key]!;
    },
    sections(page) {
      read.add(`sections.yaml?prefix=${page}`);
      const found = Object.entries(content['sections.yaml']).filter(
        ([key]) => key === page || key.startsWith(`${page}-`),
      );
      for (const [key] of found) read.add(`sections.yaml/${key}`);
      return Object.fromEntries(found);
    },
    find(file, field, value) {
      const item = (all[file] as Array<Record<string, unknown>>).find((i) => i[field] === value);
      read.add(item ? `${file}/${itemKey(item)}` : `${file}?${field}=${value}`);
      return item as never;
    },
    list(file, query) {
      const { fields, where = {}, page = 1, perPage, newestBy, after } = query;
      const matching = (all[file] as object[]).filter((item) => matches(item, where));
      if (newestBy !== undefined) matching.sort(newestFirstBy(newestBy));
      let slice: object[];
      if (after !== undefined && newestBy !== undefined) {
        const cursor = (all[file] as object[]).find((item) => itemKey(item) === after);
        const at = cursor ? matching.indexOf(cursor) : -1;
        slice = at === -1 ? [] : matching.slice(at + 1, perPage && at + 1 + perPage);
        const last = slice.at(-1);
        const full = perPage !== undefined && slice.length === perPage;
        read.add(
          cursor
            ? listRead(file, query, {
                from: placeOf(cursor, newestBy),
                to: full && last ? placeOf(last, newestBy) : undefined,
              })
            : `${file}?id=${after}`,
        );
      } else {
        read.add(listRead(file, query));
        const start = perPage === undefined ? 0 : (page - 1) * perPage;
        slice = perPage === undefined ? matching : matching.slice(start, start + perPage);
      }
      const items = slice.map(
        (item) =>
          Object.fromEntries(
            fields.map((f) => [f, (item as Record<PropertyKey, unknown>)[f]]),
          ) as never,
      );
      return { items, total: matching.length };
    },
  };
}

/** Staff read the store, never the release: one the site cannot show must not lock them out. @throws Error */
export function noContentReader(): ContentReader {
  const refuse = (file: string): never => {
    throw new Error(`A staff request read ${file} from the public release; read the content store`);
  };
  return {
    dependencies: new Set(),
    collection: refuse,
    one: refuse,
    entry: refuse,
    sections: refuse,
    find: refuse,
    list: refuse,
  };
}
