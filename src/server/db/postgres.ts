/** This pool's own parsers read `timestamptz` and BIGINT as epoch ms, leaving pg's global ones. */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { compiledOnce } from './compiled.ts';
import { plugins, sharedOpener, type Database, type Db, type InstantValue } from './tables.ts';

const INT8 = 20;
const TIMESTAMPTZ = 1184;

const parseInstant = pg.types.getTypeParser(TIMESTAMPTZ) as (text: string) => Date;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === TIMESTAMPTZ
      ? (text: string) => parseInstant(text).getTime()
      : oid === INT8
        ? Number
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const LOCK_KEY = compiledOnce(
  (v: { key: string }) => sql`SELECT pg_advisory_xact_lock(hashtext(${v.key}))`,
);

const MIGRATION_LOCK = 7_341_001;

function connect(connectionString: string, max: number): Omit<Db, 'close'> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000, types });
  // An idle client dying (server restart) must not crash the process.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: plugins(),
  });
  return {
    kind: 'postgres',
    kysely,
    instant: (ms) => new Date(ms) as unknown as InstantValue,
    grouped: (fn) => kysely.transaction().execute(fn),
    async lockKey(trx, key) {
      await LOCK_KEY(kysely, trx, { key });
    },
    forUpdate: (qb, skipLocked) => (skipLocked ? qb.forUpdate().skipLocked() : qb.forUpdate()),
    migrations: {
      table:
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      async lock(trx) {
        await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      },
      async run(trx, text) {
        // No parameters: a simple query, which may hold several statements.
        await sql.raw(text).execute(trx);
      },
    },
    async erasing(tables, fn) {
      const n = await kysely.transaction().execute(fn);
      // https://www.postgresql.org/docs/current/routine-vacuuming.html
      if (n > 0) await sql`VACUUM ${sql.join(tables.map((t) => sql.table(t)))}`.execute(kysely);
      return n;
    },
  };
}

const openShared = sharedOpener(connect);

/** Lazily; one pool per process, `max` connections set by the first open. */
export function openPostgres(connectionString: string, max: number): Db {
  return openShared(connectionString, max);
}
