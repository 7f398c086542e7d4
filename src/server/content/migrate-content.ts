/** Content migrations at start, each step a release of its own: docs/decisions/064-content-migrations.md */
import type { Transaction } from 'kysely';
import type { Content } from '../../content/collections.ts';
import {
  CONTENT_MIGRATIONS,
  type ContentChanges,
  type ContentMigration,
  type MigratingItem,
} from '../../content/migrations.ts';
import type { Database, Db, Executor } from '../db/tables.ts';
import { ContentError } from './check.ts';
import { checkedContent, fromItems, toItems, type Item } from './items.ts';
import {
  itemsAt,
  latestIn,
  lockPublishing,
  writeRelease,
  type ContentStore,
  type Publication,
  type Release,
} from './store.ts';

/** Who the releases of content migrations are by. */
export const MIGRATION_AUTHOR = 'content migration';

interface Working {
  collection: string;
  key: string;
  position: number;
  value: unknown;
}

const idOf = (collection: string, key: string) => `${collection}\u0000${key}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `items` changed in place; `adding` false when one item is brought up to date alone. */
function applyStep(step: ContentMigration, items: Map<string, Working>, adding = true): void {
  const each = (collection: string, change: (item: MigratingItem) => void) => {
    for (const item of items.values()) if (item.collection === collection) change(item);
  };
  /** A copy of `value`, so a step's constant is never shared with the items it adds. */
  const put = (collection: string, key: string, position: number, value: unknown) =>
    items.set(idOf(collection, key), { collection, key, position, value: structuredClone(value) });
  const changes: ContentChanges = {
    addCollection(collection, added) {
      if (!adding || [...items.values()].some((i) => i.collection === collection)) return;
      added.forEach(({ key, value }, position) => put(collection, key, position, value));
    },
    addItem(collection, key, value) {
      if (!adding || items.has(idOf(collection, key))) return;
      const position = [...items.values()].filter((i) => i.collection === collection).length;
      put(collection, key, position, value);
    },
    addField(collection, field, value) {
      each(collection, (item) => {
        if (isRecord(item.value) && !(field in item.value)) {
          item.value = { ...item.value, [field]: structuredClone(value) };
        }
      });
    },
    renameField(collection, from, to) {
      each(collection, (item) => {
        if (isRecord(item.value) && from in item.value && !(to in item.value)) {
          const { [from]: moved, ...rest } = item.value;
          item.value = { ...rest, [to]: moved };
        }
      });
    },
    removeField(collection, field) {
      each(collection, (item) => {
        if (isRecord(item.value) && field in item.value) {
          const { [field]: _gone, ...rest } = item.value;
          item.value = rest;
        }
      });
    },
    mapItems(collection, change) {
      each(collection, (item) => {
        item.value = change(structuredClone(item.value), item.key);
      });
    },
  };
  step.up(changes);
}

const working = (items: readonly Item[]): Map<string, Working> =>
  new Map(
    items.map((i) => [
      idOf(i.collection, i.key),
      {
        collection: i.collection,
        key: i.key,
        position: i.position,
        value: JSON.parse(i.body) as unknown,
      },
    ]),
  );

const asItems = (items: Map<string, Working>): Item[] =>
  [...items.values()].map((i) => ({
    collection: i.collection as Item['collection'],
    key: i.key,
    position: i.position,
    body: JSON.stringify(i.value),
  }));

/** One item through `steps` (those after its shape), to restore or compare an old release. */
export function upgradeItem(
  collection: string,
  key: string,
  value: unknown,
  steps: readonly ContentMigration[],
): unknown {
  if (value === null || steps.length === 0) return value;
  const items = new Map([[idOf(collection, key), { collection, key, position: 0, value }]]);
  for (const step of steps) applyStep(step, items, false);
  return items.get(idOf(collection, key))?.value ?? null;
}

/** The steps of `all` a release `release` did not have yet (its content predates them). */
export async function stepsAfter(
  ex: Executor,
  release: number,
  all: readonly ContentMigration[] = CONTENT_MIGRATIONS,
): Promise<ContentMigration[]> {
  const rows = await ex.selectFrom('contentMigrations').select(['version', 'release']).execute();
  const had = new Set(
    rows.filter((r) => Number(r.release) <= release).map((r) => Number(r.version)),
  );
  return all.filter((s) => !had.has(s.version));
}

function migratedChanges(json: string, step: ContentMigration): string {
  const changes = JSON.parse(json) as Array<{
    collection: string;
    key: string;
    body: string | null;
  }>;
  return JSON.stringify(
    changes.map((c) =>
      c.body === null
        ? c
        : {
            ...c,
            body: JSON.stringify(upgradeItem(c.collection, c.key, JSON.parse(c.body), [step])),
          },
    ),
  );
}

/** In `trx`; a draft up to date with its item stays so: publishing it is no conflict with the step. */
async function migrateEdits(
  trx: Transaction<Database>,
  step: ContentMigration,
  release: Release | null,
): Promise<void> {
  const changed = new Set(release?.changed.map((c) => idOf(c.collection, c.key)));
  const drafts = await trx
    .selectFrom('contentDrafts')
    .select(['collection', 'itemKey', 'body', 'baseRelease'])
    .execute();
  for (const d of drafts) {
    const body =
      d.body === null
        ? null
        : JSON.stringify(upgradeItem(d.collection, d.itemKey, JSON.parse(d.body), [step]));
    let baseRelease = d.baseRelease === null ? null : Number(d.baseRelease);
    if (release && baseRelease !== null && changed.has(idOf(d.collection, d.itemKey))) {
      const before = await trx
        .selectFrom('contentRevisions')
        .select((eb) => eb.fn.max('release').as('r'))
        .where('collection', '=', d.collection)
        .where('itemKey', '=', d.itemKey)
        .where('release', '<', release.number)
        .executeTakeFirst();
      if (baseRelease >= Number(before?.r ?? 0)) baseRelease = release.number;
    }
    if (body === d.body && baseRelease === d.baseRelease) continue;
    await trx
      .updateTable('contentDrafts')
      .set({ body, baseRelease })
      .where('collection', '=', d.collection)
      .where('itemKey', '=', d.itemKey)
      .execute();
  }
  const schedules = await trx
    .selectFrom('contentSchedules')
    .select(['id', 'changes'])
    .where('settledAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .execute();
  for (const s of schedules) {
    const changes = migratedChanges(s.changes, step);
    if (changes !== s.changes) {
      await trx.updateTable('contentSchedules').set({ changes }).where('id', '=', s.id).execute();
    }
  }
  const previews = await trx
    .selectFrom('contentPreviews')
    .select(['id', 'changes'])
    .where('revokedAt', 'is', null)
    .execute();
  for (const p of previews) {
    const changes = migratedChanges(p.changes, step);
    if (changes !== p.changes) {
      await trx.updateTable('contentPreviews').set({ changes }).where('id', '=', p.id).execute();
    }
  }
}

/** What {@link prepareContent} did. */
export interface Prepared {
  seeded: boolean;
  /** The steps applied now, oldest first, each with the release it published (null: none). */
  applied: Array<{ version: number; release: number | null }>;
}

/** Seeds or migrates in one transaction; `now` epoch ms. @throws ContentError naming the last step, nothing written */
export async function prepareContent(
  db: Db,
  store: Pick<ContentStore, 'publishWith'>,
  seed: () => Content,
  options: { steps?: readonly ContentMigration[]; now?: () => number } = {},
): Promise<Prepared> {
  const steps = [...(options.steps ?? CONTENT_MIGRATIONS)].sort((a, b) => a.version - b.version);
  const now = options.now ?? Date.now;
  const record = (trx: Transaction<Database>, step: ContentMigration, release: number | null) =>
    trx
      .insertInto('contentMigrations')
      .values({
        version: step.version,
        description: step.description,
        release,
        appliedAt: db.instant(now()),
      })
      .execute();
  const seeded = await store.publishWith<null>(
    (_trx, latest) => Promise.resolve(latest === null ? seed() : { refused: null }),
    { author: 'initial content' },
    async (trx, release) => {
      for (const step of steps) await record(trx, step, release?.number ?? null);
    },
  );
  if (seeded !== null && !('refused' in seeded)) return { seeded: true, applied: [] };

  return db.kysely.transaction().execute(async (trx) => {
    await lockPublishing(db, trx);
    const done = new Set(
      (await trx.selectFrom('contentMigrations').select('version').execute()).map((r) =>
        Number(r.version),
      ),
    );
    const pending = steps.filter((s) => !done.has(s.version));
    const applied: Prepared['applied'] = [];
    if (pending.length === 0) return { seeded: false, applied };
    let latest = await latestIn(trx);
    let before = latest === null ? [] : await itemsAt(trx, latest);
    for (const step of pending) {
      const items = working(before);
      applyStep(step, items);
      const next = asItems(items);
      const by: Publication = {
        author: MIGRATION_AUTHOR,
        note: `Content migration ${step.version}: ${step.description}`,
      };
      const release = await writeRelease(db, trx, latest, before, next, by);
      if (release) latest = release.number;
      await migrateEdits(trx, step, release);
      await record(trx, step, latest);
      applied.push({ version: step.version, release: release?.number ?? null });
      before = next;
    }
    try {
      // Two entries of a list sharing an id would not split into items again.
      toItems(checkedContent(fromItems(before)));
    } catch (e) {
      const last = pending.at(-1)!;
      const problems = e instanceof Error ? e.message : String(e);
      throw new ContentError(
        `After content migration ${last.version} (${last.description}) the content fails ` +
          `today's schemas; nothing was changed:\n${problems}`,
      );
    }
    return { seeded: false, applied };
  });
}
