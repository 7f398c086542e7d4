/**
 * Content migrations (docs/decisions/064-content-migrations.md): how the site's content changes
 * shape without breaking a site that upgrades. A step is pure data work on items, applied once
 * per database, in order, by `src/server/content/migrate-content.ts`: to the newest release
 * (published as a release of its own by "content migration N"), and to every draft, pending
 * schedule and live preview, so nothing an editor saved is lost or left unpublishable. A
 * database seeded from `src/content/` (already in today's shape) records every step as applied.
 *
 * Writing a step: add it at the end with the next `version`; never edit or reorder a released
 * one (a database that ran it keeps what it made). A step must not read today's schemas or
 * YAML, which keep changing after it ships: it holds its own data (a new collection's first
 * items written out in it, or in a file of its own next to it). After the steps the newest
 * release must pass today's schemas, or the server refuses to start and writes nothing.
 */

/** One item as a step sees it: its collection's file, its key ('' for a collection of one item) and value. */
export interface MigratingItem {
  readonly collection: string;
  readonly key: string;
  value: unknown;
}

/** What a step may do to the content; each call applies at once, in order. */
export interface ContentChanges {
  /**
   * Gives `collection` its first items, in this order, when it has none (a collection added to
   * `collections.ts`); nothing when it has items already. `key` is a list item's `id`.
   */
  addCollection(collection: string, items: ReadonlyArray<{ key: string; value: unknown }>): void;
  /** Sets `field` on each item of `collection` that lacks it: to `value`, or what it returns. */
  addField(collection: string, field: string, value: unknown): void;
  /** Renames `from` to `to` in each item of `collection` that has it (and not `to`). */
  renameField(collection: string, from: string, to: string): void;
  /** Deletes `field` from each item of `collection`. */
  removeField(collection: string, field: string): void;
  /**
   * Replaces each item of `collection` by what `change` returns (a new value; the same value
   * to keep it). Split a field into two with it, or reshape a list.
   */
  mapItems(collection: string, change: (value: unknown, key: string) => unknown): void;
}

export interface ContentMigration {
  /** 1, 2, …: the order they apply in. */
  version: number;
  /** What it does, for the release it publishes and the history page. */
  description: string;
  up(content: ContentChanges): void;
}

/** Every content migration, oldest first. */
export const CONTENT_MIGRATIONS: readonly ContentMigration[] = [];
