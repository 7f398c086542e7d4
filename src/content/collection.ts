/**
 * What a content collection is (docs/decisions/063-one-definition-per-collection.md): one object
 * that says where the collection is kept, how staff name it, how it splits into items and what
 * one item holds. The staff pages, the form generator, the content store, the import and export
 * and the pages all read it (`collections.ts` lists them); nothing else lists collections or
 * recognises a field by its name.
 *
 * A field's widget comes from its schema: Zod's own types and string formats (`z.url()`,
 * `z.email()`), and `.meta()` for what a type cannot say — `widget: 'image' | 'textarea'` here,
 * rich text from `richText()` (`rich-text.ts`) — with `label` and `help` for editors, apart
 * from `.describe()`, which is the engineers' (https://zod.dev/metadata).
 */
import { z } from 'zod';

declare module 'zod' {
  interface GlobalMeta {
    /** How the staff form draws the field when its type alone cannot say. */
    widget?: 'image' | 'textarea' | undefined;
    /** The field's name as editors read it, e.g. "Quote". Default: made from its key. */
    label?: string | undefined;
    /** A hint for editors under the label, e.g. "Without quotation marks". */
    help?: string | undefined;
    /** What one entry of a list of objects is called, e.g. "Project" ("Project 1", "New project"). */
    entry?: string | undefined;
    /** An enum's choices as editors read them, by value. */
    choices?: Readonly<Record<string, string>> | undefined;
  }
}

/**
 * How a collection splits into the items a release records one revision of: `one` item (the
 * privacy notice), a `list` of entries keyed by their `id`, or `keyed` values (page titles by
 * route id, section copy by section id).
 */
export type CollectionShape = 'one' | 'list' | 'keyed';

/** One collection: `I` the schema of one item. */
export interface CollectionDefinition<
  I extends z.ZodObject = z.ZodObject,
  S extends CollectionShape = CollectionShape,
  K extends string = string,
  F extends string = string,
> {
  /**
   * Its file under `src/content/` (the seed, the export and the import), and its name in the
   * database (`content_revisions.collection`): never renamed once released.
   */
  readonly file: F;
  /** Its name on the staff pages, e.g. "Testimonials". */
  readonly label: string;
  /** What it is, one line for staff, e.g. "Quotes from clients, in the carousel". */
  readonly description: string;
  /** Its path segment under `/staff/content/`, lowercase kebab-case. */
  readonly path: string;
  readonly shape: S;
  /** One item's schema: a strict object. A list's items have a string `id`. */
  readonly item: I;
  /** The string field that names an item to staff (lists, history, the audit log). */
  readonly title: keyof z.output<I> & string;
  /** A list sorted by its items' `order` field (1 first) when loaded from a file. */
  readonly ordered?: boolean | undefined;
  /** A list's least and most entries (`min` default 1: every list the pages show has one). */
  readonly count?: { readonly min?: number; readonly max?: number } | undefined;
  /** A keyed collection whose keys are fixed (page titles: one per route id). */
  readonly keys?: readonly K[] | undefined;
  /**
   * The public page that shows an item, as a path of `src/pages.ts` (`/about`), or made from the
   * item's key and its value as the editor has it now (undefined when it has none, e.g. a draft
   * that removes it): a case study's own page, `/showcase/<slug>`. Where the item page's Preview
   * opens. Default `/`.
   */
  readonly page?: string | ((key: string, item: z.output<I> | undefined) => string) | undefined;
  /** A list's fields no two items may share (a slug: one page per address). */
  readonly unique?: ReadonlyArray<keyof z.output<I> & string> | undefined;
  /**
   * Why an item its schema accepts (as a draft) may not be published yet, naming the field to
   * fill in: a case study without the client's approval. Undefined: it may be published. A
   * publish that adds or changes such an item is refused with this message, the draft kept.
   */
  readonly unpublishable?:
    ((item: z.output<I>) => { field: string; message: string } | undefined) | undefined;
  /**
   * A list exported and imported as one Markdown file per item, `<dir>/<slug>.md`
   * (`src/server/content/files.ts`): YAML front matter for the fields, `body` (a rich-text
   * field) as CommonMark after it. `groups` nests fields under one front-matter name, e.g.
   * `{ seo: { title: 'seoTitle', description: 'seoDescription' } }` writes `seo.title`.
   */
  readonly markdown?: MarkdownFiles<keyof z.output<I> & string> | undefined;
}

/** How a list is kept as Markdown files ({@link CollectionDefinition.markdown}). */
export interface MarkdownFiles<Field extends string = string> {
  /** The folder beside the YAML files, lowercase kebab-case, e.g. `case-studies`. */
  readonly dir: string;
  /** The rich-text field written as the file's body. */
  readonly body: Field;
  /** Front-matter names that group fields: name, then each sub-name's field. */
  readonly groups?: Readonly<Record<string, Readonly<Record<string, Field>>>> | undefined;
}

/**
 * The public page's path that shows `key` of the collection (`page`, default `/`).
 * @param item its value as the editor has it (the draft, else the published item), checked by
 *   its schema when it was saved; undefined or null when it has none
 */
export function pageOf(definition: CollectionDefinition, key: string, item?: unknown): string {
  const { page } = definition;
  if (typeof page !== 'function') return page ?? '/';
  return (page as (key: string, item: unknown) => string)(key, item ?? undefined);
}

/** The value a collection of definition `D` holds: one item, a list of them, or a record. */
export type CollectionValue<D extends CollectionDefinition> =
  D extends CollectionDefinition<infer I, infer S, infer K, string>
    ? S extends 'one'
      ? z.output<I>
      : S extends 'list'
        ? Array<z.output<I>>
        : Record<string extends K ? string : K, z.output<I>>
    : never;

/**
 * A collection's definition, checked where it is written: a list's items need an `id`, the
 * title a field of the item.
 * @throws Error naming the file when the definition is inconsistent (at import time)
 */
export function defineCollection<
  const I extends z.ZodObject,
  const S extends CollectionShape,
  const F extends string,
  const K extends string = string,
>(definition: CollectionDefinition<I, S, K, F>): CollectionDefinition<I, S, K, F> {
  const fields = definition.item.shape as Record<string, z.ZodType>;
  if (definition.shape === 'list' && !('id' in fields)) {
    throw new Error(`${definition.file}: a list's items need an id field`);
  }
  if (!(definition.title in fields)) {
    throw new Error(`${definition.file}: title names no field ("${definition.title}")`);
  }
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(definition.path)) {
    throw new Error(`${definition.file}: path must be lowercase kebab-case`);
  }
  const markdown = definition.markdown;
  if (markdown) {
    const grouped = Object.values(markdown.groups ?? {}).flatMap((g) => Object.values(g));
    if (
      definition.shape !== 'list' ||
      !('slug' in fields) ||
      !(markdown.body in fields) ||
      !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(markdown.dir) ||
      grouped.some((f) => !(f in fields) || f === markdown.body)
    ) {
      throw new Error(
        `${definition.file}: markdown needs a list with a slug, a body field and kebab-case dir, and groups of its fields`,
      );
    }
  }
  return definition;
}

/**
 * The schema of the whole collection, as its file holds it: the item, a list of items with its
 * count, or a record (a strict object when its keys are fixed).
 */
export function collectionSchema(definition: CollectionDefinition): z.ZodType {
  const { item, shape } = definition;
  if (shape === 'one') return item;
  if (shape === 'keyed') {
    return definition.keys
      ? z.strictObject(Object.fromEntries(definition.keys.map((k) => [k, item])))
      : z.record(z.string(), item);
  }
  const { min = 1, max } = definition.count ?? {};
  const { label } = definition;
  let list = z.array(item);
  if (min === max) list = list.length(min, `${label} holds exactly ${entries(min)}`);
  else {
    if (min > 0) list = list.min(min, `${label} needs at least ${entries(min)}`);
    if (max !== undefined) list = list.max(max, `${label} holds at most ${entries(max)}`);
  }
  const unique = definition.unique ?? [];
  if (unique.length === 0) return list;
  const fields = item.shape as Record<string, z.ZodType>;
  return list.superRefine((items, ctx) => {
    for (const field of unique) {
      // Named as editors read it ("web address"), the item it clashes with by its title.
      const label = fieldMeta(fields[field]!).meta.label;
      const named = label ? label.charAt(0).toLowerCase() + label.slice(1) : field;
      const first = new Map<unknown, number>();
      items.forEach((entry, n) => {
        const value = entry[field];
        const earlier = first.get(value);
        if (earlier === undefined) first.set(value, n);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [n, field],
            message: `${String(value)} is already the ${named} of ${entryName(definition, items[earlier], earlier)}: each needs its own`,
          });
        }
      });
    }
  });
}

const entries = (n: number) => (n === 1 ? 'one entry' : `${n} entries`);

/** The `n`th (from 0) entry of a list by its title, “A home-grown label”, else `item n + 1`. */
function entryName(definition: CollectionDefinition, entry: unknown, n: number): string {
  const title = itemTitle(definition, '', entry);
  return title === definition.label ? `item ${n + 1}` : `“${title}”`;
}

/**
 * The schema of one item: the item's (a keyed collection with fixed keys has the same for each).
 * @throws Error when a collection with fixed keys has no `key`
 */
export function itemSchema(definition: CollectionDefinition, key: string): z.ZodObject {
  if (definition.shape === 'keyed' && definition.keys && !definition.keys.includes(key)) {
    throw new Error(`${definition.file} has no item "${key}"`);
  }
  return definition.item;
}

/** An item's name for staff: its title field, shortened to 80 characters; else its key. */
export function itemTitle(definition: CollectionDefinition, key: string, value: unknown): string {
  const title =
    value && typeof value === 'object'
      ? (value as Record<string, unknown>)[definition.title]
      : undefined;
  if (typeof title === 'string' && title) {
    return title.length > 80 ? `${title.slice(0, 77)}…` : title;
  }
  return key || definition.label;
}

/**
 * A schema's own metadata and what it wraps (`.optional()`, `.default()`, `.nullable()`), the
 * outer metadata winning: the widget, label and help a form draws it with.
 */
export function fieldMeta(schema: z.ZodType): {
  inner: z.ZodType;
  optional: boolean;
  meta: z.GlobalMeta;
} {
  let inner = schema;
  let optional = false;
  let meta: z.GlobalMeta = { ...schema.meta() };
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodNullable
  ) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
    meta = { ...inner.meta(), ...meta };
  }
  return { inner, optional, meta };
}
