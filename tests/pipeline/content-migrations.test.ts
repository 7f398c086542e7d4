/**
 * Content migrations (`src/server/content/migrate-content.ts`,
 * docs/decisions/064-content-migrations.md) on SQLite and a throwaway PostgreSQL. A database kept
 * by an older release — one whose content lacks a collection the code now defines and a
 * required field of another, with a draft, a pending schedule and a share link made of it —
 * is brought to today's shape at start: the content reads, each step is a release of its own,
 * every draft, schedule and preview follows, an old release restores in today's shape, and a
 * second start does nothing. A step that leaves the content invalid changes nothing; a fresh
 * database records every step as applied.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_MIGRATIONS, type ContentMigration } from '../../src/content/migrations.ts';
import { ContentError } from '../../src/server/content/check.ts';
import { createDraftStore } from '../../src/server/content/drafts.ts';
import { readContentDir, seedFrom } from '../../src/server/content/files.ts';
import type { Item } from '../../src/server/content/items.ts';
import { prepareContent, MIGRATION_AUTHOR } from '../../src/server/content/migrate-content.ts';
import { createPreviewStore } from '../../src/server/content/previews.ts';
import { createScheduleStore } from '../../src/server/content/schedules.ts';
import { createContentStore, itemsAt, writeRelease } from '../../src/server/content/store.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { engines } from './support/engines.ts';

const today = readContentDir();
if (!today.content) throw new Error(today.problems.join('\n'));
const NETWORK = today.content['network.yaml'].map((tile) => ({ key: tile.id, value: tile }));

/** What this code adds to the older shape: the network tiles, and a label on every stat. */
const STEPS: ContentMigration[] = [
  {
    version: 1,
    description: 'every stat has a label',
    up: (content) => content.addField('stats.yaml', 'label', 'Years of experience'),
  },
  {
    version: 2,
    description: 'the partner network tiles',
    up: (content) => content.addCollection('network.yaml', NETWORK),
  },
];

const withoutLabel = (body: string) => {
  const { label: _label, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify(rest);
};

/**
 * A database as an older release left it: release 1 today's seed, release 2 without the
 * network collection and with stats that have no label (as if those came later), a stat's draft,
 * a pending schedule and a share link in that shape; no content migration recorded.
 */
async function olderDatabase(db: Db) {
  const store = createContentStore(db);
  await store.seed(today.content!, { author: 'initial content' });
  const older = (items: readonly Item[]) =>
    items
      .filter((i) => i.collection !== 'network.yaml')
      .map((i) => (i.collection === 'stats.yaml' ? { ...i, body: withoutLabel(i.body) } : i));
  await db.kysely.transaction().execute(async (trx) => {
    const before = await itemsAt(trx, 1);
    await writeRelease(db, trx, 1, before, older(before), { author: 'an older release' });
  });
  const [stat] = (await itemsAt(db.kysely, 2)).filter((i) => i.collection === 'stats.yaml');
  const draft = { ...(JSON.parse(stat!.body) as object), value: '9+' };
  await db.kysely
    .insertInto('contentDrafts')
    .values({
      collection: 'stats.yaml',
      itemKey: stat!.key,
      body: JSON.stringify(draft),
      position: stat!.position,
      baseRelease: 2,
      author: 'staff-asha',
      version: 1,
      updatedAt: db.instant(1_000),
    })
    .execute();
  const change = { ...stat!, body: JSON.stringify(draft) };
  const schedules = createScheduleStore(db);
  const scheduled = await schedules.schedule({
    changes: [change],
    label: 'A stat',
    publishAt: Date.now() + 86_400_000,
    author: 'Asha',
  });
  const previews = createPreviewStore(db);
  const { token } = await previews.create(
    {
      path: '/about',
      changes: [change],
      label: 'A stat',
      createdBy: 'staff-asha',
      ttlMs: 86_400_000,
      shared: true,
    },
    Date.now(),
  );
  return { store, stat: stat!, scheduled, token, schedules, previews };
}

describe.each(engines('content-migrations'))('content migrations on %s', (_name, open) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('bring an older database to today’s shape, its drafts, schedules and previews too', async () => {
    db = await open();
    const { store, stat, scheduled, token, schedules, previews } = await olderDatabase(db);
    await expect(store.read()).rejects.toThrow(/lacks network\.yaml.*content migration/);

    const prepared = await prepareContent(db, store, seedFrom(), { steps: STEPS });
    expect(prepared).toEqual({
      seeded: false,
      applied: [
        { version: 1, release: 3 },
        { version: 2, release: 4 },
      ],
    });
    const content = await store.read();
    expect(content['network.yaml']).toStrictEqual(today.content['network.yaml']);
    expect(content['stats.yaml'].map((s) => s.label)).toEqual(
      content['stats.yaml'].map(() => 'Years of experience'),
    );
    const [step2, step1] = await store.history();
    expect(step1).toMatchObject({
      number: 3,
      author: MIGRATION_AUTHOR,
      note: 'Content migration 1: every stat has a label',
    });
    expect(step1!.changed.every((c) => c.collection === 'stats.yaml')).toBe(true);
    expect(step2).toMatchObject({
      number: 4,
      note: 'Content migration 2: the partner network tiles',
    });

    // The draft follows, keeps its own edit and still publishes.
    const drafts = createDraftStore(db, store, STEPS);
    const draft = await drafts.get('stats.yaml', stat.key);
    expect(draft?.value).toMatchObject({ value: '9+', label: 'Years of experience' });
    const published = await drafts.publish([{ collection: 'stats.yaml', key: stat.key }], {
      author: 'Asha',
    });
    expect(published.problems).toBeUndefined();
    expect((await store.read())['stats.yaml'][0]).toMatchObject({ value: '9+' });
    // So do the schedule and the share link.
    const [change] = (await schedules.changesOf(scheduled)) ?? [];
    expect(JSON.parse(change!.body!)).toMatchObject({ label: 'Years of experience' });
    const opened = await previews.open(token, Date.now());
    expect(opened.state === 'shown' && JSON.parse(opened.changes[0]!.body!)).toMatchObject({
      label: 'Years of experience',
    });
    // An old release's stat, to restore or compare, comes in today's shape.
    expect((await drafts.published('stats.yaml', stat.key, 2)).value).toMatchObject({
      label: 'Years of experience',
    });

    // A second start, or a second instance, has nothing left to do.
    const latest = await store.latest();
    expect(await prepareContent(db, store, seedFrom(), { steps: STEPS })).toEqual({
      seeded: false,
      applied: [],
    });
    expect(await store.latest()).toBe(latest);
  });

  it('refuse a step that leaves the content invalid, writing nothing', async () => {
    db = await open();
    const { store, stat } = await olderDatabase(db);
    const broken: ContentMigration = {
      version: 3,
      description: 'stats lose their value',
      up: (content) => content.removeField('stats.yaml', 'value'),
    };
    const failed = prepareContent(db, store, seedFrom(), { steps: [...STEPS, broken] });
    await expect(failed).rejects.toThrow(ContentError);
    await expect(failed).rejects.toThrow(/After content migration 3 .*\n.*value/);
    expect(await store.latest()).toBe(2);
    expect(await db.kysely.selectFrom('contentMigrations').selectAll().execute()).toEqual([]);
    const draft = await createDraftStore(db, store).get('stats.yaml', stat.key);
    expect(draft?.value).not.toHaveProperty('label');
  });

  it('record every step as applied on a fresh database, whose seed is today’s shape', async () => {
    db = await open();
    const store = createContentStore(db);
    expect(await prepareContent(db, store, seedFrom(), { steps: STEPS })).toEqual({
      seeded: true,
      applied: [],
    });
    const rows = await db.kysely
      .selectFrom('contentMigrations')
      .select(['version', 'release'])
      .orderBy('version')
      .execute();
    expect(rows.map((r) => [Number(r.version), Number(r.release)])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(await prepareContent(db, store, seedFrom(), { steps: STEPS })).toEqual({
      seeded: false,
      applied: [],
    });
    expect(await store.latest()).toBe(1);
  });

  it('let two instances starting together take turns: one applies, the other finds it done', async () => {
    db = await open();
    const { store } = await olderDatabase(db);
    const both = await Promise.all([
      prepareContent(db, store, seedFrom(), { steps: STEPS }),
      prepareContent(db, store, seedFrom(), { steps: STEPS }),
    ]);
    expect(both.map((p) => p.applied.length).sort()).toEqual([0, 2]);
    expect(await store.latest()).toBe(4);
  });
});

/** What migration 2 (the newsroom) adds: the collection's items and three keyed entries. */
const NEWSROOM_ADDS = (i: Item) =>
  i.collection === 'news.yaml' ||
  (i.collection === 'pages.yaml' && i.key === 'news') ||
  (i.collection === 'sections.yaml' && ['news-intro', 'home-news'].includes(i.key));

describe.each(engines('content-migration-2'))('content migration 2 on %s', (_name, open) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });
  const newsroom = CONTENT_MIGRATIONS.find((m) => m.version === 2)!;

  /** Today's seed without what migration 2 adds, `keep` excepted, as release 2. */
  async function withoutNewsroom(keep: (i: Item) => Item | undefined = () => undefined) {
    const store = createContentStore(db!);
    await store.seed(today.content!, { author: 'initial content' });
    await db!.kysely.transaction().execute(async (trx) => {
      const before = await itemsAt(trx, 1);
      const older = before.flatMap((i) => (NEWSROOM_ADDS(i) ? (keep(i) ?? []) : [i]));
      await writeRelease(db!, trx, 1, before, older, { author: 'an older release' });
    });
    return store;
  }

  it('gives a database without the newsroom the seed’s items, its page title and sections', async () => {
    db = await open();
    const store = await withoutNewsroom();
    await expect(store.read()).rejects.toThrow(/news\.yaml/);
    expect(await prepareContent(db, store, seedFrom(), { steps: [newsroom] })).toEqual({
      seeded: false,
      applied: [{ version: 2, release: 3 }],
    });
    const content = await store.read();
    expect(content['news.yaml']).toStrictEqual(today.content['news.yaml']);
    expect(content['news.yaml']).toHaveLength(4);
    expect(content['pages.yaml'].news).toStrictEqual(today.content['pages.yaml'].news);
    for (const key of ['news-intro', 'home-news']) {
      expect(content['sections.yaml'][key], key).toStrictEqual(today.content['sections.yaml'][key]);
    }
    const [step] = await store.history();
    expect(step).toMatchObject({ number: 3, author: MIGRATION_AUTHOR });
    expect(step!.changed.every((c) => NEWSROOM_ADDS({ ...c, position: 0, body: '' } as Item))).toBe(
      true,
    );
  });

  it('keeps an entry the database has already: the newsroom page’s title an editor wrote', async () => {
    db = await open();
    const title = 'Our newsroom · Kahaani Communications';
    const store = await withoutNewsroom((i) =>
      i.collection === 'pages.yaml'
        ? { ...i, body: JSON.stringify({ ...(JSON.parse(i.body) as object), title }) }
        : undefined,
    );
    await prepareContent(db, store, seedFrom(), { steps: [newsroom] });
    const content = await store.read();
    expect(content['pages.yaml'].news.title).toBe(title);
    expect(content['news.yaml']).toStrictEqual(today.content['news.yaml']);
  });
});
