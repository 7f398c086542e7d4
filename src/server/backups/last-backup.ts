/** Every backup records itself in the database it copied, so metrics see its age wherever. */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { StoreEnv } from '../env.ts';
import { databaseFile } from './sqlite.ts';

/** `finishedAt` epoch ms. */
export interface BackupRecord {
  finishedAt: number;
  bytes: number;
  durationMs: number;
  file: string;
}

/** @throws node:sqlite's error when the table is missing (a database before migration 3) */
export function recordSqliteBackup(database: string, record: BackupRecord): void {
  const db = new DatabaseSync(database, { timeout: 5000 });
  try {
    db.prepare(
      'INSERT INTO backups (finished_at, bytes, duration_ms, file) VALUES (?, ?, ?, ?)',
    ).run(record.finishedAt, record.bytes, record.durationMs, record.file);
  } finally {
    db.close();
  }
}

const READ_TIMEOUT_MS = 1000;

/** Epoch ms; one short connection per scrape. @throws the driver's error when unreachable */
export async function lastBackupAt(config: StoreEnv): Promise<number | null> {
  if (config.DATABASE_URL) {
    const client = new pg.Client({
      connectionString: config.DATABASE_URL,
      connectionTimeoutMillis: READ_TIMEOUT_MS,
      query_timeout: READ_TIMEOUT_MS,
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ at: string | null }>(
        'SELECT extract(epoch FROM max(finished_at)) * 1000 AS at FROM backups',
      );
      const at = rows[0]?.at;
      return at === null || at === undefined ? null : Math.round(Number(at));
    } catch (e) {
      // 42P01 undefined_table: before migration 3.
      if ((e as { code?: string }).code === '42P01') return null;
      throw e;
    } finally {
      await client.end();
    }
  }
  const file = databaseFile(config.DATA_DIR);
  if (!existsSync(file)) return null;
  const db = new DatabaseSync(file, { readOnly: true, timeout: READ_TIMEOUT_MS });
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'backups'")
      .get();
    if (!table) return null;
    const at = db.prepare('SELECT max(finished_at) AS at FROM backups').get()?.['at'];
    return at === null || at === undefined ? null : Number(at);
  } finally {
    db.close();
  }
}
