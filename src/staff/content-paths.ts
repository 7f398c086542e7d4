/**
 * The content editor's paths (docs/decisions/050-drafts-publish-and-conflicts.md), from a
 * collection's `path` in its definition (`src/content/collections.ts`). Imports nothing, so the
 * staff pages' bundles carry no schema: loaders hand the pages each collection as a
 * {@link CollectionRef}.
 */

/** A collection as the staff pages name and link it. */
export interface CollectionRef {
  /** Its file, the collection's name in the store and in posted forms. */
  file: string;
  /** Its name for staff, e.g. "Testimonials". */
  label: string;
  /** Its path segment under {@link CONTENT_BASE}. */
  path: string;
}

export const CONTENT_BASE = '/staff/content';

/** The path segment of the item of a collection of one item (its key is ''). */
export const WHOLE_KEY = 'whole';

/** `/staff/content/<path>`. */
export const collectionPath = (collection: Pick<CollectionRef, 'path'>): string =>
  `${CONTENT_BASE}/${collection.path}`;

/** An item's page (`key` '' for a collection of one item). */
export const itemPath = (collection: Pick<CollectionRef, 'path'>, key: string): string =>
  `${collectionPath(collection)}/items/${encodeURIComponent(key || WHOLE_KEY)}`;
