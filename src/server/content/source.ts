/**
 * Where the server's pages take their content from (docs/decisions/048-content-in-the-database.md):
 * the content store on the server's database, seeded from the YAML of the build at first start.
 */
import { join, resolve } from 'node:path';
import type { Content } from '../../content/collections.ts';
import { openPostgres } from '../db/postgres.ts';
import { openSqlite } from '../db/sqlite.ts';
import type { StoreEnv } from '../env.ts';
import { createDraftStore, type DraftStore } from './drafts.ts';
import { prepareContent, type Prepared } from './migrate-content.ts';
import { createPreviewStore, type PreviewStore } from './previews.ts';
import { createScheduleStore, type ScheduleStore } from './schedules.ts';
import { createContentStore, type ContentStore } from './store.ts';
import { createMediaStore, type MediaStore } from './media.ts';
import type { MovedAnswer } from './slugs.ts';

/**
 * The newest release's number, any release's content (the same object while kept) and its
 * publish time.
 */
export interface ContentSource {
  latest(): Promise<number>;
  read(release: number): Promise<Content>;
  /**
   * When `release` was published, epoch ms, from the database: the same on every instance.
   * @throws Error when there is no such release
   */
  publishedAt(release: number): Promise<number>;
  /** The item pages' old paths as of `release`, with their 301 or 410 (`./slugs.ts`). */
  moved?(release: number): Promise<ReadonlyMap<string, MovedAnswer>>;
  /** When each item last changed as of `release`, epoch ms, by `<collection>/<key>`. */
  changedAt?(release: number): Promise<ReadonlyMap<string, number>>;
}

/**
 * The content store, its drafts, uploaded images, previews and schedules on `DATABASE_URL`, else
 * on the SQLite file the enquiries use in `DATA_DIR`, on one connection.
 */
export function openContentStore(config: StoreEnv): {
  store: ContentStore;
  /** Edits before they are published (`./drafts.ts`). */
  drafts: DraftStore;
  /** Uploaded images (`./media.ts`). */
  media: MediaStore;
  previews: PreviewStore;
  schedules: ScheduleStore;
  /**
   * Seeds a database without content from `seed`, else applies the content migrations it has
   * not run (`./migrate-content.ts`); before the pages render.
   * @throws ContentError when the migrated content fails today's schemas (nothing written)
   */
  prepare: (seed: () => Content) => Promise<Prepared>;
  close: () => Promise<void>;
} {
  const db = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, 2)
    : openSqlite(join(resolve(config.DATA_DIR), 'enquiries.sqlite'));
  const store = createContentStore(db);
  return {
    store,
    drafts: createDraftStore(db, store),
    media: createMediaStore(db),
    previews: createPreviewStore(db),
    schedules: createScheduleStore(db),
    prepare: (seed) => prepareContent(db, store, seed),
    close: () => db.close(),
  };
}

/** Keeps the two newest releases' promises (the pages shown, the ones rendering). */
export function keepTwo<T>(read: (release: number) => Promise<T>): (release: number) => Promise<T> {
  const kept = new Map<number, Promise<T>>();
  return (release) => {
    let value = kept.get(release);
    if (!value) {
      value = read(release);
      value.catch(() => kept.delete(release));
      kept.set(release, value);
      for (const old of [...kept.keys()].sort((a, b) => a - b).slice(0, -2)) kept.delete(old);
    }
    return value;
  };
}

/**
 * `store`'s releases, the two newest read kept in memory (the pages shown, the ones rendering).
 * @throws Error from `latest` before the first release
 */
export function storeSource(store: ContentStore): ContentSource {
  const read = keepTwo((release) => store.read(release));
  return {
    async latest() {
      const number = await store.latest();
      if (number === null) throw new Error('No content release: the store was not seeded');
      return number;
    },
    read,
    publishedAt: (release) => store.publishedAt(release),
    moved: keepTwo((release) => store.moved(release)),
    changedAt: (release) => store.changedAt(release),
  };
}
