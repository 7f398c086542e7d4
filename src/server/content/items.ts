/** Content as items, what a release records revisions of: a collection's definition `shape` splits it. */
import type { z } from 'zod';
import { itemSchema, type CollectionShape } from '../../content/collection.ts';
import {
  COLLECTIONS,
  CONTENT_FILES,
  type Content,
  type ContentFile,
} from '../../content/collections.ts';
import { checkContent, ContentError } from './check.ts';

export type { Content };
export { CONTENT_FILES };

/** One item of one collection; `body` is its JSON. */
export interface Item {
  collection: ContentFile;
  key: string;
  position: number;
  body: string;
}

/** How `collection` splits into items (its definition's `shape`). */
export const shapeOf = (collection: ContentFile): CollectionShape => COLLECTIONS[collection].shape;

/** @throws Error when a collection with fixed keys (`pages.yaml`) has no such key */
export const itemSchemaOf = (collection: ContentFile, key: string): z.ZodObject =>
  itemSchema(COLLECTIONS[collection], key);

/** @throws Error naming the file and the id when two entries of a list share an `id` */
export function toItems(content: Content): Item[] {
  const items: Item[] = [];
  for (const collection of CONTENT_FILES) {
    const data: unknown = content[collection];
    const shape = shapeOf(collection);
    if (shape === 'one') {
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

/** A collection without items is left out, and items no definition has (a newer release's). */
export function fromItems(items: readonly Item[]): Partial<Content> {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const content: Record<string, unknown> = {};
  for (const collection of CONTENT_FILES) {
    const own = sorted.filter((i) => i.collection === collection);
    if (own.length === 0) continue;
    const values = own.map((i) => JSON.parse(i.body) as unknown);
    const shape = shapeOf(collection);
    if (shape === 'one') content[collection] = values[0];
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

/** As a publish checks it (lists in `order`). @throws ContentError one line per problem */
export function withChanges(content: Content, changes: readonly ItemChange[]): Content {
  const items = new Map<string, Item>(toItems(content).map((i) => [`${i.collection}/${i.key}`, i]));
  for (const change of changes) {
    const id = `${change.collection}/${change.key}`;
    if (change.body === null) items.delete(id);
    else items.set(id, { ...change, body: change.body });
  }
  return checkedContent(fromItems([...items.values()]));
}

/** Added or changed items that their collection's `unpublishable` refuses, one line each; never a removal. */
export function publishRefusals(changes: readonly ItemChange[]): string[] {
  const problems: string[] = [];
  for (const change of changes) {
    const rule = COLLECTIONS[change.collection].unpublishable as
      ((item: unknown) => { field: string; message: string } | undefined) | undefined;
    if (!rule || change.body === null) continue;
    const parsed = itemSchemaOf(change.collection, change.key).safeParse(JSON.parse(change.body));
    // A value its schema refuses is named by the schema's own check.
    const refusal = parsed.success ? rule(parsed.data) : undefined;
    if (refusal) {
      problems.push(
        `${change.collection} item ${change.key}, ${refusal.field}: ${refusal.message}`,
      );
    }
  }
  return problems;
}

/** A missing collection is checked as empty. @throws ContentError with one line per problem */
export function checkedContent(joined: Partial<Content>): Content {
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
