/**
 * The site's content as items: what a release records one revision of
 * (docs/decisions/048-content-in-the-database.md). A list file's entries are items keyed by their
 * `id`, a keyed file's entries (`pages.yaml`, `sections.yaml`) by their key, and the privacy
 * notice is one item (its sections make sense only together). `position` keeps the file's order.
 */
import { z } from 'zod';
import { COLLECTIONS, type Content, type ContentFile } from '../../content/collections.ts';
import { checkContent, ContentError } from '../../../scripts/lib/content.ts';

export type { Content };

/** One item of one collection; `body` is its JSON. */
export interface Item {
  collection: ContentFile;
  key: string;
  position: number;
  body: string;
}

/** The collections kept whole, as one item each. */
const WHOLE = new Set<ContentFile>(['privacy.yaml']);

/** How a collection splits: one item, an item per list entry, an item per key. */
export const shapeOf = (collection: ContentFile): 'whole' | 'list' | 'keyed' =>
  WHOLE.has(collection)
    ? 'whole'
    : COLLECTIONS[collection].schema instanceof z.ZodArray
      ? 'list'
      : 'keyed';

/**
 * The schema of one item of `collection`: a list's entry, a keyed file's value (`key` names it
 * in `pages.yaml`, whose keys each have their own), or the whole file.
 * @throws Error when `pages.yaml` has no such key
 */
export function itemSchemaOf(collection: ContentFile, key: string): z.ZodType {
  const schema: z.ZodType = COLLECTIONS[collection].schema;
  const shape = shapeOf(collection);
  if (shape === 'whole') return schema;
  if (schema instanceof z.ZodArray) return schema.element as z.ZodType;
  if (schema instanceof z.ZodRecord) return schema.valueType as z.ZodType;
  if (schema instanceof z.ZodObject) {
    const own = (schema.shape as Record<string, z.ZodType>)[key];
    if (own) return own;
  }
  throw new Error(`${collection} has no item "${key}"`);
}

/** The registered collections, in `COLLECTIONS`' order. */
export const CONTENT_FILES = Object.keys(COLLECTIONS) as ContentFile[];

/**
 * Splits content into items.
 * @throws Error naming the file and the id when two entries of a list share an `id`
 */
export function toItems(content: Content): Item[] {
  const items: Item[] = [];
  for (const collection of CONTENT_FILES) {
    const data: unknown = content[collection];
    const shape = shapeOf(collection);
    if (shape === 'whole') {
      items.push({ collection, key: '', position: 0, body: JSON.stringify(data) });
    } else if (shape === 'list') {
      const seen = new Set<string>();
      (data as Array<{ id: string }>).forEach((entry, position) => {
        if (seen.has(entry.id)) {
          throw new Error(
            `src/content/${collection}: item ${position + 1} (${entry.id}), id: used twice`,
          );
        }
        seen.add(entry.id);
        items.push({ collection, key: entry.id, position, body: JSON.stringify(entry) });
      });
    } else {
      Object.entries(data as Record<string, unknown>).forEach(([key, value], position) =>
        items.push({ collection, key, position, body: JSON.stringify(value) }),
      );
    }
  }
  return items;
}

/** Joins items (any order) back into content; a collection without items is left out. */
export function fromItems(items: readonly Item[]): Partial<Content> {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const content: Record<string, unknown> = {};
  for (const collection of CONTENT_FILES) {
    const own = sorted.filter((i) => i.collection === collection);
    if (own.length === 0) continue;
    const values = own.map((i) => JSON.parse(i.body) as unknown);
    const shape = shapeOf(collection);
    if (shape === 'whole') content[collection] = values[0];
    else if (shape === 'list') content[collection] = values;
    else content[collection] = Object.fromEntries(own.map((i, n) => [i.key, values[n]]));
  }
  return content;
}

/** One item as a draft, preview or schedule changes it: `body` its JSON, null to remove it. */
export interface ItemChange {
  collection: ContentFile;
  key: string;
  position: number;
  body: string | null;
}

/**
 * `content` with `changes` laid over it, every collection checked as the build checks it
 * (`checkContent` in `scripts/lib/content.ts`: lists in their `order`), as a publish checks it.
 * @throws ContentError with one line per problem, each naming the file, the item and the field
 */
export function withChanges(content: Content, changes: readonly ItemChange[]): Content {
  const items = new Map<string, Item>(toItems(content).map((i) => [`${i.collection}/${i.key}`, i]));
  for (const change of changes) {
    const id = `${change.collection}/${change.key}`;
    if (change.body === null) items.delete(id);
    else items.set(id, { ...change, body: change.body });
  }
  const joined: Record<string, unknown> = fromItems([...items.values()]);
  const problems: string[] = [];
  const checked: Record<string, unknown> = {};
  for (const file of CONTENT_FILES) {
    const raw = joined[file] ?? (shapeOf(file) === 'list' ? [] : {});
    try {
      checked[file] = checkContent(file, raw, file);
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
      problems.push(...e.message.split('\n'));
    }
  }
  if (problems.length > 0) throw new ContentError(problems.join('\n'));
  return checked as Content;
}
