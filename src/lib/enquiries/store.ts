/**
 * The storage interface of the enquiry pipeline (docs/product.md#enquiry-handling). Two implementations:
 * `sqlite-store.ts` (node:sqlite, the default) and `pg-store.ts` (PostgreSQL when
 * DATABASE_URL is set). The same test suite (tests/pipeline/store.test.ts) runs against both.
 *
 * All times are JavaScript epoch milliseconds (UTC) at this boundary.
 */

export type SpamVerdict = 'ham' | 'honeypot' | 'too-fast' | 'bad-token';

/** What the action hands to the store. */
export interface NewSubmission {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: number;
  ipHash: string;
  userAgent: string;
  privacyNoticeVersion: string;
  spam: SpamVerdict;
  /** SHA-256 of the four normalised fields; identical content within the window is stored once. */
  dedupeKey: string;
}

/** A stored submission as listed and exported. */
export interface StoredSubmission extends Omit<NewSubmission, 'dedupeKey'> {
  /** Notification state: 'sent' | 'pending' | 'failing' | 'none' (spam is never notified). */
  notification: 'sent' | 'pending' | 'failing' | 'none';
}

/** A claimed outbox row with the submission it notifies about. */
export interface OutboxJob {
  outboxId: string;
  /** Random per claim; only the holder of the current claim may mark the row sent. */
  claimToken: string;
  attempts: number;
  submission: Omit<NewSubmission, 'dedupeKey'>;
}

export interface InsertResult {
  /** Id of the stored row (the earlier one when this was a duplicate). */
  id: string;
  duplicate: boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, including this one. */
  count: number;
  /** When the current window ends, ms; callers turn it into Retry-After. */
  resetAt: number;
}

export interface ListOptions {
  includeSpam?: boolean;
  limit?: number;
}

/** Totals for the CLI and the metrics endpoint. */
export interface StoreCounts {
  /** Stored enquiries judged genuine. */
  submissions: number;
  /** Stored enquiries judged spam (kept, never notified). */
  spam: number;
  /** Outbox items not yet delivered (the backlog). */
  pending: number;
  sent: number;
  /** Receipt time (epoch ms) of the oldest undelivered enquiry; null when the outbox is empty. */
  oldestPendingAt: number | null;
}

export interface SubmissionStore {
  /** 'sqlite' or 'postgres', for logs and tests. */
  readonly kind: 'sqlite' | 'postgres';
  /** Apply pending versioned migrations (idempotent; safe with several instances). */
  migrate(): Promise<void>;
  /** Resolve when the store answers a trivial query; reject otherwise (for /healthz). */
  ping(): Promise<void>;
  /**
   * Count one hit for `key` in a fixed window of `windowMs` and say whether it is within `max`.
   * Kept in the store so the limit holds across instances.
   */
  hitRateLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;
  /**
   * Store a submission and, unless it is spam, its outbox row, in ONE transaction. An identical
   * submission (same dedupeKey) received within `dedupeWindowMs` is not stored again.
   */
  insertSubmission(sub: NewSubmission, dedupeWindowMs: number): Promise<InsertResult>;
  /**
   * The action's hot path in ONE transaction: count a rate-limit hit for `limit.key`; when it is
   * within `limit.max`, store the submission (same rules as insertSubmission). `stored` is
   * undefined when the limit refused it.
   */
  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }>;
  /**
   * Claim up to `limit` due outbox rows (next attempt ≤ now, not sent, lease expired) for
   * `leaseMs`. A row is never handed to two claimers at once.
   */
  claimDue(now: number, leaseMs: number, limit: number): Promise<OutboxJob[]>;
  /** Mark sent if the claim is still ours; false when it was not (someone else holds it). */
  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean>;
  /** Record a failed attempt and when to try next; releases the lease. */
  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
  ): Promise<void>;
  /** Earliest next_attempt_at among unsent rows, or null when nothing is pending. */
  nextDueAt(): Promise<number | null>;
  /** Newest first. */
  list(opts?: ListOptions): Promise<StoredSubmission[]>;
  /** Delete every submission (and outbox row) with this email, case-insensitive; returns count. */
  eraseByEmail(email: string): Promise<number>;
  /** Delete submissions received before `before` (ms) with their outbox rows; returns count. */
  purgeOlderThan(before: number): Promise<number>;
  /** Make every unsent outbox row due now (after a fixed SMTP outage); returns count. */
  retryFailed(now: number): Promise<number>;
  /** Counts for tests and the bench. */
  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** Exponential backoff for attempt n (1-based): 30 s, 60 s, 2 min … capped at 1 h. Never gives up. */
export function backoffMs(attempts: number, baseMs = 30_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
