/**
 * The staff side's database steps (accounts, passkeys, invites, sessions, ceremonies, the audit
 * log, roles), versions 100–199 and 220, run with every feature's by `src/server/db/migrate.ts`
 * (`src/server/db/steps.ts`); the rules of `src/server/enquiries/migrations.ts`.
 */
import { sql } from 'kysely';
import type { BuilderMigration, SqlMigration } from '../db/migrate.ts';

/**
 * A released step's column types on each engine, as its SQL spelled them: `instant` what a person
 * reads, `int64` epoch ms and counts, `bytes` binary, `serialKey` an auto-numbered key.
 */
interface ReleasedTypes {
  instant: string;
  int64: string;
  bytes: string;
  serialKey: string;
}

const SQLITE: ReleasedTypes = {
  instant: 'INTEGER',
  int64: 'INTEGER',
  bytes: 'BLOB',
  serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
};
const PG: ReleasedTypes = {
  instant: 'TIMESTAMPTZ',
  int64: 'BIGINT',
  bytes: 'BYTEA',
  serialKey: 'BIGSERIAL PRIMARY KEY',
};

/**
 * Step 100 on one engine, the two alike but for the column types: the text is exactly as it ran
 * on each (`tests/pipeline/migrate.test.ts` pins both).
 */
const step100 = (t: ReleasedTypes): SqlMigration => ({
  version: 100,
  description: 'staff accounts, passkeys, invites, sessions, ceremonies, audit log',
  sql: `
      CREATE TABLE staff (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at ${t.instant} NOT NULL,
        disabled_at ${t.instant}
      );
      CREATE UNIQUE INDEX staff_email ON staff (lower(email));
      CREATE TABLE staff_passkeys (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        public_key ${t.bytes} NOT NULL,
        counter ${t.int64} NOT NULL,
        transports TEXT NOT NULL,
        created_at ${t.instant} NOT NULL,
        last_used_at ${t.instant}
      );
      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE staff_invites (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        created_at ${t.instant} NOT NULL,
        expires_at ${t.int64} NOT NULL,
        used_at ${t.instant}
      );
      CREATE INDEX staff_invites_staff ON staff_invites (staff_id);
      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        csrf_token TEXT NOT NULL,
        created_at ${t.int64} NOT NULL,
        last_seen_at ${t.int64} NOT NULL,
        expires_at ${t.int64} NOT NULL
      );
      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE staff_ceremonies (
        id_hash TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        challenge TEXT NOT NULL,
        staff_id TEXT,
        expires_at ${t.int64} NOT NULL
      );
      CREATE TABLE staff_audit (
        id ${t.serialKey},
        at ${t.instant} NOT NULL,
        staff_id TEXT REFERENCES staff (id),
        action TEXT NOT NULL,
        enquiry_id TEXT,
        detail TEXT NOT NULL
      );
      CREATE INDEX staff_audit_at ON staff_audit (at);
    `,
});

/** SQLite's released steps, as they ran. */
export const STAFF_SQLITE_STEPS: readonly SqlMigration[] = [step100(SQLITE)];

/** PostgreSQL's released steps, as they ran. */
export const STAFF_PG_STEPS: readonly SqlMigration[] = [step100(PG)];

/** Steps written once for both engines. */
export const STAFF_STEPS: readonly BuilderMigration[] = [
  {
    version: 220,
    description: 'a role on each staff account; accounts from before roles become owners',
    async up(db) {
      // New accounts default to the least role; every account that exists now had every right.
      await db.schema
        .alterTable('staff')
        .addColumn('role', 'text', (c) =>
          c
            .notNull()
            .defaultTo('editor')
            .check(sql`role IN ('editor', 'publisher', 'owner')`),
        )
        .execute();
      await db.updateTable('staff').set({ role: 'owner' }).execute();
    },
  },
];
