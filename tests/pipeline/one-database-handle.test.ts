/**
 * Every store of a process shares one database handle (`src/server/db/postgres.ts`,
 * `src/server/db/sqlite.ts`): the enquiries', staff's and content's stores each open the
 * database, and an operator's PostgreSQL sees one pool per instance, closed with the last store.
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openContentStore } from '../../src/server/content/source.ts';
import { openStore } from '../../src/server/enquiries/runtime.ts';
import { parseEnv } from '../../src/server/env.ts';
import { openStaffStore } from '../../src/server/staff/runtime.ts';
import { createDatabase } from './support/helpers.ts';

describe('one database handle per process', () => {
  it('opens one PostgreSQL pool for the three stores and ends it with the last', async () => {
    const url = await createDatabase(inject('pgAdminUrl'));
    const env = parseEnv({
      DATABASE_URL: url,
      FORM_SECRET: 'x'.repeat(32),
      SITE_URL: 'https://example.org',
    });
    const enquiries = openStore(env);
    await enquiries.migrate();
    const staff = openStaffStore(env);
    const content = openContentStore(env);
    await staff.listStaff(Date.now());
    const connections = async () => {
      const probe = new pg.Client({ connectionString: url });
      await probe.connect();
      const { rows } = await probe.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await probe.end();
      return Number(rows[0]?.n);
    };
    // Busy every store at once: one pool of the enquiry store's size, not three pools.
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 10; i++) {
      work.push(enquiries.migrate(), staff.listStaff(Date.now()), content.store.latest());
    }
    await Promise.all(work);
    expect(await connections()).toBeLessThanOrEqual(10);
    await enquiries.close();
    await content.close();
    // Still open for the store that remains.
    await expect(staff.listStaff(Date.now())).resolves.toBeDefined();
    await staff.close();
    // A backend leaves pg_stat_activity a moment after its client has gone.
    await expect.poll(connections, { timeout: 5_000 }).toBe(0);
  });
});
