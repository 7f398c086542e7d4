/** One definition per collection (docs/decisions/063-one-definition-per-collection.md); `.meta()` is editors', `.describe()` engineers'. */
import { z } from 'zod';

declare module 'zod' {
  interface GlobalMeta {
    /** How the staff form draws the field when its type alone cannot say. */
    widget?: 'image' | 'textarea' | undefined;
    /** Default: made from its key. */
    label?: string | undefined;
    help?: string | undefined;
    /** One entry's name, e.g. "Project" ("Project 1", "New project"). */
    entry?: string | undefined;
    choices?: Readonly<Record<string, string>> | undefined;
  }
}

/** `one` item (the privacy notice), a `list` keyed by `id`, or `keyed` values (page titles by route id). */
export type CollectionShape = 'one' | 'list' | 'keyed';

/** One collection: `I` the schema of one item. */
export interface CollectionDefinition<
  I extends z.ZodObject = z.ZodObject,
  S extends CollectionShape = CollectionShape,
  K extends string = string,
  F extends string = string,
> {
  /** Under `src/content/`, and `content_revisions.collection`: never renamed once released. */
  readonly file: F;
  readonly label: string;
  readonly description: string;
  /** Under `/staff/content/`, kebab-case. */
  readonly path: string;
  readonly shape: S;
  /** One item's schema: a strict object. A list's items have a string `id`. */
  readonly item: I;
  /** Names an item to staff (lists, history, the audit log). */
  readonly title: keyof z.output<I> & string;
  /** A list sorted by its items' `order` field (1 first) when loaded from a file. */
  readonly ordered?: boolean | undefined;
  /** A list's least and most entries (`min` default 1: every list the pages show has one). */
  readonly count?: { readonly min?: number; readonly max?: number } | undefined;
  /** A keyed collection whose keys are fixed (page titles: one per route id). */
  readonly keys?: readonly K[] | undefined;
  /** A `src/pages.ts` path, or made from key and item (undefined: none): where Preview opens. Default `/`. */
  readonly page?: string | ((key: string, item: z.output<I> | undefined) => string) | undefined;
  /** A list's fields no two items may share (a slug: one page per address). */
  readonly unique?: ReadonlyArray<keyof z.output<I> & string> | undefined;
  /** Why a schema-valid item may not be published yet (no client approval): the publish's refusal. */
  readonly unpublishable?:
    ((item: z.output<I>) => { field: string; message: string } | undefined) | undefined;
  /** One `<dir>/<slug>.md` per item: front matter, `body` as CommonMark; `groups` nests (`seo.title`). */
  readonly markdown?: MarkdownFiles<keyof z.output<I> & string> | undefined;
}

/** How a list is kept as Markdown files ({@link CollectionDefinition.markdown}). */
export interface MarkdownFiles<Field extends string = string> {
  /** The folder beside the YAML files, lowercase kebab-case, e.g. `case-studies`. */
  readonly dir: string;
  readonly body: Field;
  /** Front-matter names that group fields: name, then each sub-name's field. */
  readonly groups?: Readonly<Record<string, Readonly<Record<string, Field>>>> | undefined;
  /** A list without `order`: the field its files are read back in order of (ties by file name). */
  readonly sort?: { readonly field: Field; readonly descending?: boolean } | undefined;
}

/** `item`: the draft's or published value, checked when saved; undefined or null when none. */
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

/** @throws Error naming the file when inconsistent (a list's items need an `id`, the title a field) */
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

/** As its file holds it: the item, a list with its count, or a record (strict with fixed keys). */
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

/** @throws Error when a collection with fixed keys has no `key` */
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

/** Its metadata and its wrappers', the outer winning: the widget, label and help of its form. */
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
