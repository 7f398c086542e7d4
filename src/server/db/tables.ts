/** Tables for Kysely on both engines (docs/decisions/033-one-store-on-kysely.md); epoch ms. */
import {
  CamelCasePlugin,
  type ColumnType,
  type Generated,
  type Kysely,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import type { SpamColumn } from '../enquiries/store.ts';
import type { Channel, EnquiryOrigin, EnquiryStatus } from '../inbox/types.ts';
import type { Role } from '../../lib/staff-roles.ts';
import type { VisitTraits } from '../statistics/views.ts';

declare const instantBrand: unique symbol;
/** `Db.instant(ms)`: ms on SQLite, a `Date` on PostgreSQL; branded so a bare number won't type. */
export type InstantValue = number & { readonly [instantBrand]: true };
type Instant = ColumnType<number, InstantValue, InstantValue>;
type InstantOrNull = ColumnType<number | null, InstantValue | null, InstantValue | null>;

export interface Database {
  schemaMigrations: { version: number; appliedAt: Instant };
  submissions: {
    /** SQLite only: FTS rowid, receipt ms × 1000 + arrival. */
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
    submissionId: string | null;
    channel: Channel;
    kind: 'enquiry' | 'invite';
    recipient: string | null;
    /** Invite JSON, cleared once sent or cancelled. */
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
  submissionsFts: { rowid: number };
  staff: {
    id: string;
    email: string;
    name: string;
    webauthnUserId: string;
    createdAt: Instant;
    disabledAt: InstantOrNull;
    role: ColumnType<Role, Role | undefined, Role>;
  };
  staffPasskeys: {
    id: string;
    staffId: string;
    publicKey: Uint8Array;
    counter: number;
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
  /** Immutable once written. */
  contentReleases: { number: number; publishedAt: Instant; author: string; note: string };
  /** Written only in the release that changed the item; `body` null: removed. */
  contentRevisions: {
    collection: string;
    itemKey: string;
    release: number;
    position: number;
    body: string | null;
  };
  /** `body` null: remove; `baseRelease` null: a new item; `version` counts saves. */
  contentDrafts: {
    collection: string;
    itemKey: string;
    body: string | null;
    /** A removal's: the body of the draft it replaced (migration 250). */
    removedBody: string | null;
    position: number;
    baseRelease: number | null;
    author: string;
    version: number;
    updatedAt: Instant;
  };
  contentPreviews: {
    id: string;
    tokenHash: string;
    path: string;
    changes: string;
    label: string;
    /** 1: a revocable share link; 0: a staff member's own look. */
    shared: number;
    createdBy: string;
    createdAt: Instant;
    expiresAt: number;
    revokedAt: number | null;
  };
  contentSchedules: {
    id: string;
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
  /** `release`: newest release once it ran; release N has the shape of steps with release ≤ N. */
  contentMigrations: {
    version: number;
    description: string;
    release: number | null;
    appliedAt: Instant;
  };
  /** `id`: SHA-256 hex (first 32) of the upload; width/height px after EXIF rotation. */
  contentMedia: {
    id: string;
    purpose: string;
    alt: string;
    decorative: number;
    sourceFormat: string;
    width: number;
    height: number;
    uploadedBy: string;
    uploadedAt: Instant;
    /** The focal point for crops, percent from the left and the top (migration 251). */
    focalX: Generated<number>;
    focalY: Generated<number>;
  };
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
  } & VisitTraits;
  statEnquiryOrigins: EnquiryOrigin & { submissionId: string; receivedAt: number };
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
  /**
   * Field Web Vitals reports per India day (its start, epoch ms), page, metric and value (ms,
   * CLS unitless) rounded up to its step (migration 302).
   */
  statVitals: { day: number; route: string; metric: string; value: number; reports: number };
  /** How far the days are rolled up: `until` epoch ms (exclusive), one row named `days`. */
  statRollup: { name: string; until: number };
  /** `hash`: SHA-256 hex of `bytes`. */
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

/** `receivedAt` here is `received_at` in SQL. */
export const plugins = () => [new CamelCasePlugin()];

/** One engine's connection and what the engines do differently; the stores' SQL is written once. */
export interface Db {
  readonly kind: 'sqlite' | 'postgres';
  /** SQLite `transaction()` is `BEGIN IMMEDIATE`: no read-lock upgrade deadlocks. */
  readonly kysely: Kysely<Database>;
  readonly instant: (ms: number) => InstantValue;
  /** SQLite: a loop turn's writes in one transaction, a SAVEPOINT each; PG: a transaction each. */
  grouped<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** PostgreSQL transaction advisory lock; none on SQLite (`BEGIN IMMEDIATE` has one writer). */
  lockKey(trx: Transaction<Database>, key: string): Promise<void>;
  /** PostgreSQL `FOR UPDATE` [`SKIP LOCKED`]; as is on SQLite (one writer). */
  forUpdate<TB extends keyof Database, O>(
    qb: SelectQueryBuilder<Database, TB, O>,
    skipLocked?: boolean,
  ): SelectQueryBuilder<Database, TB, O>;
  /** For `migrate.ts`: `run` takes several statements separated by semicolons. */
  readonly migrations: {
    table: string;
    lock(trx: Transaction<Database>): Promise<void>;
    run(trx: Transaction<Database>, sql: string): Promise<void>;
  };
  /** Runs `fn`, then purges deleted rows' traces (SQLite: zeroed pages, WAL truncate; VACUUM). */
  erasing(
    tables: readonly string[],
    fn: (trx: Transaction<Database>) => Promise<number>,
  ): Promise<number>;
  close(): Promise<void>;
}

/** One database per `key` per process, shared by stores; the last idempotent `close` ends it. */
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
