/** A save over what its author has not seen is a {@link Conflict}: docs/decisions/050-drafts-publish-and-conflicts.md */
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
  /** Null removes the item. */
  value: unknown;
  removed: boolean;
  /** A removal's: the value of the person's draft it replaced, which Undo puts back; else null. */
  replaced?: unknown;
  position: number;
  /** The release of the published revision the edit began from; null for a new item. */
  baseRelease: number | null;
  author: string;
  /** From 1: a save names the version it began from. */
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
  /** Null when the item was never published. */
  release: number | null;
  /** Null when never published or removed by that release. */
  value: unknown;
  position: number | null;
}

export interface DraftInput {
  collection: ContentFile;
  key: string;
  /** Checked with its schema; null removes the item. */
  value: unknown;
  /** Default: the draft's place, else the published one, else the end of the list. */
  position?: number | undefined;
  baseRelease: number | null;
  seenVersion: number | null;
  author: string;
}

/** `published`: after the editor's base; `exists`: a new item's key taken; `draft`: another's newer save. */
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
  list(): Promise<Draft[]>;
  get(collection: ContentFile, key: string): Promise<Draft | null>;
  /** At or before `release` (default the newest), in today's shape through the content migrations. */
  published(collection: ContentFile, key: string, release?: number): Promise<Published>;
  /** `at` epoch ms. @throws Error when `value` fails its schema or a list item's `id` is not `key` */
  save(input: DraftInput, at: number): Promise<SaveResult>;
  /** Only at `version`, when given; true when one was deleted. */
  discard(collection: ContentFile, key: string, version?: number): Promise<boolean>;
  /** One release of `refs`' drafts, deleting them; nothing written on a gone or changed draft, a conflict, a schema. */
  publish(refs: readonly DraftRef[], by: Publication): Promise<PublishResult>;
  /** What a preview shows. @throws ContentError one line per problem (file, item, field, rule) */
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
    value:
      release === undefined
        ? value
        : upgradeItem(collection, key, value, await stepsAfter(ex, release, migrations)),
    position: row.body === null ? null : Number(row.position),
  };
}

function publishedConflict(
  baseRelease: number | null,
  published: Published,
): 'published' | 'exists' | null {
  if (baseRelease === null) return published.value !== null ? 'exists' : null;
  return (published.release ?? 0) > baseRelease ? 'published' : null;
}

/** Lists in their `order`. @throws ContentError with one line per problem */
export function applyDrafts(content: Content, drafts: readonly Draft[]): Content {
  return withChanges(content, drafts.map(changeOf));
}

export const changeOf = (d: Draft): ItemChange => ({
  collection: d.collection,
  key: d.key,
  position: d.position,
  body: d.removed ? null : JSON.stringify(d.value),
});

/** `db` already migrated; old releases' items through `migrations` (default: every content migration). */
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
