/**
 * Schema migrations, run in order at start-up by `src/server/db/migrate.ts`; the enquiries' steps
 * count from 1, the staff app's from 100. A released step ({@link SQLITE_STEPS}, {@link PG_STEPS})
 * is never edited: every database that ran it must have the schema its version promises
 * (`tests/pipeline/migrate.test.ts` pins the text). A new step goes once into {@link SHARED_STEPS}
 * with Kysely's schema builder (https://kysely.dev/docs/migrations), raw `sql` only where the
 * engines differ. Times: epoch ms INTEGER on SQLite; on PostgreSQL timestamptz for what a person
 * reads, BIGINT epoch ms for scheduling (`src/server/db/tables.ts`).
 */
import { sql, type ColumnDataType, type Kysely } from 'kysely';

/** A released step: its SQL for one engine, as it ran. */
export interface SqlMigration {
  version: number;
  description: string;
  /** Several statements separated by semicolons. */
  sql: string;
}

/** A step written once for both engines with Kysely's schema builder. */
export interface BuilderMigration {
  version: number;
  description: string;
  /**
   * In the runner's transaction (a throw keeps nothing). `db` has no plugins (snake_case names)
   * and no table types: a migration must not depend on today's `Database`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
  up: (db: Kysely<any>, engine: Engine) => Promise<void>;
}

export type Migration = SqlMigration | BuilderMigration;
export type Engine = 'sqlite' | 'postgres';

/** The column types the engines spell differently, by meaning. */
export const COLUMN_TYPES: Record<
  Engine,
  { instant: ColumnDataType; epochMs: ColumnDataType; serialKey: ColumnDataType }
> = {
  // SQLite's INTEGER PRIMARY KEY numbers itself: the rowid
  // (https://www.sqlite.org/lang_createtable.html#rowid).
  sqlite: { instant: 'integer', epochMs: 'integer', serialKey: 'integer' },
  postgres: { instant: 'timestamptz', epochMs: 'bigint', serialKey: 'bigserial' },
};

/** SQLite's released steps, as they ran. */
const SQLITE_STEPS: readonly SqlMigration[] = [
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
const PG_STEPS: readonly SqlMigration[] = [
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

/**
 * Steps from version 4 on (101 for the staff app's; 200 for the site's content: 201 its drafts,
 * 210 its media, 220 staff roles, 230 and 231 previews and schedules).
 */
const SHARED_STEPS: readonly BuilderMigration[] = [
  {
    version: 200,
    description: 'content releases and the item revisions each published (src/server/content/)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_releases')
        .addColumn('number', 'integer', (c) => c.primaryKey())
        .addColumn('published_at', types.instant, (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('content_revisions')
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('release', 'integer', (c) => c.notNull().references('content_releases.number'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('content_revisions_pk', ['collection', 'item_key', 'release'])
        .execute();
      await db.schema
        .createIndex('content_revisions_release')
        .on('content_revisions')
        .column('release')
        .execute();
    },
  },
  {
    version: 201,
    description: 'content drafts: one per item being edited (src/server/content/drafts.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_drafts')
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('base_release', 'integer')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', types.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint('content_drafts_pk', ['collection', 'item_key'])
        .execute();
    },
  },
  {
    version: 210,
    description: 'uploaded images and their re-encoded variants (src/server/content/media.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('alt', 'text', (c) => c.notNull())
        .addColumn('decorative', 'integer', (c) => c.notNull())
        .addColumn('source_format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', types.instant, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('content_media_variants')
        .addColumn('media_id', 'text', (c) => c.notNull().references('content_media.id'))
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('bytes', engine === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_media_variants_pk', ['media_id', 'format', 'width'])
        .execute();
    },
  },
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
  {
    version: 230,
    description: 'previews of unpublished content and share links (src/server/content/previews.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_previews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', types.instant, (c) => c.notNull())
        .addColumn('expires_at', types.epochMs, (c) => c.notNull())
        .addColumn('revoked_at', types.epochMs)
        .execute();
    },
  },
  {
    version: 231,
    description: 'content changes scheduled to publish (src/server/content/schedules.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_schedules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('publish_at', types.epochMs, (c) => c.notNull())
        .addColumn('created_at', types.instant, (c) => c.notNull())
        .addColumn('release', 'integer')
        .addColumn('settled_at', types.epochMs)
        .addColumn('cancelled_at', types.epochMs)
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('content_schedules_due')
        .on('content_schedules')
        .columns(['settled_at', 'publish_at'])
        .execute();
    },
  },
];

/** Every step on SQLite, released and shared. */
export const SQLITE_MIGRATIONS: readonly Migration[] = [...SQLITE_STEPS, ...SHARED_STEPS];
/** Every step on PostgreSQL, released and shared. */
export const PG_MIGRATIONS: readonly Migration[] = [...PG_STEPS, ...SHARED_STEPS];
