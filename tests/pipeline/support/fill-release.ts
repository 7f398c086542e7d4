/**
 * Fills a database with an earlier release's own store code and prints what that code reads
 * back, as JSON (`release-data.ts`). Run by `tests/pipeline/upgrade.test.ts` with the project's
 * Node, on the release's `src/server` taken from git:
 *
 *   node tests/pipeline/support/fill-release.ts <release folder> <SQLite file | PostgreSQL URL>
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SubmissionStore } from '../../../src/server/enquiries/store.ts';
import { canonical, fill, snapshot, type ReleaseStaffStore } from './release-data.ts';

const [release = '', where = ''] = process.argv.slice(2);
const engine = where.startsWith('postgres') ? 'pg' : 'sqlite';
/** A store class of the release: in `<engine>-store.ts` (851a71c), later in `sql-store.ts`. */
const load = async <T>(domain: string, name: string) => {
  const own = join(release, `src/server/${domain}/${engine}-store.ts`);
  const file = existsSync(own) ? own : join(release, `src/server/${domain}/sql-store.ts`);
  return ((await import(file)) as Record<string, T>)[name];
};
const Enquiries = await load<new (where: string) => SubmissionStore>(
  'enquiries',
  engine === 'pg' ? 'PgStore' : 'SqliteStore',
);
const Staff = await load<new (where: string) => ReleaseStaffStore>(
  'staff',
  engine === 'pg' ? 'PgStaffStore' : 'SqliteStaffStore',
);
if (!Enquiries || !Staff) throw new Error(`no ${engine} stores in ${release}`);
const store = new Enquiries(where);
const staff = new Staff(where);
await fill(store, staff);
process.stdout.write(JSON.stringify(canonical(await snapshot(store, staff))));
await staff.close();
await store.close();
