/** Not Kysely's `Migrator`, which keeps its own tables and takes no lock on SQLite. */
import { sql, type ColumnDataType, type Kysely } from 'kysely';
import type { Db } from './tables.ts';

/** A released step's SQL for one engine, as it ran; statements separated by semicolons. */
export interface SqlMigration {
  version: number;
  description: string;
  sql: string;
}

/** Both engines via Kysely's schema builder; `db` is untyped, unplugged: not today's `Database`. */
export interface BuilderMigration {
  version: number;
  description: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
  up: (db: Kysely<any>, engine: Engine) => Promise<void>;
}

export type Migration = SqlMigration | BuilderMigration;
export type Engine = 'sqlite' | 'postgres';

/** Column types the engines spell differently, by meaning. */
export const COLUMN_TYPES: Record<
  Engine,
  { instant: ColumnDataType; epochMs: ColumnDataType; serialKey: ColumnDataType }
> = {
  // https://www.sqlite.org/lang_createtable.html#rowid
  sqlite: { instant: 'integer', epochMs: 'integer', serialKey: 'integer' },
  postgres: { instant: 'timestamptz', epochMs: 'bigint', serialKey: 'bigserial' },
};

/** Applies unrecorded steps in one locked transaction; a failing step throws and keeps nothing. */
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
