/** The enquiry store's contract, one suite on both engines; epoch ms. */
import type {
  Channel,
  DeliveryHealth,
  EnquiryOrigin,
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
  /** SHA-256 of the four normalised fields: identical content within the window is stored once. */
  dedupeKey: string;
}

/** As listed and exported. */
export interface StoredSubmission extends Omit<NewSubmission, 'dedupeKey' | 'spam'> {
  spam: SpamColumn;
  status: EnquiryStatus;
  /** The worst over its channels. */
  notification: 'sent' | 'pending' | 'failing' | 'none';
}

/** An enquiry's origin as exported (`../inbox/types.ts`). */
export type StoredOrigin = EnquiryOrigin;

/** What a channel may send about an enquiry. */
export type Notice = Omit<NewSubmission, 'dedupeKey'>;

/** The link is a one-time credential; unsent by `expiresAt` (ms), it is cancelled. */
export interface InviteNotice {
  to: string;
  link: string;
  expiresAt: number;
}

export type OutboxJob = {
  outboxId: string;
  channel: Channel;
  /** Random per claim; only the current claim's holder may mark the row sent. */
  claimToken: string;
  attempts: number;
} & ({ kind: 'enquiry'; submission: Notice } | { kind: 'invite'; invite: InviteNotice });

export interface InsertResult {
  id: string;
  duplicate: boolean;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  resetAt: number;
}

export interface ListOptions {
  /** Ignored with `status`. */
  includeSpam?: boolean;
  status?: EnquiryStatus;
  terms?: readonly string[];
  limit?: number;
}

export interface PageQuery {
  status?: EnquiryStatus;
  terms?: readonly string[];
  offset: number;
  limit: number;
  /** Absent: count all matches (docs/decisions/032-search-in-the-stores-own-index.md). */
  countLimit?: number;
}

/** Before the service trims the message into an excerpt. */
export type PageRow = Omit<InboxRow, 'excerpt'> & { message: string };

export type EnquiryRecord = Omit<InboxEnquiry, 'excerpt'>;

/** See `InboxService` in `src/server/inbox/types.ts`. */
export type HandledResult = 'ok' | 'not-found' | 'invalid';
export type ReleaseResult = 'released' | 'not-held' | 'not-found';
export type SpamResult = 'ok' | 'already' | 'not-found' | 'invalid';

/** `backlog`: neither sent nor cancelled; times epoch ms. */
export interface ChannelFigures {
  channel: Channel;
  backlog: number;
  oldestQueuedAt: number | null;
  lastFailureAt: number | null;
  lastError: string | null;
}

export interface DeliveryFigures {
  channels: ChannelFigures[];
  oldestUndeliveredAt: DeliveryHealth['oldestUndeliveredAt'];
}

/** Totals for tests and the bench: erased enquiries count in neither; `pending` has invites. */
export interface StoreCounts {
  submissions: number;
  spam: number;
  pending: number;
  sent: number;
  oldestPendingAt: number | null;
}

export interface SubmissionStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Safe with several instances. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** One transaction with the rate-limit hit; no `stored`: refused. */
  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
    channels?: readonly Channel[],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }>;
  claimDue(now: number, leaseMs: number, limit: number, channel?: Channel): Promise<OutboxJob[]>;
  /** False when the claim is no longer ours; clears the payload (an invite's one-time link). */
  markSent(outboxId: string, claimToken: string, now: number): Promise<boolean>;
  /** @param error without personal data; 200 characters kept */
  markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
    now?: number,
  ): Promise<void>;
  markCancelled(outboxId: string, claimToken: string, reason: string, now: number): Promise<void>;
  nextDueAt(channel?: Channel): Promise<number | null>;
  list(opts?: ListOptions): Promise<StoredSubmission[]>;
  /**
   * The visit each of `ids` came from, where one was kept (`stat_enquiry_origins`,
   * `src/server/statistics/migrations.ts`), by enquiry id.
   */
  originsOf(ids: readonly string[]): Promise<Map<string, StoredOrigin>>;
  /** `total` at most `countLimit`. */
  page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }>;
  get(id: string): Promise<EnquiryRecord | null>;
  setHandled(id: string, handled: boolean, now: number): Promise<HandledResult>;
  /** Of two concurrent releases one gets `not-held`. */
  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult>;
  markSpam(id: string, now: number): Promise<SpamResult>;
  enqueueInvite(invite: InviteNotice, now: number): Promise<void>;
  deliveryFigures(): Promise<DeliveryFigures>;
  /** Case-insensitive; leaves tombstones (id, time, `erased`), drops outbox rows, index words. */
  eraseByEmail(email: string): Promise<number>;
  purgeOlderThan(before: number): Promise<number>;
  retryFailed(now: number): Promise<number>;
  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** Backoff ms for attempt n (from 1): 30 s, 60 s, 2 min … capped at 1 h; never gives up. */
export function backoffMs(attempts: number, baseMs = 30_000, capMs = 3_600_000): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
