/**
 * The inbox's shapes: what `InboxService` (`service.ts`) hands the staff app and takes from it.
 * This module imports nothing, so browser code may `import type` from it.
 *
 * Statuses and their transitions are listed in the README ("Enquiry statuses"); times are
 * JavaScript epoch milliseconds (UTC).
 */

/**
 * new: genuine (or released), not yet answered; handled: marked answered; held: judged spam by
 * the honeypot or the time trap, or marked spam by staff, never delivered while held; released:
 * was held, released by staff and delivered like a genuine one; erased: only id, receipt time
 * and this status remain.
 */
export type EnquiryStatus = 'new' | 'handled' | 'held' | 'released' | 'erased';
/** Where notifications go: the agency's mailbox, a Slack incoming webhook, a signed webhook. */
export type Channel = 'email' | 'slack' | 'webhook';
/** One channel's delivery of one enquiry. */
export type DeliveryState = 'delivered' | 'pending' | 'failing' | 'cancelled';

export interface InboxQuery {
  /** Absent: every status. */
  status?: EnquiryStatus;
  /** Full-text search over name, email, subject and message; words are plain terms, never syntax. */
  q?: string;
  /** 1-based, default 1. */
  page?: number;
  /** Default 25, at most 100. */
  pageSize?: number;
}

export interface InboxRow {
  id: string;
  /** Epoch ms. */
  receivedAt: number;
  status: EnquiryStatus;
  /** '' when erased. */
  name: string;
  /** '' when erased. */
  email: string;
  /** '' when erased. */
  subject: string;
  /** The first 160 characters (grapheme clusters) of the message, '' when erased. */
  excerpt: string;
  /** Worst state over its channels (failing > pending > delivered); 'none' without deliveries. */
  delivery: 'delivered' | 'pending' | 'failing' | 'none';
}

export interface InboxPage {
  rows: InboxRow[];
  /** Matching enquiries; for a search at most `SEARCH_COUNT_LIMIT` (see `totalCapped`). */
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  /**
   * True when a search matched more than `total` (counting stops at `SEARCH_COUNT_LIMIT`):
   * show "1,000+" and invite a narrower search. Absent or false: `total` is exact. An addition
   * to the agreed shape, see docs/decisions/032-search-in-the-stores-own-index.md.
   */
  totalCapped?: boolean;
}

/** A search counts its matches up to this many (docs/decisions/032-search-in-the-stores-own-index.md). */
export const SEARCH_COUNT_LIMIT = 1000;

export interface InboxEnquiry extends InboxRow {
  message: string;
  userAgent: string;
  privacyNoticeVersion: string;
  spamReason: 'honeypot' | 'too-fast' | 'bad-token' | 'staff' | null;
  handledAt: number | null;
  releasedAt: number | null;
  deliveries: Array<{
    channel: Channel;
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    deliveredAt: number | null;
  }>;
}

export interface DeliveryHealth {
  /** Undelivered deliveries over all channels. */
  backlog: number;
  /** Receipt time of the oldest enquiry with one undelivered delivery. */
  oldestUndeliveredAt: number | null;
  channels: Array<{
    channel: Channel;
    configured: boolean;
    backlog: number;
    lastFailureAt: number | null;
    lastError: string | null;
  }>;
}

export type ExportFormat = 'csv' | 'json';

/** The inbox's operations; `createInboxService` in `service.ts` builds one on a store. */
export interface InboxService {
  /** Newest first. */
  list(query: InboxQuery): Promise<InboxPage>;
  get(id: string): Promise<InboxEnquiry | null>;
  /** Mark handled (new | released → handled) or reopen (handled → new). */
  setHandled(id: string, handled: boolean): Promise<'ok' | 'not-found' | 'invalid'>;
  /** held → released; every configured channel delivers it exactly once. */
  release(id: string): Promise<'released' | 'not-held' | 'not-found'>;
  /** new | handled | released → held; deliveries not yet made are cancelled. */
  markSpam(id: string): Promise<'ok' | 'already' | 'not-found' | 'invalid'>;
  /** The whole export as text (the CLI's columns); CSV cells starting with = + - @ tab or CR neutralised (OWASP CSV injection). */
  export(
    format: ExportFormat,
    query: Pick<InboxQuery, 'status' | 'q'>,
  ): Promise<{ body: string; contentType: string; filename: string }>;
  /** Erase everything stored about this address (case-insensitive), leaving tombstones; returns how many enquiries. */
  erase(email: string): Promise<number>;
  health(): Promise<DeliveryHealth>;
  /** Queue a staff invite e-mail through the outbox's e-mail channel (a no-op that returns false when SMTP is not configured). */
  enqueueInviteEmail(to: string, link: string, expiresAt: number): Promise<boolean>;
}

/** Every status, in the order the inbox lists them. */
export const ENQUIRY_STATUSES: readonly EnquiryStatus[] = [
  'new',
  'handled',
  'held',
  'released',
  'erased',
];
/** Every channel. */
export const CHANNELS: readonly Channel[] = ['email', 'slack', 'webhook'];
