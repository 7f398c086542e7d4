/**
 * Content drafts (`src/server/content/drafts.ts`, docs/decisions/050-drafts-publish-and-conflicts.md)
 * on SQLite and a throwaway PostgreSQL: saves that would overwrite unseen work answered as
 * conflicts with nothing written, publishing chosen drafts as one checked release that deletes
 * exactly them, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentDir } from '../../src/server/content/files.ts';
import { ContentError } from '../../src/server/content/check.ts';
import { createDraftStore, type DraftStore } from '../../src/server/content/drafts.ts';
import { createContentStore, type ContentStore } from '../../src/server/content/store.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { engines } from './support/engines.ts';

const T = 'testimonials.yaml' as const;
const ASHA = 'staff-asha';
const RAVI = 'staff-ravi';

describe.each(engines('drafts'))('content drafts on %s', (_name, open) => {
  let db: Db;
  let store: ContentStore;
  let drafts: DraftStore;
  beforeAll(async () => {
    db = await open();
    store = createContentStore(db);
    drafts = createDraftStore(db, store);
    const seed = readContentDir();
    if (!seed.content) throw new Error(seed.problems.join('\n'));
    await store.seed(seed.content, { author: 'initial content' });
  });
  afterAll(() => db.close());

  const first = async () => (await store.read())[T][0]!;
  const second = async () => (await store.read())[T][1]!;

  it('keeps a draft apart from what is published, and shows it applied on request', async () => {
    const item = await first();
    const base = await drafts.published(T, item.id);
    expect(base.release).toBe(1);
    const saved = await drafts.save(
      {
        collection: T,
        key: item.id,
        value: { ...item, quote: 'A new quote from Asha.' },
        baseRelease: base.release,
        seenVersion: null,
        author: ASHA,
      },
      1000,
    );
    expect(saved.saved).toMatchObject({ version: 1, author: ASHA, baseRelease: 1, position: 0 });
    expect((await store.read())[T][0]!.quote).toBe(item.quote);
    const previewed = await drafts.contentWithDrafts(await drafts.list());
    expect(previewed[T][0]!.quote).toBe('A new quote from Asha.');
    expect(previewed['services.yaml']).toStrictEqual((await store.read())['services.yaml']);
  });

  it("answers another person's newer save of the draft as a conflict, writing nothing", async () => {
    const item = await first();
    const before = await drafts.get(T, item.id);
    const stale = {
      collection: T,
      key: item.id,
      value: { ...item, quote: 'Ravi typed this over an old page.' },
      baseRelease: 1,
      seenVersion: null,
      author: RAVI,
    } as const;
    const result = await drafts.save(stale, 2000);
    expect(result.conflict?.reason).toBe('draft');
    expect(result.conflict?.draft).toStrictEqual(before);
    expect(await drafts.get(T, item.id)).toStrictEqual(before);
    // Having seen Asha's version, Ravi's save goes on top of it.
    const rebased = await drafts.save({ ...stale, seenVersion: before!.version }, 3000);
    expect(rebased.saved).toMatchObject({ version: 2, author: RAVI });
    // Ravi saving again from his own older page is his own work: no conflict.
    const again = await drafts.save({ ...stale, seenVersion: 1 }, 4000);
    expect(again.saved?.version).toBe(3);
  });

  it("publishes one person's draft without another's, deleting exactly the published one", async () => {
    const other = await second();
    await drafts.save(
      {
        collection: T,
        key: other.id,
        value: { ...other, author: 'Asha Edited' },
        baseRelease: 1,
        seenVersion: null,
        author: ASHA,
      },
      5000,
    );
    const item = await first();
    const mine = await drafts.get(T, item.id);
    const result = await drafts.publish([{ collection: T, key: item.id, version: mine!.version }], {
      author: 'Ravi',
      note: 'quote',
    });
    expect(result.problems).toBeUndefined();
    expect(result.release?.number).toBe(2);
    expect(result.release?.changed).toEqual([{ collection: T, key: item.id, removed: false }]);
    const now = await store.read();
    expect(now[T][0]!.quote).toBe('Ravi typed this over an old page.');
    expect(now[T][1]!.author).toBe(other.author);
    expect((await drafts.list()).map((d) => d.key)).toEqual([other.id]);
    expect((await store.history())[0]).toMatchObject({ number: 2, author: 'Ravi', note: 'quote' });
  });

  it('answers a save based on an older release than the newest revision as a conflict', async () => {
    const item = await first();
    const result = await drafts.save(
      {
        collection: T,
        key: item.id,
        value: { ...item, quote: 'Typed while release 2 went out.' },
        baseRelease: 1,
        seenVersion: null,
        author: ASHA,
      },
      6000,
    );
    expect(result.conflict).toMatchObject({
      reason: 'published',
      published: { release: 2, value: item },
      draft: null,
    });
    expect(await drafts.get(T, item.id)).toBeNull();
  });

  it('refuses a publish whose draft changed since it was chosen, or is stale, writing nothing', async () => {
    const other = await second();
    const draft = (await drafts.get(T, other.id))!;
    const changed = await drafts.publish([{ collection: T, key: other.id, version: 99 }], {
      author: 'Ravi',
    });
    expect(changed.problems).toEqual([
      `${T} item ${other.id}: the draft was saved again since you looked; review it`,
    ]);
    const gone = await drafts.publish([{ collection: T, key: 'no-such-item' }], { author: 'R' });
    expect(gone.problems?.[0]).toMatch(/no draft any more/);
    expect(await store.latest()).toBe(2);
    expect(await drafts.get(T, other.id)).toStrictEqual(draft);
  });

  it('refuses content that fails a schema with its message, keeping the drafts', async () => {
    const founder = (await store.read())['founder.yaml'][0]!;
    await drafts.save(
      {
        collection: 'founder.yaml',
        key: founder.id,
        value: null,
        baseRelease: 1,
        seenVersion: null,
        author: ASHA,
      },
      7000,
    );
    const result = await drafts.publish([{ collection: 'founder.yaml', key: founder.id }], {
      author: 'Asha',
    });
    expect(result.problems).toEqual(['founder.yaml: (file): Founder holds exactly one entry']);
    await expect(
      drafts.contentWithDrafts([(await drafts.get('founder.yaml', founder.id))!]),
    ).rejects.toThrow(ContentError);
    expect(await store.latest()).toBe(2);
    expect(await drafts.get('founder.yaml', founder.id)).not.toBeNull();
    expect(await drafts.discard('founder.yaml', founder.id)).toBe(true);
  });

  it('adds a new item at the end, removes one, and refuses a new item whose id is taken', async () => {
    const item = await first();
    const taken = await drafts.save(
      {
        collection: T,
        key: item.id,
        value: item,
        baseRelease: null,
        seenVersion: null,
        author: ASHA,
      },
      8000,
    );
    expect(taken.conflict?.reason).toBe('exists');
    const fresh = { ...item, id: 'new-voice', order: 99, quote: 'Brand new.' };
    const added = await drafts.save(
      {
        collection: T,
        key: 'new-voice',
        value: fresh,
        baseRelease: null,
        seenVersion: null,
        author: ASHA,
      },
      8000,
    );
    const count = (await store.read())[T].length;
    expect(added.saved?.position).toBe(count);
    await drafts.save(
      { collection: T, key: item.id, value: null, baseRelease: 2, seenVersion: null, author: ASHA },
      9000,
    );
    const result = await drafts.publish(
      [
        { collection: T, key: 'new-voice' },
        { collection: T, key: item.id },
      ],
      { author: 'Asha' },
    );
    expect(result.release?.number).toBe(3);
    const now = (await store.read())[T];
    expect(now.map((t) => t.id)).not.toContain(item.id);
    expect(now.at(-1)).toStrictEqual(fresh);
    expect(now).toHaveLength(count);
  });

  it('refuses a value its schema refuses, or a list item whose id is not its key', async () => {
    const item = await second();
    const input = { collection: T, key: item.id, baseRelease: 1, seenVersion: null, author: ASHA };
    await expect(drafts.save({ ...input, value: { ...item, quote: '' } }, 1)).rejects.toThrow(
      /must not be empty/,
    );
    await expect(drafts.save({ ...input, value: { ...item, id: 'other' } }, 1)).rejects.toThrow(
      /its id is "other"/,
    );
  });
});
