/**
 * Publishing item changes, scheduled publishing and previews on SQLite and a throwaway PostgreSQL
 * (`src/server/content/{store,schedules,previews}.ts`; docs/decisions/054-previews-and-share-links.md,
 * docs/decisions/055-scheduled-publishing.md): a change published on top of a release that came
 * meanwhile never undoes it; a due schedule is published once though two instances race for it,
 * an overdue one at the first look, an invalid one (or a case study without the client's
 * approval) settled with its reason and nothing published, a cancelled one never; a preview opens until it expires or is revoked.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readContentDir } from '../../src/server/content/files.ts';
import type { ItemChange } from '../../src/server/content/items.ts';
import { createPreviewStore } from '../../src/server/content/previews.ts';
import { createScheduleStore } from '../../src/server/content/schedules.ts';
import { createContentStore, type ContentStore } from '../../src/server/content/store.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../../src/server/db/steps.ts';
import { createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** Two connections to one database, as two instances have. */
const engines: Array<[string, () => Promise<[Db, Db]>]> = [
  [
    'SQLite',
    async () => {
      const file = join(tempDir('schedules'), 'e.sqlite');
      const db = openSqlite(file);
      await migrate(db, SQLITE_MIGRATIONS);
      return [db, openSqlite(file)];
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await createDatabase(inject('pgAdminUrl'));
      const db = openPostgres(url, 2);
      await migrate(db, PG_MIGRATIONS);
      return [db, openPostgres(url, 2)];
    },
  ],
];

describe.each(engines)('content changes on %s', (_name, open) => {
  let one: Db;
  let two: Db;
  let store: ContentStore;
  beforeAll(async () => {
    [one, two] = await open();
    store = createContentStore(one);
    const seed = readContentDir();
    if (!seed.content) throw new Error(seed.problems.join('\n'));
    await store.seed(seed.content, { author: 'initial content' });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  const testimonial = async (quote: string, at = 0): Promise<ItemChange> => {
    const entry = (await store.read())['testimonials.yaml'][at]!;
    return {
      collection: 'testimonials.yaml',
      key: entry.id,
      position: at,
      body: JSON.stringify({ ...entry, quote }),
    };
  };

  it('lays changes over the newest release, never undoing one published meanwhile', async () => {
    const mine = await testimonial('Mine, based on the release before');
    const theirs = await store.read();
    theirs['stats.yaml'][0]!.label = 'Published by someone else meanwhile';
    await store.publish(theirs, { author: 'someone else' });
    const { claimed, release } = await store.publishChanges([mine], { author: 'me' });
    expect(claimed).toBe(true);
    expect(release?.changed).toEqual([
      { collection: 'testimonials.yaml', key: mine.key, removed: false },
    ]);
    const now = await store.read();
    expect(now['stats.yaml'][0]!.label).toBe('Published by someone else meanwhile');
    expect(now['testimonials.yaml'][0]!.quote).toBe('Mine, based on the release before');
  });

  it('refuses changes that make invalid content, writing nothing', async () => {
    const before = await store.latest();
    const bad = await testimonial('');
    await expect(store.publishChanges([bad], { author: 'me' })).rejects.toThrow(
      /testimonials\.yaml: .*quote.*The testimonial quote, without quotation marks must not be empty/,
    );
    expect(await store.latest()).toBe(before);
  });

  it('publishes a due schedule once though two instances race for it', async () => {
    const schedules = [createScheduleStore(one), createScheduleStore(two)];
    const stores = [store, createContentStore(two)];
    const publishAt = Date.now() + 60_000;
    const id = await schedules[0]!.schedule({
      changes: [await testimonial('Embargoed until the launch', 1)],
      label: 'Testimonial',
      publishAt,
      author: 'Asha (scheduled)',
    });
    const before = await store.latest();
    expect(await schedules[0]!.publishDue(store, publishAt - 1)).toEqual([]);
    expect(await store.latest()).toBe(before);
    const settled = await Promise.all(
      [0, 1, 0, 1].map((n) => schedules[n]!.publishDue(stores[n]!, publishAt + 10)),
    );
    expect(settled.flat().map((s) => s.id)).toEqual([id]);
    expect(await store.latest()).toBe(before! + 1);
    expect((await store.read())['testimonials.yaml'][1]!.quote).toBe('Embargoed until the launch');
    const [history] = await store.history();
    expect(history).toMatchObject({ number: before! + 1, author: 'Asha (scheduled)' });
    expect((await schedules[1]!.list()).find((s) => s.id === id)).toMatchObject({
      release: before! + 1,
      error: null,
    });
  });

  it('publishes an overdue schedule at the first look, and never a cancelled one', async () => {
    const schedules = createScheduleStore(one);
    const overdue = await schedules.schedule({
      changes: [await testimonial('Due while every instance was down', 2)],
      label: 'Testimonial',
      publishAt: Date.now() - 3_600_000,
      author: 'Asha',
    });
    const cancelled = await schedules.schedule({
      changes: [await testimonial('Never published', 2)],
      label: 'Testimonial',
      publishAt: Date.now() - 1,
      author: 'Asha',
    });
    expect(await schedules.cancel(cancelled, Date.now())).toBe(true);
    expect(await schedules.cancel(cancelled, Date.now())).toBe(false);
    const settled = await schedules.publishDue(store, Date.now());
    expect(settled.map((s) => s.id)).toEqual([overdue]);
    expect((await store.read())['testimonials.yaml'][2]!.quote).toBe(
      'Due while every instance was down',
    );
  });

  it('settles an invalid schedule with its reason and publishes nothing', async () => {
    const schedules = createScheduleStore(one);
    const before = await store.latest();
    const id = await schedules.schedule({
      changes: [await testimonial('x'.repeat(401))],
      label: 'Testimonial',
      publishAt: Date.now() - 1,
      author: 'Asha',
    });
    const [settled] = await schedules.publishDue(store, Date.now());
    expect(settled).toMatchObject({ id, release: null });
    expect(settled?.error).toMatch(/at most 400 characters/);
    expect(await store.latest()).toBe(before);
    expect(await schedules.publishDue(store, Date.now())).toEqual([]);
  });

  it('settles a scheduled case study without the client’s approval, publishing nothing', async () => {
    const schedules = createScheduleStore(one);
    const before = await store.latest();
    const study = (await store.read())['case-studies.yaml'][0]!;
    const id = await schedules.schedule({
      changes: [
        {
          collection: 'case-studies.yaml',
          key: study.id,
          position: 0,
          body: JSON.stringify({ ...study, title: 'Scheduled before the client agreed' }),
        },
      ],
      label: 'Case study',
      publishAt: Date.now() - 1,
      author: 'Asha',
    });
    const [settled] = await schedules.publishDue(store, Date.now());
    expect(settled).toMatchObject({ id, release: null });
    expect(settled?.error).toBe(
      `case-studies.yaml item ${study.id}, approvedBy: A case study is published only with the client’s approval: enter who approved it and when`,
    );
    expect(await store.latest()).toBe(before);
  });

  it('opens a preview until it expires or is revoked, by its token only', async () => {
    const previews = createPreviewStore(one);
    const change = await testimonial('Previewed');
    const { token, id } = await previews.create(
      {
        path: '/',
        changes: [change],
        label: 'Testimonial',
        createdBy: 'staff-1',
        ttlMs: 60_000,
        shared: true,
      },
      Date.now(),
    );
    const now = Date.now();
    expect(await createPreviewStore(two).open(token, now)).toMatchObject({
      state: 'shown',
      path: '/',
      changes: [change],
    });
    expect(await previews.open(token, now + 60_001)).toEqual({ state: 'expired' });
    expect(await previews.open(`${token.slice(0, -1)}x`, now)).toEqual({ state: 'unknown' });
    expect((await previews.shared()).map((p) => p.id)).toContain(id);
    expect(await previews.revoke(id, now)).toBe(true);
    expect(await previews.open(token, now)).toEqual({ state: 'unknown' });
  });
});
