/** One transaction helper per database, shared by the enquiry store and the staff store. */
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

/**
 * Runs `fn` in a transaction on one client of `pool`; a failed ROLLBACK is ignored.
 * @throws whatever the connection, `fn` or COMMIT throws; a begun transaction is rolled back
 */
export async function pgTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/**
 * `BEGIN IMMEDIATE`: a writer takes the lock before reading, so two processes on one file never
 * deadlock on an upgrade (https://www.sqlite.org/lang_transaction.html).
 * @throws whatever `fn` or COMMIT throws, after rolling back
 */
export function sqliteTransaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = fn();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}
