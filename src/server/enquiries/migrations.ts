/**
 * Versioned schema migrations, applied in order at start-up and recorded in
 * `schema_migrations`. Never edit a released step; append a new version instead.
 *
 * SQLite stores times as INTEGER epoch ms; PostgreSQL uses timestamptz for instants a person
 * reads (received_at, sent_at) and BIGINT epoch ms for scheduling columns.
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
];
