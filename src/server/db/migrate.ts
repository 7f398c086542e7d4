/**
 * The one migration runner (steps: `src/server/enquiries/migrations.ts`). Versions are rows of
 * `schema_migrations`, as every release kept them; not Kysely's `Migrator`, which keeps its own
 * tables and takes no lock on SQLite (docs/decisions/033-one-store-on-kysely.md).
 */
import { sql } from 'kysely';
import type { Migration } from '../enquiries/migrations.ts';
import type { Db } from './tables.ts';

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
