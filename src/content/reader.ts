/**
 * How the public pages' loaders read the content (docs/decisions/065-pages-read-content-through-a-reader.md):
 * through a {@link ContentReader} in the load context, never the whole release, so that each
 * read is recorded (`dependencies`) as what the page shows, the key a stored page needs to be
 * rendered again only when a release changes what it read, and so that a collection of many
 * items (case studies, the newsroom) is read an item or a page at a time instead of whole.
 * Imports no Zod: route modules import the types.
 *
 * Dependencies are strings: `<file>` for a whole collection (any change to it), `<file>/<key>`
 * for one item (a list item's `id`, a keyed collection's key, '' for a collection of one item),
 * `<file>?<query>` for a list query (any change to the collection's items).
 */
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
  /** The fields the page shows of each item. */
  fields: readonly K[];
  /**
   * Only the items whose field equals the value (or, for a list field, holds it), e.g.
   * `{ category: 'crisis' }`, `{ practices: 'media-relations' }`.
   */
  where?: Partial<Record<keyof ShownItem<F> & string, string>>;
  /** From 1; default 1. */
  page?: number;
  /** Items a page; default all. */
  perPage?: number;
}

export interface ContentReader {
  /** A list collection, whole, in its order: a dependency on all of it. */
  collection<F extends ListFile>(file: F): Shown<F>;
  /** The collection of one item (the privacy notice): a dependency on it. */
  one<F extends OneFile>(file: F): Shown<F>;
  /** One entry of a keyed collection (`pages.yaml`'s `about`): a dependency on it. */
  entry<F extends KeyedFile, K extends keyof Shown<F> & string>(file: F, key: K): Shown<F>[K];
  /**
   * The entries of `sections.yaml` whose key is `page` or starts with `page-` (`home-hero`…): a
   * dependency on each, and on the prefix (a section added under it).
   */
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
  /** What was read so far, as dependency strings. */
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

/**
 * A reader over a release held whole (`content`, image fields resolved), recording what is read.
 * The query string of a list dependency is canonical (sorted keys), so two pages asking the same
 * query record the same string.
 */
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

/**
 * The reader of a staff request: the staff area reads the content store (drafts, releases), never
 * the public release, so a release the site cannot show does not lock staff out of mending it.
 * @throws Error on every read, naming the collection asked for
 */
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
