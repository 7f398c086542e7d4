/**
 * The one migration runner, for both engines and both domains (the staff tables are steps from
 * 100). A step is either a released one's SQL for this engine or one written once with Kysely's
 * schema builder (the rule: `src/server/enquiries/migrations.ts`). Applied versions are rows of
 * `schema_migrations (version, applied_at)`, the record every release has kept, so a database of
 * any earlier release upgrades in place; Kysely's `Migrator` keeps its own tables and takes no
 * lock on SQLite, so it is not used (docs/decisions/033-one-store-on-kysely.md).
 */
import { sql } from 'kysely';
import type { Migration } from '../enquiries/migrations.ts';
import type { Db } from './tables.ts';

/**
 * Applies every step of `steps` whose version is not recorded, in version order, in one
 * transaction under a lock every instance and the CLI take: of several processes starting at once
 * one migrates and the others then find nothing left to do. Idempotent.
 * @throws the failing step's error; nothing of the run is kept
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
