/**
 * The two database engines the stores are written for (docs/decisions/033-one-store-on-kysely.md),
 * each opened fresh and migrated: a SQLite file in a temporary folder, and a new database on the
 * suite's throwaway PostgreSQL (`inject('pgAdminUrl')`). For `describe.each(engines(...))`.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.ts';
import { openPostgres } from '../../../src/server/db/postgres.ts';
import { openSqlite } from '../../../src/server/db/sqlite.ts';
import type { Db } from '../../../src/server/db/tables.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../../../src/server/db/steps.ts';
import { createDatabase } from './helpers.ts';
import { tempDir } from './temp-dir.ts';

/** `[name, open]` per engine; `label` names the SQLite file's temporary folder. */
export function engines(label: string): Array<[string, () => Promise<Db>]> {
  return [
    [
      'SQLite',
      async () => {
        const db = openSqlite(join(tempDir(label), 'e.sqlite'));
        await migrate(db, SQLITE_MIGRATIONS);
        return db;
      },
    ],
    [
      'PostgreSQL',
      async () => {
        const db = openPostgres(await createDatabase(inject('pgAdminUrl')), 2);
        await migrate(db, PG_MIGRATIONS);
        return db;
      },
    ],
  ];
}
