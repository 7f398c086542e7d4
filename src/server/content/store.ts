/**
 * The content store (docs/decisions/048-content-in-the-database.md): the site's content as
 * numbered, immutable releases, on Kysely over SQLite or PostgreSQL (`src/server/db/tables.ts`,
 * migration 200 in `./migrations.ts`). A release records a revision of each
 * item it changed (`items.ts`); the content of release N is, for every item, its newest revision
 * at or before N. Validation is the caller's: the same Zod schemas as the YAML files
 * (`src/content/collections.ts`), through `scripts/lib/content.ts`.
 */
import type { Transaction } from 'kysely';
import type { Database, Db, Executor } from '../db/tables.ts';
import { ContentError } from './check.ts';
import { movedPaths, type MovedAnswer } from './slugs.ts';
import {
  CONTENT_FILES,
  fromItems,
  publishRefusals,
  toItems,
  withChanges,
  type Content,
  type Item,
  type ItemChange,
} from './items.ts';

/** One published release; `publishedAt` in epoch ms. */
export interface Release {
  number: number;
  publishedAt: number;
  author: string;
  note: string;
  /** The items it changed: `collection` a file name, `key` the item's id or key ('' for a whole file). */
  changed: Array<{ collection: string; key: string; removed: boolean }>;
}

/** Who publishes, and why. */
export interface Publication {
  author: string;
  note?: string;
}

export interface ContentStore {
  /** The newest release's number; null before the first. */
  latest(): Promise<number | null>;
  /**
   * Every collection as of `release` (default: the newest).
   * @throws Error when there is no such release, or it lacks a collection
   */
  read(release?: number): Promise<Content>;
  /**
   * Publishes `content` as the next release with the items that differ from the newest (their
   * value or their place); nothing when none differs.
   * @returns the new release, or null when nothing changed
   * @throws Error when two entries of a list share an `id` (nothing is written)
   */
  publish(content: Content, by: Publication): Promise<Release | null>;
  /**
   * `publish`'s path with the content made under the publish lock: `make` gets the transaction,
   * the newest release's number (null before the first) and `current`, which reads that
   * release's content (once: the publish compares with the same read), and returns the content
   * to publish, or a value to give back instead (nothing written); `after` runs in the same
   * transaction once the release is written (null: nothing changed).
   * @throws what `make` or `after` throw (nothing is written), or as `publish`
   */
  publishWith<R>(
    make: (
      trx: Transaction<Database>,
      latest: number | null,
      current: () => Promise<Content>,
    ) => Promise<Content | { refused: R }>,
    by: Publication,
    after?: (trx: Transaction<Database>, release: Release | null) => Promise<void>,
  ): Promise<Release | null | { refused: R }>;
  /** What publishing `content` would change (the items `publish` would write); nothing written. */
  changes(content: Content): Promise<Release['changed']>;
  /**
   * Publishes the newest release with `changes` laid over it (`withChanges`), made under the
   * publish lock ({@link ContentStore.publishWith}), so a release published meanwhile is never
   * undone. `claim`, when
   * given, runs first in the same transaction: false publishes nothing (`claimed` false).
   * @returns the new release (null when nothing differs) and whether the claim held
   * @throws Error when the result is not valid content (nothing is written)
   */
  publishChanges(
    changes: readonly ItemChange[],
    by: Publication,
    claim?: (trx: Transaction<Database>) => Promise<boolean>,
  ): Promise<{ claimed: boolean; release: Release | null }>;
  /** Publishes `content` as release 1 when there is no release yet; else nothing (null). */
  seed(content: Content, by: Publication): Promise<Release | null>;
  /** Every release, newest first. */
  history(): Promise<Release[]>;
  /**
   * When `release` was published, epoch ms: `content_releases.published_at`, written once by the
   * publisher, so every instance reads the same time.
   * @throws Error when there is no such release
   */
  publishedAt(release: number): Promise<number>;
  /**
   * The item pages' old paths as of `release`: each old slug's 301 and each removed item's 410
   * (`./slugs.ts`).
   */
  moved(release: number): Promise<Map<string, MovedAnswer>>;
  /**
   * When each item last changed as of `release` (its newest revision's publish time, epoch ms),
   * by `<collection>/<key>`: the sitemap's `lastmod` of the pages that show it.
   */
  changedAt(release: number): Promise<Map<string, number>>;
}

/** Key of the lock two publishers take turns on (PostgreSQL; SQLite's writer lock already is one). */
const PUBLISH_LOCK = 'content-publish';

/** The newest release's number in `ex`; null before the first. */
export async function latestIn(ex: Executor): Promise<number | null> {
  const row = await ex
    .selectFrom('contentReleases')
    .select((eb) => eb.fn.max('number').as('n'))
    .executeTakeFirst();
  return row?.n == null ? null : Number(row.n);
}

/** The items as of `release`: each key's newest revision at or before it, removals left out. */
export async function itemsAt(ex: Executor, release: number): Promise<Item[]> {
  const rows = await ex
    .selectFrom('contentRevisions as r')
    .select(['r.collection', 'r.itemKey', 'r.position', 'r.body'])
    .where('r.release', '=', (eb) =>
      eb
        .selectFrom('contentRevisions as n')
        .select((e) => e.fn.max('n.release').as('m'))
        .whereRef('n.collection', '=', 'r.collection')
        .whereRef('n.itemKey', '=', 'r.itemKey')
        .where('n.release', '<=', release),
    )
    .where('r.body', 'is not', null)
    .execute();
  return rows.map((r) => ({
    collection: r.collection as Item['collection'],
    key: r.itemKey,
    position: Number(r.position),
    body: r.body ?? '',
  }));
}

const idOf = (i: { collection: string; key: string }) => `${i.collection}\u0000${i.key}`;

type Change = Omit<Item, 'body'> & { body: string | null };

/** The items of `next` that differ from `items` (value or place), and those it no longer has. */
function changesIn(items: readonly Item[], next: readonly Item[]): Change[] {
  const before = new Map(items.map((i) => [idOf(i), i]));
  const changed: Change[] = next.filter((i) => {
    const old = before.get(idOf(i));
    return !old || old.body !== i.body || old.position !== i.position;
  });
  const kept = new Set(next.map(idOf));
  for (const old of before.values()) {
    if (!kept.has(idOf(old))) changed.push({ ...old, body: null });
  }
  return changed;
}

const described = (changed: readonly Change[]): Release['changed'] =>
  changed.map((i) => ({ collection: i.collection, key: i.key, removed: i.body === null }));

/**
 * Every collection as of `release` (default: the newest) in `ex`.
 * @throws Error when there is no such release, or it lacks a collection
 */
export async function readIn(ex: Executor, release?: number): Promise<Content> {
  const at = release ?? (await latestIn(ex));
  const exists =
    at !== null &&
    (await ex
      .selectFrom('contentReleases')
      .select('number')
      .where('number', '=', at)
      .executeTakeFirst()) !== undefined;
  if (!exists) throw new Error(`No content release ${at ?? 'yet'}`);
  return contentOf(at, await itemsAt(ex, at));
}

/**
 * Release `release`'s items as content.
 * @throws Error naming each collection it has no item of
 */
function contentOf(release: number, items: readonly Item[]): Content {
  const content = fromItems(items);
  const missing = CONTENT_FILES.filter((f) => !(f in content));
  if (missing.length > 0) {
    throw new Error(
      `Content release ${release} lacks ${missing.join(', ')}: a collection added to ` +
        'src/content/collections.ts needs a content migration that gives it its first items ' +
        '(src/content/migrations.ts)',
    );
  }
  return content as Content;
}

/**
 * Writes release `latest + 1` in `trx` (under the publish lock) with the items of `next` that
 * differ from `before`, the items of release `latest`; nothing when none differs.
 * @returns the release written, or null
 */
export async function writeRelease(
  db: Db,
  trx: Transaction<Database>,
  latest: number | null,
  before: readonly Item[],
  next: readonly Item[],
  by: Publication,
): Promise<Release | null> {
  const changed = changesIn(before, next);
  if (changed.length === 0) return null;
  const release = {
    number: (latest ?? 0) + 1,
    publishedAt: Date.now(),
    author: by.author,
    note: by.note ?? '',
  };
  await trx
    .insertInto('contentReleases')
    .values({ ...release, publishedAt: db.instant(release.publishedAt) })
    .execute();
  // One statement per 200 rows keeps PostgreSQL's 65,535 parameters far away.
  for (let at = 0; at < changed.length; at += 200) {
    await trx
      .insertInto('contentRevisions')
      .values(
        changed.slice(at, at + 200).map((i) => ({
          collection: i.collection,
          itemKey: i.key,
          release: release.number,
          position: i.position,
          body: i.body,
        })),
      )
      .execute();
  }
  return { ...release, changed: described(changed) };
}

/** Takes the publish lock in `trx`: publishes and content migrations take turns. */
export const lockPublishing = (db: Db, trx: Transaction<Database>): Promise<void> =>
  db.lockKey(trx, PUBLISH_LOCK);

/** The content store on `db` (already migrated). */
export function createContentStore(db: Db): ContentStore {
  const publishWith: ContentStore['publishWith'] = (make, by, after) =>
    db.kysely.transaction().execute(async (trx) => {
      await lockPublishing(db, trx);
      const latest = await latestIn(trx);
      // The release's items, read once: `make`'s content and the comparison share them.
      let items: Promise<Item[]> | undefined;
      const before = () => (items ??= latest === null ? Promise.resolve([]) : itemsAt(trx, latest));
      const current = async () => {
        if (latest === null) throw new Error('No content release yet');
        return contentOf(latest, await before());
      };
      const made = await make(trx, latest, current);
      if ('refused' in made) return made;
      const release = await writeRelease(db, trx, latest, await before(), toItems(made), by);
      await after?.(trx, release);
      return release;
    });

  const publishIn = async (
    content: Content,
    by: Publication,
    onlyFirst: boolean,
  ): Promise<Release | null> => {
    // Checked before the transaction: two entries sharing an id throw with nothing written.
    toItems(content);
    const result = await publishWith<null>(
      (_trx, latest) => Promise.resolve(onlyFirst && latest !== null ? { refused: null } : content),
      by,
    );
    return result !== null && 'refused' in result ? null : result;
  };

  return {
    latest: () => latestIn(db.kysely),
    read: (release) => readIn(db.kysely, release),
    publish: (content, by) => publishIn(content, by, false),
    publishWith,
    async publishChanges(changes, by, claim) {
      const result = await publishWith<'unclaimed'>(async (trx, _latest, current) => {
        if (claim && !(await claim(trx))) return { refused: 'unclaimed' };
        const refused = publishRefusals(changes);
        if (refused.length > 0) throw new ContentError(refused.join('\n'));
        return withChanges(await current(), changes);
      }, by);
      if (result !== null && 'refused' in result) return { claimed: false, release: null };
      return { claimed: true, release: result };
    },
    async changes(content) {
      const latest = await latestIn(db.kysely);
      const before = latest === null ? [] : await itemsAt(db.kysely, latest);
      return described(changesIn(before, toItems(content)));
    },
    seed: (content, by) => publishIn(content, by, true),
    moved: (release) => movedPaths(db.kysely, release),
    async changedAt(release) {
      const rows = await db.kysely
        .selectFrom('contentRevisions as v')
        .innerJoin('contentReleases as r', 'r.number', 'v.release')
        .select(['v.collection', 'v.itemKey', (eb) => eb.fn.max('r.publishedAt').as('at')])
        .where('v.release', '<=', release)
        .groupBy(['v.collection', 'v.itemKey'])
        .execute();
      return new Map(rows.map((row) => [`${row.collection}/${row.itemKey}`, Number(row.at)]));
    },
    async publishedAt(release) {
      const row = await db.kysely
        .selectFrom('contentReleases')
        .select('publishedAt')
        .where('number', '=', release)
        .executeTakeFirst();
      if (!row) throw new Error(`No content release ${release}`);
      return Number(row.publishedAt);
    },
    async history() {
      const releases = await db.kysely
        .selectFrom('contentReleases')
        .selectAll()
        .orderBy('number', 'desc')
        .execute();
      const revisions = await db.kysely
        .selectFrom('contentRevisions')
        .select(['release', 'collection', 'itemKey', 'body'])
        .orderBy('release')
        .orderBy('collection')
        .orderBy('position')
        .execute();
      return releases.map((r) => ({
        number: Number(r.number),
        publishedAt: Number(r.publishedAt),
        author: r.author,
        note: r.note,
        changed: revisions
          .filter((v) => Number(v.release) === Number(r.number))
          .map((v) => ({ collection: v.collection, key: v.itemKey, removed: v.body === null })),
      }));
    },
  };
}
