/**
 * The enquiry pipeline's database steps (its tables: submissions, outbox, rate limits, search,
 * channel state, backups), versions 1–99, run with every feature's by `src/server/db/migrate.ts`
 * (`src/server/db/steps.ts`). A released step is never edited: every database that ran it must
 * have the schema its version promises (`tests/pipeline/migrate.test.ts` pins the text). A new
 * step is a {@link BuilderMigration} written once for both engines with Kysely's schema builder
 * (https://kysely.dev/docs/migrations), raw `sql` only where the engines differ. Times: epoch ms
 * INTEGER on SQLite; on PostgreSQL timestamptz for what a person reads, BIGINT epoch ms for
 * scheduling (`src/server/db/tables.ts`).
 */
import type { SqlMigration } from '../db/migrate.ts';

/** SQLite's released steps, as they ran. */
export const ENQUIRY_SQLITE_STEPS: readonly SqlMigration[] = [
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
    version: 2,
    description: 'enquiry statuses, one outbox row per channel, invites, full-text index',
    // SQLite cannot drop the outbox's UNIQUE (submission_id) or add a stable integer key in
    // place, so both tables are rebuilt (https://www.sqlite.org/lang_altertable.html#otheralter);
    // the new outbox references submissions_v2, so dropping the old tables cascades into nothing.
    // `seq`, the FTS rowid, is an INTEGER PRIMARY KEY to survive VACUUM
    // (https://www.sqlite.org/lang_vacuum.html), in receipt order (`FTS5.rowKey`), so a search
    // walks its matches newest first and stops at the page's end.
    sql: `
      CREATE TABLE submissions_v2 (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        ip_hash TEXT NOT NULL,
        user_agent TEXT NOT NULL,
        privacy_notice_version TEXT NOT NULL,
        spam TEXT NOT NULL,
        dedupe_key TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('new', 'handled', 'held', 'released', 'erased')),
        handled_at INTEGER,
        released_at INTEGER
      );
      INSERT INTO submissions_v2 (seq, id, name, email, subject, message, received_at, ip_hash,
          user_agent, privacy_notice_version, spam, dedupe_key, status)
        SELECT received_at * 1000 + ROW_NUMBER() OVER (PARTITION BY received_at ORDER BY id) - 1,
               id, name, email, subject, message, received_at, ip_hash, user_agent,
               privacy_notice_version, spam, dedupe_key,
               CASE WHEN spam = 'ham' THEN 'new' ELSE 'held' END
        FROM submissions ORDER BY received_at, id;
      CREATE TABLE outbox_v2 (
        id TEXT PRIMARY KEY,
        submission_id TEXT REFERENCES submissions_v2 (id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('email', 'slack', 'webhook')),
        kind TEXT NOT NULL CHECK (kind IN ('enquiry', 'invite')),
        recipient TEXT,
        payload TEXT,
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        claim_token TEXT,
        last_error TEXT,
        sent_at INTEGER,
        cancelled_at INTEGER,
        UNIQUE (submission_id, channel)
      );
      INSERT INTO outbox_v2 (id, submission_id, channel, kind, created_at, attempts,
          next_attempt_at, lease_until, claim_token, last_error, sent_at)
        SELECT o.id, o.submission_id, 'email', 'enquiry', s.received_at, o.attempts,
               o.next_attempt_at, o.lease_until, o.claim_token, o.last_error, o.sent_at
        FROM outbox o JOIN submissions s ON s.id = o.submission_id;
      DROP TABLE outbox;
      DROP TABLE submissions;
      ALTER TABLE submissions_v2 RENAME TO submissions;
      ALTER TABLE outbox_v2 RENAME TO outbox;
      CREATE INDEX submissions_dedupe ON submissions (dedupe_key, received_at);
      CREATE INDEX submissions_received ON submissions (received_at);
      CREATE INDEX submissions_status ON submissions (status, seq);
      CREATE INDEX submissions_email ON submissions (lower(email));
      CREATE INDEX outbox_due ON outbox (channel, next_attempt_at)
        WHERE sent_at IS NULL AND cancelled_at IS NULL;
      CREATE INDEX outbox_recipient ON outbox (lower(recipient)) WHERE recipient IS NOT NULL;
      CREATE TABLE channel_status (
        channel TEXT PRIMARY KEY,
        last_failure_at INTEGER,
        last_error TEXT
      );
      -- External-content FTS5 over the four fields and the status, kept in step by triggers
      -- (https://www.sqlite.org/fts5.html#external_content_tables). Words as written, case
      -- folded: no stemming and no accent folding, like PostgreSQL's 'simple' configuration.
      -- The status is indexed too so that a search within one status is an intersection
      -- inside the index, never a read of every matching row (decision 032).
      CREATE VIRTUAL TABLE submissions_fts USING fts5(
        name, email, subject, message, status,
        content = 'submissions', content_rowid = 'seq',
        tokenize = 'unicode61 remove_diacritics 0'
      );
      INSERT INTO submissions_fts (submissions_fts) VALUES ('rebuild');
      -- A deleted or changed row's words leave the index at once instead of waiting behind a
      -- delete marker for the next merge: erasure must not leave them in the file
      -- (https://www.sqlite.org/fts5.html#the_secure_delete_configuration_option).
      INSERT INTO submissions_fts (submissions_fts, rank) VALUES ('secure-delete', 1);
      CREATE TRIGGER submissions_fts_insert AFTER INSERT ON submissions BEGIN
        INSERT INTO submissions_fts (rowid, name, email, subject, message, status)
          VALUES (new.seq, new.name, new.email, new.subject, new.message, new.status);
      END;
      CREATE TRIGGER submissions_fts_delete AFTER DELETE ON submissions BEGIN
        INSERT INTO submissions_fts (submissions_fts, rowid, name, email, subject, message, status)
          VALUES ('delete', old.seq, old.name, old.email, old.subject, old.message, old.status);
      END;
      CREATE TRIGGER submissions_fts_update AFTER UPDATE OF name, email, subject, message, status
          ON submissions BEGIN
        INSERT INTO submissions_fts (submissions_fts, rowid, name, email, subject, message, status)
          VALUES ('delete', old.seq, old.name, old.email, old.subject, old.message, old.status);
        INSERT INTO submissions_fts (rowid, name, email, subject, message, status)
          VALUES (new.seq, new.name, new.email, new.subject, new.message, new.status);
      END;
    `,
  },
  {
    version: 3,
    description: 'backups: what each successful backup wrote, for the last-backup metric',
    // Written by `npm run enquiries -- backup` after the copy is checked and in place; read by
    // the server's `backup_last_success_timestamp_seconds` (docs/decisions/035-backups-and-restore.md).
    sql: `
      CREATE TABLE backups (
        id INTEGER PRIMARY KEY,
        finished_at INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        file TEXT NOT NULL
      );
      CREATE INDEX backups_finished ON backups (finished_at);
    `,
  },
];

/** PostgreSQL's released steps, as they ran. */
export const ENQUIRY_PG_STEPS: readonly SqlMigration[] = [
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
    version: 2,
    description: 'enquiry statuses, one outbox row per channel, invites, full-text index',
    // A stored generated tsvector with a GIN index
    // (https://www.postgresql.org/docs/current/textsearch-tables.html). 'simple': no stemming or
    // stop words (names are not English). The address also goes in split at @ and dots, as FTS5
    // sees it. `<>&/` become spaces, or the parser would drop `<b>` and `&amp;` as markup and
    // keep a URL as one word; the query gets the same (`TSVECTOR`, search.ts).
    sql: `
      ALTER TABLE submissions
        ADD COLUMN status TEXT,
        ADD COLUMN handled_at TIMESTAMPTZ,
        ADD COLUMN released_at TIMESTAMPTZ;
      UPDATE submissions SET status = CASE WHEN spam = 'ham' THEN 'new' ELSE 'held' END;
      ALTER TABLE submissions
        ALTER COLUMN status SET NOT NULL,
        ADD CONSTRAINT submissions_status_check
          CHECK (status IN ('new', 'handled', 'held', 'released', 'erased')),
        ADD COLUMN search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple'::regconfig, translate(
            name || ' ' || email || ' ' || translate(email, '@.', '  ') || ' ' ||
            subject || ' ' || message, '<>&/', '    '))
        ) STORED;
      CREATE INDEX submissions_search ON submissions USING GIN (search);
      DROP INDEX submissions_received;
      CREATE INDEX submissions_received ON submissions (received_at DESC, id DESC);
      CREATE INDEX submissions_status ON submissions (status, received_at DESC, id DESC);
      ALTER TABLE outbox
        ADD COLUMN channel TEXT NOT NULL DEFAULT 'email'
          CHECK (channel IN ('email', 'slack', 'webhook')),
        ADD COLUMN kind TEXT NOT NULL DEFAULT 'enquiry' CHECK (kind IN ('enquiry', 'invite')),
        ADD COLUMN recipient TEXT,
        ADD COLUMN payload TEXT,
        ADD COLUMN created_at BIGINT,
        ADD COLUMN cancelled_at TIMESTAMPTZ,
        ALTER COLUMN submission_id DROP NOT NULL,
        DROP CONSTRAINT outbox_submission_id_key,
        ADD CONSTRAINT outbox_submission_channel UNIQUE (submission_id, channel);
      UPDATE outbox o SET created_at = (extract(epoch FROM s.received_at) * 1000)::bigint
        FROM submissions s WHERE s.id = o.submission_id;
      ALTER TABLE outbox
        ALTER COLUMN created_at SET NOT NULL,
        ALTER COLUMN channel DROP DEFAULT,
        ALTER COLUMN kind DROP DEFAULT;
      DROP INDEX outbox_due;
      CREATE INDEX outbox_due ON outbox (channel, next_attempt_at)
        WHERE sent_at IS NULL AND cancelled_at IS NULL;
      CREATE INDEX outbox_recipient ON outbox (lower(recipient)) WHERE recipient IS NOT NULL;
      CREATE TABLE channel_status (
        channel TEXT PRIMARY KEY,
        last_failure_at TIMESTAMPTZ,
        last_error TEXT
      );
    `,
  },
  {
    version: 3,
    description: 'backups: what each successful backup wrote, for the last-backup metric',
    // Written by the pg_dump script of deploy/kubernetes/postgres-backup.sh after the archive is
    // checked and in place (docs/decisions/035-backups-and-restore.md).
    sql: `
      CREATE TABLE backups (
        id BIGSERIAL PRIMARY KEY,
        finished_at TIMESTAMPTZ NOT NULL,
        bytes BIGINT NOT NULL,
        duration_ms INTEGER NOT NULL,
        file TEXT NOT NULL
      );
      CREATE INDEX backups_finished ON backups (finished_at);
    `,
  },
];
