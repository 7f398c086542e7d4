/**
 * The enquiry database's tables as Kysely sees them (https://kysely.dev/docs/getting-started),
 * written once for SQLite and PostgreSQL, and `Db`, what each engine gives the stores
 * (`sqlite.ts`, `postgres.ts`; docs/decisions/033-one-store-on-kysely.md). The DDL is the
 * versioned steps of every feature (`./steps.ts`), in snake_case: Kysely's
 * `CamelCasePlugin` maps names both ways ({@link plugins}). Every time reads as epoch ms: SQLite
 * keeps INTEGER ms; PostgreSQL BIGINT ms for scheduling and `timestamptz` for an
 * {@link Instant}, read back as ms and written through `Db.instant`.
 */
import {
  CamelCasePlugin,
  type ColumnType,
  type Generated,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { SpamColumn } from '../enquiries/store.ts';
import type { Channel, EnquiryStatus } from '../inbox/types.ts';
import type { Role } from '../../lib/staff-roles.ts';

declare const instantBrand: unique symbol;
/**
 * What `Db.instant(ms)` makes for an {@link Instant} column: epoch ms on SQLite, a `Date` on
 * PostgreSQL. Only the query builder should hold it; the brand makes a bare number a type error.
 */
export type InstantValue = number & { readonly [instantBrand]: true };
/** A `timestamptz` on PostgreSQL, INTEGER ms on SQLite; epoch ms when read. */
type Instant = ColumnType<number, InstantValue, InstantValue>;
type InstantOrNull = ColumnType<number | null, InstantValue | null, InstantValue | null>;

export interface Database {
  schemaMigrations: { version: number; appliedAt: Instant };
  submissions: {
    /** SQLite only: the FTS rowid, receipt ms × 1000 + arrival (`FTS5.rowKey`, migration 2). */
    seq: ColumnType<number, number | undefined, never>;
    id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    receivedAt: Instant;
    ipHash: string;
    userAgent: string;
    privacyNoticeVersion: string;
    spam: SpamColumn;
    dedupeKey: string;
    status: EnquiryStatus;
    handledAt: InstantOrNull;
    releasedAt: InstantOrNull;
  };
  outbox: {
    id: string;
    /** Null for an invite. */
    submissionId: string | null;
    channel: Channel;
    kind: 'enquiry' | 'invite';
    recipient: string | null;
    /** An invite's JSON (`InviteNotice`), cleared once sent or cancelled. */
    payload: string | null;
    createdAt: number;
    attempts: Generated<number>;
    nextAttemptAt: number;
    leaseUntil: number | null;
    claimToken: string | null;
    lastError: string | null;
    sentAt: InstantOrNull;
    cancelledAt: InstantOrNull;
  };
  rateLimits: { key: string; windowStart: number; count: number };
  channelStatus: { channel: Channel; lastFailureAt: InstantOrNull; lastError: string | null };
  /** SQLite only: the FTS5 index over `submissions` (migration 2). */
  submissionsFts: { rowid: number };
  staff: {
    id: string;
    email: string;
    name: string;
    webauthnUserId: string;
    createdAt: Instant;
    disabledAt: InstantOrNull;
    /** Migration 220; `editor` when an insert leaves it out. */
    role: ColumnType<Role, Role | undefined, Role>;
  };
  staffPasskeys: {
    id: string;
    staffId: string;
    publicKey: Uint8Array;
    counter: number;
    /** JSON array of strings. */
    transports: string;
    createdAt: Instant;
    lastUsedAt: InstantOrNull;
  };
  staffInvites: {
    tokenHash: string;
    staffId: string;
    createdAt: Instant;
    expiresAt: number;
    usedAt: InstantOrNull;
  };
  staffSessions: {
    idHash: string;
    staffId: string;
    csrfToken: string;
    createdAt: number;
    lastSeenAt: number;
    expiresAt: number;
  };
  staffCeremonies: {
    idHash: string;
    purpose: 'sign-in' | 'enrol' | 'add-passkey';
    challenge: string;
    staffId: string | null;
    expiresAt: number;
  };
  staffAudit: {
    id: Generated<number>;
    at: Instant;
    staffId: string | null;
    action: string;
    enquiryId: string | null;
    detail: string;
  };
  /** A published release of the site's content: immutable once written (migration 200). */
  contentReleases: { number: number; publishedAt: Instant; author: string; note: string };
  /**
   * One item's value as of a release: written only in the release that changed it; `body` is its
   * JSON, null when that release removed it.
   */
  contentRevisions: {
    collection: string;
    itemKey: string;
    release: number;
    position: number;
    body: string | null;
  };
  /**
   * An item being edited, one row per item (migration 201): `body` its JSON as the schema outputs
   * it, null to remove it; `baseRelease` the release of the revision the edit began from (null: a
   * new item); `author` a staff id; `version` counts its saves.
   */
  contentDrafts: {
    collection: string;
    itemKey: string;
    body: string | null;
    position: number;
    baseRelease: number | null;
    author: string;
    version: number;
    updatedAt: Instant;
  };
  /** A preview of unpublished content, opened by a token kept only as its hash (migration 230). */
  contentPreviews: {
    id: string;
    tokenHash: string;
    path: string;
    /** JSON: the item changes laid over the newest release (`src/server/content/previews.ts`). */
    changes: string;
    label: string;
    /** 1: a share link, listed and revocable; 0: a staff member's own look. */
    shared: number;
    createdBy: string;
    createdAt: Instant;
    expiresAt: number;
    revokedAt: number | null;
  };
  /** Item changes to publish at `publishAt` (epoch ms), once (migration 231). */
  contentSchedules: {
    id: string;
    /** JSON, as `contentPreviews.changes`. */
    changes: string;
    label: string;
    author: string;
    note: string;
    publishAt: number;
    createdAt: Instant;
    release: number | null;
    settledAt: number | null;
    cancelledAt: number | null;
    error: string | null;
  };
  /**
   * A content migration applied (migration 240, `src/content/migrations.ts`): `release` the newest
   * release once it ran (the one it published, or the one it left unchanged; null before the
   * first), so a release's content is in the shape of every step with `release` ≤ its number.
   */
  contentMigrations: {
    version: number;
    description: string;
    release: number | null;
    appliedAt: Instant;
  };
  /**
   * An uploaded image (migration 210): `id` is the SHA-256 (hex, first 32) of the bytes uploaded,
   * `width`/`height` its pixels after EXIF rotation, `decorative` 1 when it has no alt text.
   */
  contentMedia: {
    id: string;
    purpose: string;
    alt: string;
    decorative: number;
    sourceFormat: string;
    width: number;
    height: number;
    /** The staff account's id. */
    uploadedBy: string;
    uploadedAt: Instant;
  };
  /** Visit statistics (migration 300, `src/server/statistics/migrations.ts`). */
  statSalts: { day: string; salt: string };
  statPageHours: { hour: number; route: string; item: string; views: number; visitors: number };
  statPageVisitors: { day: string; route: string; item: string; visitor: string };
  statVisits: {
    id: Generated<number>;
    day: string;
    visitor: string | null;
    firstOfDay: number;
    startedAt: number;
    lastAt: number;
    views: number;
    entryRoute: string;
    entryItem: string;
    exitRoute: string;
    exitItem: string;
    source: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
    device: string;
    browser: string;
    country: string;
  };
  statEnquiryOrigins: {
    submissionId: string;
    receivedAt: number;
    entryRoute: string;
    entryItem: string;
    source: string;
    utmCampaign: string;
    formRoute: string;
    viewsBefore: number;
  };
  /** Ended India days rolled up (migration 301): per dimension of a visit and its value. */
  statVisitDays: {
    day: number;
    dimension: string;
    value: string;
    visits: number;
    visitors: number;
    views: number;
    bounces: number;
    duration: number;
  };
  statPageDays: { day: number; route: string; item: string; views: number; visitors: number };
  /** How far the days are rolled up: `until` epoch ms (exclusive), one row named `days`. */
  statRollup: { name: string; until: number };
  /** One re-encoding of an uploaded image; `hash` the SHA-256 (hex) of `bytes`. */
  contentMediaVariants: {
    mediaId: string;
    format: string;
    width: number;
    height: number;
    hash: string;
    bytes: Uint8Array;
  };
}

export type Executor = Kysely<Database> | Transaction<Database>;

/** Both engines' Kysely plugins: `receivedAt` here is `received_at` in SQL. */
export const plugins = () => [new CamelCasePlugin()];

/**
 * One engine's connection and the few things the engines do differently; the rest of the SQL is
 * the stores', written once.
 */
export interface Db {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Its `transaction()` is `BEGIN IMMEDIATE` on SQLite: a writer takes the lock before it reads,
   * so two processes never deadlock upgrading a read lock
   * (https://www.sqlite.org/lang_transaction.html).
   */
  readonly kysely: Kysely<Database>;
  /** @param ms epoch ms, for an `Instant` column */
  readonly instant: (ms: number) => InstantValue;
  /**
   * The hot path's writes. SQLite: group commit, the writes of one event-loop turn in one
   * transaction, each in its own SAVEPOINT (a failure rolls back only itself), so one fsync covers
   * many visitors. PostgreSQL: a transaction each (the server commits concurrent ones together).
   */
  grouped<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Serialises this transaction with every other that passes `key` (the same enquiry's
   * duplicates): PostgreSQL's transaction-level advisory lock; on SQLite nothing, as
   * `BEGIN IMMEDIATE` already admits one writer at a time.
   */
  lockKey(trx: Transaction<Database>, key: string): Promise<void>;
  /**
   * Locks the rows `qb` reads until the transaction ends (PostgreSQL `FOR UPDATE`, with `SKIP
   * LOCKED` to pass over rows another holds); on SQLite as is, its one writer already excludes.
   */
  forUpdate<TB extends keyof Database, O>(
    qb: SelectQueryBuilder<Database, TB, O>,
    skipLocked?: boolean,
  ): SelectQueryBuilder<Database, TB, O>;
  /** The migration runner's engine parts (`migrate.ts`). */
  readonly migrations: {
    /** `CREATE TABLE IF NOT EXISTS schema_migrations …`, as this engine has always made it. */
    table: string;
    /** Taken first in the runner's transaction (SQLite's `BEGIN IMMEDIATE` already is one). */
    lock(trx: Transaction<Database>): Promise<void>;
    /** Runs one step's statements (several, separated by semicolons). */
    run(trx: Transaction<Database>, sql: string): Promise<void>;
  };
  /**
   * Erasure: runs `fn` in a transaction, then removes what the engine keeps of the deleted or
   * overwritten rows of `tables` (SQLite: zeroed pages, a truncated write-ahead log; PostgreSQL:
   * VACUUM).
   */
  erasing(
    tables: readonly string[],
    fn: (trx: Transaction<Database>) => Promise<number>,
  ): Promise<number>;
  close(): Promise<void>;
}

/**
 * One database per `key` in this process, shared by every store that opens it (the enquiries',
 * staff's and content's) and closed with the last: `connect` runs on the first open of a key,
 * and each returned handle's `close` is idempotent, the last one destroying the connection or pool.
 */
export function sharedOpener<A extends unknown[]>(
  connect: (key: string, ...args: A) => Omit<Db, 'close'>,
): (key: string, ...args: A) => Db {
  const open = new Map<string, { db: Omit<Db, 'close'>; users: number }>();
  return (key, ...args) => {
    const shared = open.get(key) ?? { db: connect(key, ...args), users: 0 };
    open.set(key, shared);
    shared.users += 1;
    let closed = false;
    return {
      ...shared.db,
      async close() {
        if (closed) return;
        closed = true;
        if (--shared.users > 0) return;
        open.delete(key);
        await shared.db.kysely.destroy();
      },
    };
  };
}
