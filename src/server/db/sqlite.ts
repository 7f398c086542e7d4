/**
 * The database on node:sqlite (WAL) via Kysely's `SqliteDialect`, one connection per file per
 * process: two would deadlock, one waiting synchronously (`busy_timeout`) for a write lock the
 * other holds across an `await` (docs/decisions/033-one-store-on-kysely.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import { plugins, sharedOpener, type Database, type Db, type InstantValue } from './tables.ts';

/** node:sqlite as better-sqlite3's shape, caching statements (preparing is costly). */
function adapt(db: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        const s = db.prepare(text);
        const args = (p: readonly unknown[]) => p as SQLInputValue[];
        statement = {
          reader: s.columns().length > 0,
          all: (p) => s.all(...args(p)),
          run: (p) => s.run(...args(p)),
          iterate: (p) => s.iterate(...args(p)) as IterableIterator<unknown>,
        };
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

class ImmediateDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateDriver({ database: this.#database });
  }
}

interface Pending {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

function connect(file: string, synchronous: 'FULL' | 'NORMAL'): Omit<Db, 'close'> {
  mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file, { timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec(`PRAGMA synchronous = ${synchronous}`);
  database.exec('PRAGMA foreign_keys = ON');
  const dialect = new NodeSqliteDialect(adapt(database));
  const kysely = new Kysely<Database>({ dialect, plugins: plugins() });
  const queue: Pending[] = [];
  const savepoint = database.prepare('SAVEPOINT op');
  const rollbackTo = database.prepare('ROLLBACK TO op');
  const release = database.prepare('RELEASE op');

  async function flush(): Promise<void> {
    const batch = queue.splice(0);
    const settled: Array<() => void> = [];
    try {
      await kysely.transaction().execute(async (trx) => {
        for (const p of batch) {
          savepoint.run();
          try {
            const value = await p.fn(trx);
            settled.push(() => p.resolve(value));
          } catch (e) {
            rollbackTo.run();
            settled.push(() => p.reject(e));
          }
          release.run();
        }
      });
    } catch (e) {
      for (const p of batch) p.reject(e);
      return;
    }
    for (const settle of settled) settle();
  }

  return {
    kind: 'sqlite',
    kysely,
    instant: (ms) => ms as InstantValue,
    grouped: <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
        if (queue.length === 1) setImmediate(() => void flush());
      }),
    lockKey: () => Promise.resolve(),
    forUpdate: (qb) => qb,
    migrations: {
      table:
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
      lock: () => Promise.resolve(),
      run: (_trx, text) => Promise.resolve(database.exec(text)),
    },
    erasing: (_tables, fn) =>
      kysely.connection().execute(async (c) => {
        // https://www.sqlite.org/pragma.html#pragma_secure_delete; the checkpoint drops WAL copies.
        await sql`PRAGMA secure_delete = ON`.execute(c);
        try {
          const n = await c.transaction().execute(fn);
          await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(c);
          return n;
        } finally {
          await sql`PRAGMA secure_delete = OFF`.execute(c);
        }
      }),
  };
}

const openShared = sharedOpener(connect);

/** Shared per process; `synchronous` applies only for the open that connects. */
export function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL' = 'FULL'): Db {
  return openShared(resolve(file), synchronous);
}
