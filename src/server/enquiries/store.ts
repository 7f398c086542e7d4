/**
 * The storage interface of the enquiry pipeline. Two implementations:
 * `sqlite-store.ts` (node:sqlite, the default) and `pg-store.ts` (PostgreSQL when
 * DATABASE_URL is set). The same test suites (tests/pipeline/store.test.ts,
 * tests/pipeline/inbox-store.test.ts) run against both.
 *
 * The outbox holds one delivery row per enquiry per channel (unique on the pair), plus staff
 * invite e-mails; each channel's worker claims only its own rows
 * (docs/decisions/031-notification-channels-through-the-outbox.md).
 *
 * All times are JavaScript epoch milliseconds (UTC) at this boundary.
 */
import type { Channel, DeliveryHealth, EnquiryStatus, InboxEnquiry } from '../inbox/types.ts';

/**
 * The verdict at receipt (`ham` a person; the rest spam, never notified), or `staff` once staff
 * marked it spam; `''` on an erased enquiry's tombstone.
 */
export type SpamVerdict = 'ham' | 'honeypot' | 'too-fast' | 'bad-token';
/** What the `spam` column may hold: a verdict, `staff` (marked spam by staff), '' (erased). */
export type SpamColumn = SpamVerdict | 'staff' | '';

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
export interface StoredSubmission extends Omit<NewSubmission, 'dedupeKey' | 'spam'> {
  spam: SpamColumn;
  status: EnquiryStatus;
  /**
   * Notification state, the worst over its channels: 'failing' | 'pending' | 'sent' | 'none'
   * (held enquiries are never notified; cancelled deliveries count as none).
   */
  notification: 'sent' | 'pending' | 'failing' | 'none';
}

/** The enquiry a delivery notifies about (what a channel may send). */
export type Notice = Omit<NewSubmission, 'dedupeKey'>;

/** A staff invite e-mail waiting in the outbox (the link is a one-time credential). */
export interface InviteNotice {
  to: string;
  link: string;
  /** Epoch ms; an invite not sent by then is cancelled instead. */
  expiresAt: number;
}

/** A claimed outbox row with what it delivers. */
export type OutboxJob = {
  outboxId: string;
  channel: Channel;
  /** Random per claim; only the holder of the current claim may mark the row sent. */
  claimToken: string;
  attempts: number;
} & ({ kind: 'enquiry'; submission: Notice } | { kind: 'invite'; invite: InviteNotice });

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
  /** Every status when true; otherwise held (spam) enquiries are left out. Ignored with `status`. */
  includeSpam?: boolean;
  /** Only this status. */
  status?: EnquiryStatus;
  /** Full-text search terms from {@link searchTerms} (`src/server/enquiries/search.ts`). */
  terms?: readonly string[];
  limit?: number;
}

/** One page of the inbox as the store reads it (newest first). */
export interface PageQuery {
  status?: EnquiryStatus;
  /** Search terms from `searchTerms`; empty or absent: no text filter. */
  terms?: readonly string[];
  offset: number;
  limit: number;
  /**
   * Count matches only up to this many (a search's count is the costly part at scale:
   * docs/decisions/032-search-in-the-stores-own-index.md); absent: count them all.
   */
  countLimit?: number;
}

/** A listed enquiry before the service trims its message into an excerpt. */
export interface PageRow {
  id: string;
  receivedAt: number;
  status: EnquiryStatus;
  name: string;
  email: string;
  subject: string;
  message: string;
  delivery: 'delivered' | 'pending' | 'failing' | 'none';
}

/** One enquiry in full, message included; the service adds the excerpt. */
export type EnquiryRecord = Omit<InboxEnquiry, 'excerpt'>;

/** What a staff action did; see `InboxService` in `src/server/inbox/types.ts`. */
export type HandledResult = 'ok' | 'not-found' | 'invalid';
export type ReleaseResult = 'released' | 'not-held' | 'not-found';
export type SpamResult = 'ok' | 'already' | 'not-found' | 'invalid';

/** Per-channel delivery figures (the contract's `DeliveryHealth` without `configured`). */
export interface ChannelFigures {
  channel: Channel;
  /** Undelivered (not sent, not cancelled) deliveries. */
  backlog: number;
  /** When the oldest undelivered delivery was queued, epoch ms; null when none. */
  oldestQueuedAt: number | null;
  lastFailureAt: number | null;
  lastError: string | null;
}

/** What `health()` and the metrics read from the store. */
export interface DeliveryFigures {
  channels: ChannelFigures[];
  oldestUndeliveredAt: DeliveryHealth['oldestUndeliveredAt'];
}

/** Totals for tests and the bench. */
export interface StoreCounts {
  /** Stored enquiries judged genuine at receipt. */
  submissions: number;
  /** Stored enquiries judged spam at receipt (kept, never notified unless released). */
  spam: number;
  /** Outbox items not yet delivered and not cancelled (the backlog). */
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
   * The action's hot path in ONE transaction: count a rate-limit hit for `limit.key` in a fixed
   * window of `limit.windowMs` (kept in the store so the limit holds across instances); when it
   * is within `limit.max`, store the submission (status `new`, or `held` when spam) and, unless
   * it is spam, one outbox row per channel in `channels` (default: e-mail only). An identical
   * submission (same dedupeKey) received within `dedupeWindowMs` is not stored again.
   * `stored` is undefined when the limit refused it.
   */
  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
    channels?: readonly Channel[],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }>;
  /**
   * Claim up to `limit` due outbox rows of `channel` (next attempt ≤ now, not sent, not
   * cancelled, lease expired) for `leaseMs`. A row is never handed to two claimers at once.
   */
  claimDue(now: number, leaseMs: number, limit: number, channel?: Channel): Promise<OutboxJob[]>;
  /**
   * Mark sent if the claim is still ours; false when it was not (someone else holds it). An
   * invite's payload (its one-time link) is cleared.
   */
  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean>;
  /**
   * Record a failed attempt (`error`: a short text without personal data, kept ≤ 200
   * characters) and when to try next; releases the lease and records the channel's last failure
   * at `now` (default: the current time).
   */
  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
    now?: number,
  ): Promise<void>;
  /** Give up a claimed row for good (an invite that expired unsent); clears its payload. */
  markCancelled(outboxId: string, claimToken: string, reason: string, now: number): Promise<void>;
  /** Earliest due time among undelivered rows (of `channel`, when given), or null. */
  nextDueAt(channel?: Channel): Promise<number | null>;
  /** Newest first. */
  list(opts?: ListOptions): Promise<StoredSubmission[]>;
  /**
   * One page of the inbox, newest first, and how many enquiries match in all (at most
   * `countLimit`; `capped` when there are more).
   */
  page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }>;
  /** One enquiry in full with its deliveries; null when there is no such id. */
  get(id: string): Promise<EnquiryRecord | null>;
  /** new | released → handled (`handled`), handled → new (not `handled`); idempotent. */
  setHandled(id: string, handled: boolean, now: number): Promise<HandledResult>;
  /**
   * held → released in one transaction with one outbox row per channel in `channels`: a
   * channel that already delivered it gets nothing, one cancelled by an earlier mark-spam is
   * due again. The status change is the guard: of two concurrent releases one finds the row
   * held, the other `not-held`; the unique (enquiry, channel) pair backs it up.
   */
  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult>;
  /** new | handled | released → held (spam reason `staff`); cancels undelivered deliveries. */
  markSpam(id: string, now: number): Promise<SpamResult>;
  /** Queue a staff invite e-mail on the e-mail channel, due now. */
  enqueueInvite(invite: InviteNotice, now: number): Promise<void>;
  /** Per channel: backlog, oldest queued, last failure; and the oldest undelivered enquiry. */
  deliveryFigures(): Promise<DeliveryFigures>;
  /**
   * Erase every submission with this email, case-insensitive, to a tombstone (id, receipt time,
   * status `erased`); delete its outbox rows and invites to the address, and purge the search
   * index of the old text. Returns how many enquiries were erased.
   */
  eraseByEmail(email: string): Promise<number>;
  /** Delete submissions received before `before` (ms) with their outbox rows; returns count. */
  purgeOlderThan(before: number): Promise<number>;
  /** Make every undelivered outbox row due now (after a fixed outage); returns count. */
  retryFailed(now: number): Promise<number>;
  /** Counts for tests and the bench. */
  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** Exponential backoff for attempt n (1-based): 30 s, 60 s, 2 min … capped at 1 h. Never gives up. */
export function backoffMs(attempts: number, baseMs = 30_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
