/**
 * Versioned schema migrations, applied in order at start-up and recorded in
 * `schema_migrations`. Never edit a released step; append a new version instead.
 *
 * SQLite stores times as INTEGER epoch ms; PostgreSQL uses timestamptz for instants a person
 * reads (received_at, sent_at) and BIGINT epoch ms for scheduling columns.
 *
 * Versions 2, 3 … belong to the inbox's enquiry statuses; versions from 100 to the staff side
 * (`src/server/staff/`), whose tables depend on no column of the enquiry tables.
 */
export interface Migration {
  version: number;
  description: string;
  sql: string;
}

export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'submissions, outbox, rate limits',
    sql: `
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        ip_hash TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        privacy_notice_version TEXT NOT NULL,
        spam TEXT NOT NULL,
        dedupe_key TEXT NOT NULL
      );
      CREATE INDEX submissions_dedupe ON submissions (dedupe_key, received_at);
      CREATE INDEX submissions_received ON submissions (received_at);
      CREATE INDEX submissions_email ON submissions (lower(email));
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        submission_id TEXT NOT NULL UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        claim_token TEXT,
        last_error TEXT,
        sent_at INTEGER
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        count INTEGER NOT NULL
      );
    `,
  },
  {
    version: 100,
    description: 'staff accounts, passkeys, invites, sessions, ceremonies, audit log',
    sql: `
      CREATE TABLE staff (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        disabled_at INTEGER
      );
      CREATE UNIQUE INDEX staff_email ON staff (lower(email));
      CREATE TABLE staff_passkeys (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER
      );
      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE staff_invites (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE INDEX staff_invites_staff ON staff_invites (staff_id);
      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE staff_ceremonies (
        id_hash TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        challenge TEXT NOT NULL,
        staff_id TEXT,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE staff_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at INTEGER NOT NULL,
        staff_id TEXT REFERENCES staff (id),
        action TEXT NOT NULL,
        enquiry_id TEXT,
        detail TEXT NOT NULL
      );
      CREATE INDEX staff_audit_at ON staff_audit (at);
    `,
  },
];

export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'submissions, outbox, rate limits',
    sql: `
      CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        received_at TIMESTAMPTZ NOT NULL,
        ip_hash TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        privacy_notice_version TEXT NOT NULL,
        spam TEXT NOT NULL,
        dedupe_key TEXT NOT NULL
      );
      CREATE INDEX submissions_dedupe ON submissions (dedupe_key, received_at);
      CREATE INDEX submissions_received ON submissions (received_at);
      CREATE INDEX submissions_email ON submissions (lower(email));
      CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        submission_id TEXT NOT NULL UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT,
        claim_token TEXT,
        last_error TEXT,
        sent_at TIMESTAMPTZ
      );
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL
      );
    `,
  },
  {
    version: 100,
    description: 'staff accounts, passkeys, invites, sessions, ceremonies, audit log',
    sql: `
      CREATE TABLE staff (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL,
        disabled_at TIMESTAMPTZ
      );
      CREATE UNIQUE INDEX staff_email ON staff (lower(email));
      CREATE TABLE staff_passkeys (
        id TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        public_key BYTEA NOT NULL,
        counter BIGINT NOT NULL,
        transports TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        last_used_at TIMESTAMPTZ
      );
      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
      CREATE TABLE staff_invites (
        token_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        created_at TIMESTAMPTZ NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at TIMESTAMPTZ
      );
      CREATE INDEX staff_invites_staff ON staff_invites (staff_id);
      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id TEXT NOT NULL REFERENCES staff (id),
        csrf_token TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        last_seen_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
      CREATE TABLE staff_ceremonies (
        id_hash TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        challenge TEXT NOT NULL,
        staff_id TEXT,
        expires_at BIGINT NOT NULL
      );
      CREATE TABLE staff_audit (
        id BIGSERIAL PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL,
        staff_id TEXT REFERENCES staff (id),
        action TEXT NOT NULL,
        enquiry_id TEXT,
        detail TEXT NOT NULL
      );
      CREATE INDEX staff_audit_at ON staff_audit (at);
    `,
  },
];
