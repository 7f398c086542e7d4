/** Each read a dependency (`<file>`, `<file>/<key>`, `<file>?<query>`): docs/decisions/065-pages-read-content-through-a-reader.md */
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
  /** Equal to the value, or a list field holding it: `{ practices: 'media-relations' }`. */
  where?: Partial<Record<keyof ShownItem<F> & string, string>>;
  /** From 1; default 1. */
  page?: number;
  /** Items a page; default all. */
  perPage?: number;
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

const matches = (item: object, where: Record<string, string | undefined>): boolean =>
  Object.entries(where).every(([field, value]) => {
    if (value === undefined) return true;
    const v = (item as Record<string, unknown>)[field];
    return Array.isArray(v) ? v.includes(value) : v === value;
  });

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
      const { fields, where = {}, page = 1, perPage } = query;
      const params = new URLSearchParams(
        Object.entries({ ...where, page: String(page), perPage: String(perPage ?? '') }).sort(),
      );
      read.add(`${file}?${params.toString()}`);
      const matching = (all[file] as object[]).filter((item) => matches(item, where));
      const start = perPage === undefined ? 0 : (page - 1) * perPage;
      const slice = perPage === undefined ? matching : matching.slice(start, start + perPage);
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
