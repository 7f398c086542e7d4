/**
 * One transaction helper per store, shared by the enquiry store and the staff store.
 *
 * - {@link pgTransaction}: BEGIN … COMMIT on one pooled client; ROLLBACK and rethrow on any error
 *   (a failed ROLLBACK is ignored: the client is released either way).
 * - {@link sqliteTransaction}: `BEGIN IMMEDIATE`, so a writer takes the lock before reading and
 *   two processes on one file never deadlock on an upgrade (https://www.sqlite.org/lang_transaction.html).
 */
import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

/**
 * Runs `fn` in a transaction on a client of `pool`.
 * @throws whatever `fn`, the connection or COMMIT throws, after rolling back
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
 * Runs `fn` in an immediate transaction on `db`.
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
