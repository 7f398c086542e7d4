/**
 * The one migration runner (every feature's steps: `./steps.ts`). Versions are rows of
 * `schema_migrations`, as every release kept them; not Kysely's `Migrator`, which keeps its own
 * tables and takes no lock on SQLite (docs/decisions/033-one-store-on-kysely.md).
 */
import { sql, type ColumnDataType, type Kysely } from 'kysely';
import type { Db } from './tables.ts';

/** A released step: its SQL for one engine, as it ran. */
export interface SqlMigration {
  version: number;
  description: string;
  /** Several statements separated by semicolons. */
  sql: string;
}

/** A step written once for both engines with Kysely's schema builder. */
export interface BuilderMigration {
  version: number;
  description: string;
  /**
   * In the runner's transaction (a throw keeps nothing). `db` has no plugins (snake_case names)
   * and no table types: a migration must not depend on today's `Database`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
  up: (db: Kysely<any>, engine: Engine) => Promise<void>;
}

export type Migration = SqlMigration | BuilderMigration;
export type Engine = 'sqlite' | 'postgres';

/** The column types the engines spell differently, by meaning. */
export const COLUMN_TYPES: Record<
  Engine,
  { instant: ColumnDataType; epochMs: ColumnDataType; serialKey: ColumnDataType }
> = {
  // SQLite's INTEGER PRIMARY KEY numbers itself: the rowid
  // (https://www.sqlite.org/lang_createtable.html#rowid).
  sqlite: { instant: 'integer', epochMs: 'integer', serialKey: 'integer' },
  postgres: { instant: 'timestamptz', epochMs: 'bigint', serialKey: 'bigserial' },
};

/**
 * Applies the unrecorded steps in one transaction, under a lock every instance and the CLI take;
 * idempotent. Throws the failing step's error, keeping nothing.
 */

export async function migrate(db: Db, steps: readonly Migration[]): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await db.migrations.lock(trx);
    await sql.raw(db.migrations.table).execute(trx);
    const done = await trx.selectFrom('schemaMigrations').select('version').execute();
    const applied = new Set(done.map((r) => Number(r.version)));
    for (const step of [...steps].sort((a, b) => a.version - b.version)) {
      if (applied.has(step.version)) continue;
      if ('sql' in step) await db.migrations.run(trx, step.sql);
      else await step.up(trx.withoutPlugins(), db.kind);
      await trx
        .insertInto('schemaMigrations')
        .values({ version: step.version, appliedAt: db.instant(Date.now()) })
        .execute();
    }
  });
}
