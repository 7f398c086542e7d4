/**
 * Drafts of the site's content (docs/decisions/050-drafts-publish-and-conflicts.md): one row per
 * item being edited (`content_drafts`, migration 201), holding the item as its schema outputs it
 * (or null: remove it), its place, the release of the revision the edit began from and who saved
 * it last. A save that would overwrite something its author has not seen — a newer published
 * revision of the item, or another person's newer save of the draft — is answered as a
 * {@link Conflict}, never written. Publishing chosen drafts makes the newest release plus those
 * drafts, checks it with the collections' schemas (`checkContent`, `scripts/lib/content.ts`) and
 * publishes it through `ContentStore.publishWith` under the publish lock, deleting exactly the
 * drafts published, in one transaction.
 */
import { ContentError } from './check.ts';
import type { ContentFile } from '../../content/collections.ts';
import type { Selectable } from 'kysely';
import type { Database, Db, Executor } from '../db/tables.ts';
import {
  itemSchemaOf,
  publishRefusals,
  shapeOf,
  toItems,
  withChanges,
  type Content,
  type ItemChange,
} from './items.ts';
import { CONTENT_MIGRATIONS, type ContentMigration } from '../../content/migrations.ts';
import { stepsAfter, upgradeItem } from './migrate-content.ts';
import { latestIn, readIn, type ContentStore, type Publication, type Release } from './store.ts';

/** One item's draft; `updatedAt` epoch ms. */
export interface Draft {
  collection: ContentFile;
  key: string;
  /** The item as its schema outputs it; null removes the item. */
  value: unknown;
  removed: boolean;
  /** A removal's: the value of the person's draft it replaced, which Undo puts back; else null. */
  replaced?: unknown;
  position: number;
  /** The release of the published revision the edit began from; null for a new item. */
  baseRelease: number | null;
  /** Staff id of whoever saved it last. */
  author: string;
  /** Counts its saves, from 1: a save names the version it began from. */
  version: number;
  updatedAt: number;
}

/** A draft chosen to publish; `version`, when given, must still be the draft's. */
export interface DraftRef {
  collection: ContentFile;
  key: string;
  version?: number | undefined;
}

/** An item's newest published revision. */
export interface Published {
  /** The release that wrote it; null when the item was never published. */
  release: number | null;
  /** Null when never published or removed by that release. */
  value: unknown;
  position: number | null;
}

/** What a save asks for. */
export interface DraftInput {
  collection: ContentFile;
  key: string;
  /** The item (checked with its schema), or null to remove it. */
  value: unknown;
  /** Default: the draft's place, else the published one, else the end of the list. */
  position?: number | undefined;
  /** The published revision's release the editor began from; null for a new item. */
  baseRelease: number | null;
  /** The draft's version the editor began from; null when there was no draft. */
  seenVersion: number | null;
  /** Staff id. */
  author: string;
}

/**
 * Why a save was refused: `published` — the item was published (or removed) after the editor's
 * base; `exists` — a new item's key was published meanwhile; `draft` — another person saved the
 * draft after the version the editor began from.
 */
export interface Conflict {
  reason: 'published' | 'exists' | 'draft';
  published: Published;
  draft: Draft | null;
}

export type SaveResult = { saved: Draft; conflict?: never } | { conflict: Conflict; saved?: never };

export type PublishResult =
  | { release: Release | null; published: DraftRef[]; problems?: never }
  | { problems: string[]; release?: never };

export interface DraftStore {
  /** Every draft, by collection then place. */
  list(): Promise<Draft[]>;
  get(collection: ContentFile, key: string): Promise<Draft | null>;
  /**
   * The item's newest published revision (at or before `release`, default the newest); an old
   * release's in today's shape, through the content migrations since.
   */
  published(collection: ContentFile, key: string, release?: number): Promise<Published>;
  /**
   * Saves a draft unless it conflicts (see {@link Conflict}); the same author saving over their
   * own newer save is no conflict.
   * @param at epoch ms
   * @throws Error when `value` fails the item's schema or a list item's `id` is not `key`
   */
  save(input: DraftInput, at: number): Promise<SaveResult>;
  /** Deletes the draft (only at `version`, when given); true when one was deleted. */
  discard(collection: ContentFile, key: string, version?: number): Promise<boolean>;
  /**
   * Publishes the newest release with `refs`' drafts applied, as one release, deleting those
   * drafts; other drafts stay. Refused (nothing written) when a draft is gone or changed since
   * its `version`, conflicts with a newer published revision, or the content fails a schema.
   * @returns the release (null when the drafts changed nothing) and the drafts published, or
   *   one line per problem
   */
  publish(refs: readonly DraftRef[], by: Publication): Promise<PublishResult>;
  /**
   * The newest release's content with `drafts` applied, checked by the schemas: what a preview
   * shows.
   * @throws ContentError with one line per problem (file, item, field, rule)
   */
  contentWithDrafts(drafts: readonly Draft[]): Promise<Content>;
}

type Row = Selectable<Database['contentDrafts']>;

const toDraft = (r: Row): Draft => ({
  collection: r.collection as ContentFile,
  key: r.itemKey,
  value: r.body === null ? null : (JSON.parse(r.body) as unknown),
  removed: r.body === null,
  replaced: r.removedBody === null ? null : (JSON.parse(r.removedBody) as unknown),
  position: Number(r.position),
  baseRelease: r.baseRelease === null ? null : Number(r.baseRelease),
  author: r.author,
  version: Number(r.version),
  updatedAt: Number(r.updatedAt),
});

/** How messages name an item: `testimonials.yaml item priya-sharma`. */
export const itemName = (collection: string, key: string): string =>
  key ? `${collection} item ${key}` : collection;

async function draftIn(ex: Executor, collection: string, key: string): Promise<Draft | null> {
  const row = await ex
    .selectFrom('contentDrafts')
    .selectAll()
    .where('collection', '=', collection)
    .where('itemKey', '=', key)
    .executeTakeFirst();
  return row ? toDraft(row) : null;
}

async function publishedIn(
  ex: Executor,
  collection: string,
  key: string,
  release?: number,
  migrations: readonly ContentMigration[] = CONTENT_MIGRATIONS,
): Promise<Published> {
  let query = ex
    .selectFrom('contentRevisions')
    .select(['release', 'position', 'body'])
    .where('collection', '=', collection)
    .where('itemKey', '=', key);
  if (release !== undefined) query = query.where('release', '<=', release);
  const row = await query.orderBy('release', 'desc').limit(1).executeTakeFirst();
  if (!row) return { release: null, value: null, position: null };
  const value = row.body === null ? null : (JSON.parse(row.body) as unknown);
  return {
    release: Number(row.release),
    // An old release's item in today's shape (`./migrate-content.ts`), to restore or compare.
    value:
      release === undefined
        ? value
        : upgradeItem(collection, key, value, await stepsAfter(ex, release, migrations)),
    position: row.body === null ? null : Number(row.position),
  };
}

/** The conflict a draft based on `baseRelease` has with the published item, if any. */
function publishedConflict(
  baseRelease: number | null,
  published: Published,
): 'published' | 'exists' | null {
  if (baseRelease === null) return published.value !== null ? 'exists' : null;
  return (published.release ?? 0) > baseRelease ? 'published' : null;
}

/**
 * `content` with `drafts` applied and checked by the schemas, lists in their `order`.
 * @throws ContentError with one line per problem
 */
export function applyDrafts(content: Content, drafts: readonly Draft[]): Content {
  return withChanges(content, drafts.map(changeOf));
}

/** A draft as the item change it makes. */
export const changeOf = (d: Draft): ItemChange => ({
  collection: d.collection,
  key: d.key,
  position: d.position,
  body: d.removed ? null : JSON.stringify(d.value),
});

/**
 * The drafts of `db` (already migrated), publishing through `content`; an old release's items
 * brought to today's shape by `migrations` (default: every content migration).
 */
export function createDraftStore(
  db: Db,
  content: ContentStore,
  migrations: readonly ContentMigration[] = CONTENT_MIGRATIONS,
): DraftStore {
  return {
    async list() {
      const rows = await db.kysely
        .selectFrom('contentDrafts')
        .selectAll()
        .orderBy('collection')
        .orderBy('position')
        .orderBy('itemKey')
        .execute();
      return rows.map(toDraft);
    },
    get: (collection, key) => draftIn(db.kysely, collection, key),
    published: (collection, key, release) =>
      publishedIn(db.kysely, collection, key, release, migrations),

    async save(input, at) {
      const { collection, key } = input;
      if (input.value !== null) {
        const parsed = itemSchemaOf(collection, key).safeParse(input.value);
        if (!parsed.success) {
          throw new Error(`${itemName(collection, key)}: ${parsed.error.issues[0]?.message}`);
        }
        const id = (parsed.data as { id?: unknown }).id;
        if (shapeOf(collection) === 'list' && id !== key) {
          throw new Error(`${itemName(collection, key)}: its id is "${String(id)}"`);
        }
      }
      return db.kysely.transaction().execute(async (trx): Promise<SaveResult> => {
        await db.lockKey(trx, `content-draft:${collection}/${key}`);
        const current = await draftIn(trx, collection, key);
        const published = await publishedIn(trx, collection, key);
        const against = publishedConflict(input.baseRelease, published);
        if (against) return { conflict: { reason: against, published, draft: current } };
        if (current && current.version !== input.seenVersion && current.author !== input.author) {
          return { conflict: { reason: 'draft', published, draft: current } };
        }
        const position =
          input.position ?? current?.position ?? published.position ?? (await endOf(trx));
        const row = {
          collection,
          itemKey: key,
          body: input.value === null ? null : JSON.stringify(input.value),
          removedBody:
            input.value !== null
              ? null
              : current && !current.removed
                ? JSON.stringify(current.value)
                : current?.replaced != null
                  ? JSON.stringify(current.replaced)
                  : null,
          position,
          baseRelease: input.baseRelease,
          author: input.author,
          version: (current?.version ?? 0) + 1,
          updatedAt: db.instant(at),
        };
        await trx
          .insertInto('contentDrafts')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['collection', 'itemKey']).doUpdateSet({
              body: row.body,
              removedBody: row.removedBody,
              position: row.position,
              baseRelease: row.baseRelease,
              author: row.author,
              version: row.version,
              updatedAt: row.updatedAt,
            }),
          )
          .execute();
        return { saved: toDraft({ ...row, updatedAt: at }) };

        /** After every published item and draft of the collection. */
        async function endOf(ex: Executor): Promise<number> {
          const latest = await latestIn(ex);
          const items = latest === null ? [] : toItems(await readIn(ex, latest));
          const drafts = await ex
            .selectFrom('contentDrafts')
            .select('position')
            .where('collection', '=', collection)
            .execute();
          const positions = [
            ...items.filter((i) => i.collection === collection).map((i) => i.position),
            ...drafts.map((d) => Number(d.position)),
          ];
          return positions.length === 0 ? 0 : Math.max(...positions) + 1;
        }
      });
    },

    async discard(collection, key, version) {
      let query = db.kysely
        .deleteFrom('contentDrafts')
        .where('collection', '=', collection)
        .where('itemKey', '=', key);
      if (version !== undefined) query = query.where('version', '=', version);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async publish(refs, by) {
      let chosen: Draft[] = [];
      const result = await content.publishWith<string[]>(
        async (trx, latest, current) => {
          const problems: string[] = [];
          chosen = [];
          for (const ref of refs) {
            const draft = await draftIn(trx, ref.collection, ref.key);
            const name = itemName(ref.collection, ref.key);
            if (!draft) {
              problems.push(`${name}: no draft any more (published or discarded meanwhile)`);
            } else if (ref.version !== undefined && draft.version !== ref.version) {
              problems.push(`${name}: the draft was saved again since you looked; review it`);
            } else if (
              publishedConflict(draft.baseRelease, await publishedIn(trx, ref.collection, ref.key))
            ) {
              problems.push(
                `${name}: published by someone else since this draft began; open it to bring it up to date`,
              );
            } else chosen.push(draft);
          }
          if (problems.length > 0) return { refused: problems };
          if (latest === null) return { refused: ['There is no published release to start from'] };
          const unpublishable = publishRefusals(chosen.map(changeOf));
          if (unpublishable.length > 0) return { refused: unpublishable };
          try {
            return applyDrafts(await current(), chosen);
          } catch (e) {
            if (e instanceof ContentError) return { refused: e.message.split('\n') };
            throw e;
          }
        },
        by,
        async (trx) => {
          for (const d of chosen) {
            await trx
              .deleteFrom('contentDrafts')
              .where('collection', '=', d.collection)
              .where('itemKey', '=', d.key)
              .where('version', '=', d.version)
              .execute();
          }
        },
      );
      if (result !== null && 'refused' in result) return { problems: result.refused };
      return {
        release: result,
        published: chosen.map((d) => ({
          collection: d.collection,
          key: d.key,
          version: d.version,
        })),
      };
    },

    async contentWithDrafts(drafts) {
      return applyDrafts(await content.read(), drafts);
    },
  };
}
