/**
 * The enquiry pipeline's storage contract, written once on SQLite and PostgreSQL (`sql-store.ts`,
 * docs/decisions/033-one-store-on-kysely.md) and held to one test suite on both; times are epoch
 * ms. The outbox holds a delivery row per enquiry per channel, and invites
 * (docs/decisions/031-notification-channels-through-the-outbox.md).
 */
import type {
  Channel,
  DeliveryHealth,
  EnquiryStatus,
  InboxEnquiry,
  InboxRow,
} from '../inbox/types.ts';

/** The verdict at receipt: `ham` is a person; the rest are spam, never notified. */
export type SpamVerdict = 'ham' | 'honeypot' | 'too-fast' | 'bad-token';
/** `staff`: marked spam by staff; `''`: erased. */
export type SpamColumn = SpamVerdict | 'staff' | '';

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

/** As listed and exported. */
export interface StoredSubmission extends Omit<NewSubmission, 'dedupeKey' | 'spam'> {
  spam: SpamColumn;
  status: EnquiryStatus;
  /** The worst over its channels; cancelled deliveries count as none. */
  notification: 'sent' | 'pending' | 'failing' | 'none';
}

/** An enquiry's origin as exported: route ids (and an item page's item id), never a slug. */
export interface StoredOrigin {
  entryRoute: string;
  entryItem: string;
  source: string;
  utmCampaign: string;
  formRoute: string;
  viewsBefore: number;
}

/** What a channel may send about an enquiry. */
export type Notice = Omit<NewSubmission, 'dedupeKey'>;

/** A staff invite e-mail in the outbox; the link is a one-time credential. */
export interface InviteNotice {
  to: string;
  link: string;
  /** Epoch ms; an invite not sent by then is cancelled instead. */
  expiresAt: number;
}

export type OutboxJob = {
  outboxId: string;
  channel: Channel;
  /** Random per claim; only the holder of the current claim may mark the row sent. */
  claimToken: string;
  attempts: number;
} & ({ kind: 'enquiry'; submission: Notice } | { kind: 'invite'; invite: InviteNotice });

export interface InsertResult {
  /** The earlier row's when this was a duplicate. */
  id: string;
  duplicate: boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, including this one. */
  count: number;
  /** When the current window ends, epoch ms (Retry-After). */
  resetAt: number;
}

export interface ListOptions {
  /** Held (spam) enquiries are left out unless true. Ignored with `status`. */
  includeSpam?: boolean;
  status?: EnquiryStatus;
  /** From `searchTerms` (`search.ts`). */
  terms?: readonly string[];
  limit?: number;
}

export interface PageQuery {
  status?: EnquiryStatus;
  /** From `searchTerms`; empty or absent: no text filter. */
  terms?: readonly string[];
  offset: number;
  limit: number;
  /** Absent: count all matches (docs/decisions/032-search-in-the-stores-own-index.md). */
  countLimit?: number;
}

/** A listed enquiry before the service trims its message into an excerpt. */
export type PageRow = Omit<InboxRow, 'excerpt'> & { message: string };

export type EnquiryRecord = Omit<InboxEnquiry, 'excerpt'>;

/** See `InboxService` in `src/server/inbox/types.ts`. */
export type HandledResult = 'ok' | 'not-found' | 'invalid';
export type ReleaseResult = 'released' | 'not-held' | 'not-found';
export type SpamResult = 'ok' | 'already' | 'not-found' | 'invalid';

/** One channel's figures, as `DeliveryHealth` lists them (less `configured`) and more. */
export interface ChannelFigures {
  channel: Channel;
  /** Neither sent nor cancelled. */
  backlog: number;
  /** Epoch ms; null when none. */
  oldestQueuedAt: number | null;
  lastFailureAt: number | null;
  lastError: string | null;
}

export interface DeliveryFigures {
  channels: ChannelFigures[];
  oldestUndeliveredAt: DeliveryHealth['oldestUndeliveredAt'];
}

/** Totals for tests and the bench. */
export interface StoreCounts {
  /** Enquiries whose verdict is `ham`. */
  submissions: number;
  /** Enquiries with any other verdict, staff's included; erased ones in neither. */
  spam: number;
  /** The backlog, invites included. */
  pending: number;
  sent: number;
  /** Receipt time (epoch ms) of the oldest enquiry with an undelivered row, or null. */
  oldestPendingAt: number | null;
}

export interface SubmissionStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Applies pending migrations; idempotent and safe with several instances. */
  migrate(): Promise<void>;
  /** Resolves when the store answers a trivial query (readiness). */
  ping(): Promise<void>;
  /**
   * One transaction: a fixed-window rate-limit hit for `limit.key`, held across instances; within
   * the limit, the submission (`held` if spam) and, unless spam, an outbox row per channel (default
   * e-mail); once per `dedupeKey` within `dedupeWindowMs`. `stored` is undefined when refused.
   */
  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
    channels?: readonly Channel[],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }>;
  /** Claims up to `limit` due, unleased rows of `channel` for `leaseMs`, never to two at once. */
  claimDue(now: number, leaseMs: number, limit: number, channel?: Channel): Promise<OutboxJob[]>;
  /** False when the claim is no longer ours. Clears the payload (an invite's one-time link). */
  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean>;
  /**
   * Records a failed attempt and the channel's last failure, and releases the lease.
   * @param error without personal data; the first 200 characters are kept
   */
  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
    now?: number,
  ): Promise<void>;
  /** Gives up a claimed row for good (an invite expired unsent); clears its payload. */
  markCancelled(outboxId: string, claimToken: string, reason: string, now: number): Promise<void>;
  /** Earliest due time (epoch ms) among undelivered rows, or null. */
  nextDueAt(channel?: Channel): Promise<number | null>;
  /** Newest first. */
  list(opts?: ListOptions): Promise<StoredSubmission[]>;
  /**
   * The visit each of `ids` came from, where one was kept (`stat_enquiry_origins`,
   * `src/server/statistics/migrations.ts`), by enquiry id.
   */
  originsOf(ids: readonly string[]): Promise<Map<string, StoredOrigin>>;
  /** Newest first, and how many match (at most `countLimit`; `capped` when there are more). */
  page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }>;
  /** With its deliveries; null when there is no such id. */
  get(id: string): Promise<EnquiryRecord | null>;
  /** new | released → handled (`handled`), handled → new (not `handled`); idempotent. */
  setHandled(id: string, handled: boolean, now: number): Promise<HandledResult>;
  /**
   * held → released, with one outbox row per channel in one transaction: a channel that delivered
   * it gets nothing, one cancelled by mark-spam is due again. Of two concurrent releases one gets
   * `not-held`; the unique (enquiry, channel) pair backs that up.
   */
  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult>;
  /** new | handled | released → held (spam reason `staff`); cancels undelivered deliveries. */
  markSpam(id: string, now: number): Promise<SpamResult>;
  /** On the e-mail channel, due now. */
  enqueueInvite(invite: InviteNotice, now: number): Promise<void>;
  deliveryFigures(): Promise<DeliveryFigures>;
  /**
   * Erases every enquiry from this address (case-insensitive) to a tombstone (id, receipt time,
   * `erased`), with its outbox rows, invites to it and its words in the search index.
   * @returns how many enquiries were erased
   */
  eraseByEmail(email: string): Promise<number>;
  /** Deletes enquiries before `before` (epoch ms) with their rows, and older invites; a count. */
  purgeOlderThan(before: number): Promise<number>;
  /** Makes every undelivered, unleased row due now (after a fixed outage); a count. */
  retryFailed(now: number): Promise<number>;
  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** Backoff for attempt n (from 1), ms: 30 s, 60 s, 2 min … capped at 1 h. Never gives up. */
export function backoffMs(attempts: number, baseMs = 30_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
