/**
 * Content migration 3 (`src/content/migrations.ts`, docs/decisions/064-content-migrations.md)
 * on SQLite and PostgreSQL: a site seeded before visit statistics holds the old privacy notice,
 * and at start its notice becomes today's seed text, which says what is counted and kept; a
 * notice the agency rewrote is left as they wrote it; a fresh database records the step as
 * applied and keeps its seed. Migration 4 likewise for the sentence on Web Vitals reports, which
 * the statistics now keep in part.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_MIGRATIONS, VITALS_NOT_STORED } from '../../src/content/migrations.ts';
import { readContentDir, seedFrom } from '../../src/server/content/files.ts';
import { prepareContent } from '../../src/server/content/migrate-content.ts';
import { createContentStore, itemsAt, writeRelease } from '../../src/server/content/store.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { engines } from './support/engines.ts';

const today = readContentDir();
if (!today.content) throw new Error(today.problems.join('\n'));
const NOTICE = today.content['privacy.yaml'];
const STEP = CONTENT_MIGRATIONS.filter((m) => m.version === 3);

type Notice = typeof NOTICE;
const OLD_ITEM =
  'Simply browsing the site does not create any record about you in our enquiry system.';

/** The notice as sites seeded before statistics hold it (`git show 6f9358b:src/content/privacy.yaml`). */
function oldNotice(): Notice {
  return {
    ...NOTICE,
    sections: NOTICE.sections.map((section) => {
      if (section.id === 'what-we-collect')
        return { ...section, after: section.after?.slice(0, 1) };
      if (section.id === 'what-we-do-not-collect') {
        return { ...section, items: [...(section.items ?? []).slice(0, 3), OLD_ITEM] };
      }
      return section;
    }),
  };
}

/** A database whose newest release (2) has `notice` as its privacy notice, no step recorded. */
async function seededBefore(db: Db, notice: Notice) {
  const store = createContentStore(db);
  await store.seed(today.content!, { author: 'initial content' });
  await db.kysely.transaction().execute(async (trx) => {
    const before = await itemsAt(trx, 1);
    const after = before.map((i) =>
      i.collection === 'privacy.yaml' ? { ...i, body: JSON.stringify(notice) } : i,
    );
    await writeRelease(db, trx, 1, before, after, { author: 'an older release' });
  });
  await db.kysely.deleteFrom('contentMigrations').execute();
  return store;
}

describe.each(engines('content-migration-privacy'))('the privacy notice on %s', (_name, open) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('says what the visit statistics count and keep, as today’s seed does', async () => {
    db = await open();
    const old = oldNotice();
    expect(JSON.stringify(old)).not.toContain('To count visits');
    const store = await seededBefore(db, old);
    const prepared = await prepareContent(db, store, seedFrom(), { steps: STEP });
    expect(prepared).toEqual({ seeded: false, applied: [{ version: 3, release: 3 }] });
    expect((await store.read())['privacy.yaml']).toStrictEqual(NOTICE);
    expect((await store.history())[0]).toMatchObject({
      author: 'content migration',
      note: 'Content migration 3: The privacy notice says what the visit statistics count and keep',
    });
  });

  it('leaves a notice the agency rewrote as they wrote it', async () => {
    db = await open();
    const old = oldNotice();
    const rewritten: Notice = {
      ...old,
      sections: old.sections.map((s) =>
        s.id === 'what-we-do-not-collect' || s.id === 'what-we-collect'
          ? { ...s, items: ['We keep nothing about your visit.'], after: ['Nothing else.'] }
          : s,
      ),
    };
    const store = await seededBefore(db, rewritten);
    await prepareContent(db, store, seedFrom(), { steps: STEP });
    expect((await store.read())['privacy.yaml']).toStrictEqual(rewritten);
  });

  it('records itself as applied on a fresh database, whose seed says it already', async () => {
    db = await open();
    const store = createContentStore(db);
    expect(await prepareContent(db, store, seedFrom(), { steps: STEP })).toEqual({
      seeded: true,
      applied: [],
    });
    expect((await store.read())['privacy.yaml']).toStrictEqual(NOTICE);
  });
});

describe.each(engines('content-migration-vitals'))(
  'the Web Vitals sentence on %s',
  (_name, open) => {
    let db: Db | undefined;
    afterEach(async () => {
      await db?.close();
      db = undefined;
    });
    const VITALS_STEP = CONTENT_MIGRATIONS.filter((m) => m.version === 4);

    it('says what is kept of a report once the statistics keep it, as today’s seed does', async () => {
      db = await open();
      const old: Notice = {
        ...NOTICE,
        sections: NOTICE.sections.map((s) => ({
          ...s,
          ...(s.items && {
            items: s.items.map((item) =>
              item.startsWith('To see how fast') ? VITALS_NOT_STORED : item,
            ),
          }),
        })),
      };
      expect(JSON.stringify(old)).toContain('does not store the report');
      const store = await seededBefore(db, old);
      const prepared = await prepareContent(db, store, seedFrom(), { steps: VITALS_STEP });
      expect(prepared).toEqual({ seeded: false, applied: [{ version: 4, release: 3 }] });
      expect((await store.read())['privacy.yaml']).toStrictEqual(NOTICE);
    });
  },
);
