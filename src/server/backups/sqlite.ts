/**
 * Backup and restore of the SQLite file (docs/decisions/035-backups-and-restore.md): the online
 * backup API (https://www.sqlite.org/backup.html) in one read transaction, blocking no WAL writer;
 * restore proves "stopped" by an exclusive lock taken without waiting.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  chmodSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { setTimeout as delay } from 'node:timers/promises';

/** Exit codes beyond the CLI's 0, 1 and 2. */
export const EXIT = {
  inUse: 3,
  damaged: 4,
  newerSchema: 5,
} as const;

export class BackupError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function databaseFile(dataDir: string): string {
  return join(resolve(dataDir), 'enquiries.sqlite');
}

const SERVER_BUSY_TIMEOUT_MS = 5000;

const PAGES_PER_STEP = 1024;
/** Bytes; progress every 10 % from this size. */
export const PROGRESS_FROM_BYTES = 64 * 1024 * 1024;

export interface CopySummary {
  file: string;
  bytes: number;
  durationMs: number;
  schemaVersion: number;
  rows: Array<[table: string, rows: number]>;
}

/** `20261130T101500Z` */
export function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** https://www.sqlite.org/rescode.html#busy */
const isBusy = (e: unknown): boolean => ((e as { errcode?: number }).errcode ?? 0) % 256 === 5;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** @throws BackupError `damaged` when `PRAGMA integrity_check` finds anything */
function examine(
  db: DatabaseSync,
  label: string,
): Omit<CopySummary, 'file' | 'bytes' | 'durationMs'> {
  const problems = db
    .prepare('PRAGMA integrity_check(5)')
    .all()
    .map((r) => String(r['integrity_check']).replace(/\s*\n\s*/g, ' '));
  if (problems.length !== 1 || problems[0] !== 'ok') {
    throw new BackupError(
      `${label} fails its integrity check: ${problems.join('; ')}`,
      EXIT.damaged,
    );
  }
  const tables = db
    .prepare(
      `SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       ORDER BY rowid`,
    )
    .all()
    .map((r) => ({ name: String(r['name']), sql: String(r['sql']) }));
  if (!tables.some((t) => t.name === 'schema_migrations')) {
    throw new BackupError(
      `${label} is not this site's database (it has no schema_migrations table)`,
      EXIT.damaged,
    );
  }
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const rows = tables
    .filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
    .map(({ name }): [string, number] => [
      name,
      Number(db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()?.['n']),
    ]);
  return { schemaVersion: Number(schemaVersions(db).at(-1) ?? 0), rows };
}

function schemaVersions(db: DatabaseSync): number[] {
  return db
    .prepare('SELECT version FROM schema_migrations ORDER BY version')
    .all()
    .map((r) => Number(r['version']));
}

function withDatabase<T>(file: string, fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function selfContained(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = DELETE');
}

export interface BackupOptions {
  progress?: (percent: number, copiedPages: number, totalPages: number) => void;
}

/** Atomic `target`. @throws BackupError exit 1 (no `source`), 2 (`target` exists), `damaged` */
export async function backupSqlite(
  source: string,
  target: string,
  options: BackupOptions = {},
): Promise<CopySummary> {
  const started = performance.now();
  const file = resolve(target);
  if (!existsSync(source)) throw new BackupError(`there is no database at ${source}`, 1);
  if (existsSync(file)) {
    throw new BackupError(`${file} exists: a backup never replaces another; choose a new name`, 2);
  }
  mkdirSync(dirname(file), { recursive: true });
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
  const db = new DatabaseSync(source, { timeout: 5000 });
  try {
    // One snapshot, else the backup API restarts whenever another connection commits.
    db.exec('BEGIN');
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    const pageSize = Number(db.prepare('PRAGMA page_size').get()?.['page_size']);
    const pageCount = Number(db.prepare('PRAGMA page_count').get()?.['page_count']);
    const report = options.progress && pageSize * pageCount >= PROGRESS_FROM_BYTES;
    let reported = 0;
    await backup(db, temp, {
      rate: PAGES_PER_STEP,
      progress: ({ totalPages, remainingPages }) => {
        const percent = Math.floor(((totalPages - remainingPages) / totalPages) * 10) * 10;
        if (report && percent > reported && percent < 100) {
          reported = percent;
          options.progress?.(percent, totalPages - remainingPages, totalPages);
        }
      },
    });
    db.exec('COMMIT');
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  } finally {
    db.close();
  }
  try {
    chmodSync(temp, 0o600);
    const examined = withDatabase(temp, (copy) => {
      selfContained(copy);
      return examine(copy, `the copy of ${source}`);
    });
    fsyncPath(temp);
    renameSync(temp, file);
    fsyncPath(dirname(file));
    return {
      file,
      bytes: statSync(file).size,
      durationMs: Math.round(performance.now() - started),
      ...examined,
    };
  } finally {
    rmSync(temp, { force: true });
  }
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const PG_DUMP_MAGIC = Buffer.from('PGDMP', 'latin1');

function head(file: string, bytes: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

export interface RestoreSummary extends CopySummary {
  replaced: string | null;
}

/** Keeps `<target>.replaced-<stamp>`; 6 s after the swap. @throws BackupError, `target` intact */
export async function restoreSqlite(
  from: string,
  target: string,
  knownVersions: ReadonlySet<number>,
  now: Date = new Date(),
): Promise<RestoreSummary> {
  const started = performance.now();
  const source = resolve(from);
  if (!existsSync(source) || !statSync(source).isFile()) {
    throw new BackupError(`there is no backup file at ${source}`, 2);
  }
  const magic = head(source, SQLITE_MAGIC.length);
  if (magic.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC)) {
    throw new BackupError(
      `${source} is a PostgreSQL archive (pg_dump): restore it with pg_restore (docs/operations/backups.md, "Backups and restore")`,
      2,
    );
  }
  if (!magic.equals(SQLITE_MAGIC)) {
    throw new BackupError(`${source} is not a SQLite database`, EXIT.damaged);
  }
  mkdirSync(dirname(target), { recursive: true });
  const lock = existsSync(target) ? holdExclusively(target) : null;
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.restoring`);
  try {
    copyFileSync(source, temp);
    chmodSync(temp, 0o600);
    const examined = withDatabase(temp, (copy) => {
      try {
        selfContained(copy);
        const found = examine(copy, source);
        const unknown = schemaVersions(copy).filter((v) => !knownVersions.has(v));
        if (unknown.length > 0) {
          throw new BackupError(
            `${source} was written by a newer release (schema version ${Math.max(...unknown)}; ` +
              `this release knows up to ${Math.max(...knownVersions)}): restore it with that release`,
            EXIT.newerSchema,
          );
        }
        return found;
      } catch (e) {
        if (e instanceof BackupError) throw e;
        throw new BackupError(
          `${source} cannot be read as a database: ${message(e)}`,
          EXIT.damaged,
        );
      }
    });
    fsyncPath(temp);
    const replaced = existsSync(target) ? `${target}.replaced-${stamp(now)}` : null;
    if (lock) {
      // Leaving WAL deletes the -wal; a MEMORY journal leaves no -journal file.
      const mode = lock.prepare('PRAGMA journal_mode = MEMORY').get()?.['journal_mode'];
      if (mode !== 'memory') throw new Error(`${target} stayed in ${String(mode)} mode`);
    }
    if (replaced) {
      // A -wal or -journal beside the new file would be replayed into it.
      for (const suffix of ['-wal', '-journal']) {
        if (existsSync(target + suffix)) renameSync(target + suffix, replaced + suffix);
      }
      rmSync(`${target}-shm`, { force: true });
      try {
        linkSync(target, replaced);
      } catch {
        // No hard links: a moment without a database, under the lock.
        renameSync(target, replaced);
      }
    }
    renameSync(temp, target);
    fsyncPath(dirname(target));
    const durationMs = Math.round(performance.now() - started);
    if (lock) {
      // A server started meanwhile waits on the old lock, past its timeout, and exits.
      await delay(SERVER_BUSY_TIMEOUT_MS + 1000);
    }
    return { file: target, bytes: statSync(target).size, durationMs, replaced, ...examined };
  } finally {
    rmSync(temp, { force: true });
    lock?.close();
  }
}

/** Null for an unreadable file. @throws BackupError `inUse` when another connection has it open */
function holdExclusively(file: string): DatabaseSync | null {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (e) {
    db.close();
    if (isBusy(e)) {
      throw new BackupError(
        `${file} is in use: stop the server (and any other enquiries command) first, then restore`,
        EXIT.inUse,
      );
    }
    return null;
  }
}

/** `backup --to-dir` file names. */
export const DATED_BACKUP = /^enquiries-\d{8}T\d{6}Z\.sqlite$/;

export function datedBackup(dir: string, at: Date): string {
  return join(resolve(dir), `enquiries-${stamp(at)}.sqlite`);
}

/** Returns the deleted. */
export function keepNewest(dir: string, keep: number): string[] {
  const dated = readdirSync(dir)
    .filter((name) => DATED_BACKUP.test(name))
    .sort()
    .reverse();
  const old = dated.slice(keep).map((name) => join(resolve(dir), name));
  for (const file of old) rmSync(file, { force: true });
  if (old.length > 0) fsyncPath(dir);
  return old;
}
