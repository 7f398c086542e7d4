/**
 * The migration runner (`src/server/db/migrate.ts`) and the rule of
 * `src/server/db/steps.ts`: a step written once with Kysely's schema builder runs on
 * SQLite and on a throwaway PostgreSQL after the released steps, once, in their transaction (a
 * failing step leaves nothing); the released steps' texts are the ones that ran; step 220 makes
 * the staff accounts that existed owners.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';
import {
  COLUMN_TYPES,
  type BuilderMigration,
  type Migration,
} from '../../src/server/db/migrate.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../../src/server/db/steps.ts';
import { createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** SHA-256 (first 16 hex digits) of each released step's SQL, as it ran; never to be changed. */
const RELEASED = {
  sqlite: {
    1: 'e134f912ae6862af',
    2: '05f098a1575d237c',
    3: 'a4dd027dec1388b9',
    100: 'e40ba5cc83030b3c',
  },
  postgres: {
    1: 'a7655c9ee5a1a572',
    2: 'ab792bbc5fc7d700',
    3: '204653b56eacdf39',
    100: '21057a93242101d2',
  },
} as const;

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A step as the rule asks: the schema builder, types by meaning, `sql` only where engines differ. */
let runs = 0;
const PROBE: BuilderMigration = {
  version: 9001,
  description: 'a probe table written once for both engines',
  async up(db, engine) {
    runs += 1;
    const types = COLUMN_TYPES[engine];
    await db.schema
      .createTable('builder_probe')
      .addColumn('id', types.serialKey, (c) => c.primaryKey())
      .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('cascade'))
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('at', types.instant, (c) => c.notNull())
      .addColumn('due_ms', types.epochMs)
      .execute();
    await db.schema.createIndex('builder_probe_at').on('builder_probe').column('at').execute();
    await db.schema
      .alterTable('backups')
      .addColumn('probe', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const at = engine === 'postgres' ? sql`now()` : sql`0`;
    await db.insertInto('builder_probe').values({ note: 'made by the step', at }).execute();
  },
};

const FAILING: BuilderMigration = {
  version: 9002,
  description: 'creates a table, then fails',
  async up(db) {
    await db.schema.createTable('never_kept').addColumn('x', 'text').execute();
    throw new Error('the step failed');
  },
};

const engines: Array<[string, () => Promise<Db>, readonly Migration[]]> = [
  [
    'SQLite',
    () => Promise.resolve(openSqlite(join(tempDir('migrate'), 'e.sqlite'))),
    SQLITE_MIGRATIONS,
  ],
  [
    'PostgreSQL',
    async () => openPostgres(await createDatabase(inject('pgAdminUrl')), 2),
    PG_MIGRATIONS,
  ],
];

describe.each(engines)('a schema-builder step on %s', (_name, open, released) => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('runs after the released steps, once, recorded like them', async () => {
    db = await open();
    runs = 0;
    await migrate(db, [...released, PROBE]);
    await migrate(db, [...released, PROBE]);
    expect(runs).toBe(1);
    const { rows } = await sql<{ note: string }>`SELECT note FROM builder_probe`.execute(db.kysely);
    expect(rows).toEqual([{ note: 'made by the step' }]);
    const versions = await db.kysely
      .selectFrom('schemaMigrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((v) => Number(v.version))).toEqual(
      [...released.map((m) => m.version), 9001].sort((a, b) => a - b),
    );
    // The new column on a released table took its default for the rows to come.
    const finishedAt = db.instant(0);
    await sql`INSERT INTO backups (finished_at, bytes, duration_ms, file) VALUES (${finishedAt}, 1, 1, 'f')`.execute(
      db.kysely,
    );
    const probe = (await sql<{ probe: string }>`SELECT probe FROM backups`.execute(db.kysely)).rows;
    expect(probe).toEqual([{ probe: '' }]);
  });

  it('step 220 makes the accounts from before roles owners, and new ones editors', async () => {
    db = await open();
    await migrate(
      db,
      released.filter((m) => m.version < 220),
    );
    const k = db.kysely;
    const row = (id: string) => ({
      id,
      email: `${id}@kahaani-pr.example`,
      name: id,
      webauthnUserId: `handle-${id}`,
      createdAt: db!.instant(0),
    });
    await k
      .insertInto('staff')
      .values([row('before-1'), row('before-2')])
      .execute();
    await migrate(db, released);
    await k.insertInto('staff').values(row('after')).execute();
    const roles = await k.selectFrom('staff').select(['id', 'role']).orderBy('id').execute();
    expect(roles).toEqual([
      { id: 'after', role: 'editor' },
      { id: 'before-1', role: 'owner' },
      { id: 'before-2', role: 'owner' },
    ]);
    await expect(
      k
        .insertInto('staff')
        .values({ ...row('bad'), role: 'admin' as never })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('a failing step keeps nothing of the run', async () => {
    db = await open();
    await migrate(db, released);
    await expect(migrate(db, [...released, PROBE, FAILING])).rejects.toThrow('the step failed');
    const versions = await db.kysely.selectFrom('schemaMigrations').select('version').execute();
    expect(versions.map((v) => Number(v.version)).sort((a, b) => a - b)).toEqual(
      released.map((m) => m.version).sort((a, b) => a - b),
    );
    for (const table of ['builder_probe', 'never_kept']) {
      await expect(
        sql`SELECT count(*) FROM ${sql.table(table)}`.execute(db.kysely),
      ).rejects.toThrow(new RegExp(table));
    }
  });
});

describe('released steps', () => {
  it('are exactly as they ran', () => {
    for (const [engine, steps] of [
      ['sqlite', SQLITE_MIGRATIONS],
      ['postgres', PG_MIGRATIONS],
    ] as const) {
      const texts = Object.fromEntries(
        steps.flatMap((s) => ('sql' in s ? [[s.version, sha(s.sql)]] : [])),
      );
      expect(texts, engine).toEqual(RELEASED[engine]);
    }
  });
});
