/** Imports nothing, so the staff pages may import it (`eslint.config.js`). Times are epoch ms. */

/** docs/product.md#enquiry-handling; in the inbox's order. */
export const ENQUIRY_STATUSES = ['new', 'handled', 'held', 'released', 'erased'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const isEnquiryStatus = (value: unknown): value is EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly unknown[]).includes(value);

export type Channel = 'email' | 'slack' | 'webhook';
export type DeliveryState = 'delivered' | 'pending' | 'failing' | 'cancelled';

export interface InboxQuery {
  status?: EnquiryStatus;
  /** Plain words, never query syntax. */
  q?: string;
  page?: number;
  pageSize?: number;
}

export interface InboxRow {
  id: string;
  receivedAt: number;
  status: EnquiryStatus;
  /** Name, email, subject and excerpt are '' when erased. */
  name: string;
  email: string;
  subject: string;
  excerpt: string;
  delivery: 'delivered' | 'pending' | 'failing' | 'none';
}

export interface InboxPage {
  rows: InboxRow[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  totalCapped?: boolean;
}

/** docs/decisions/032-search-in-the-stores-own-index.md */
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
  backlog: number;
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

export interface InboxService {
  list(query: InboxQuery): Promise<InboxPage>;
  get(id: string): Promise<InboxEnquiry | null>;
  setHandled(id: string, handled: boolean): Promise<'ok' | 'not-found' | 'invalid'>;
  release(id: string): Promise<'released' | 'not-held' | 'not-found'>;
  markSpam(id: string): Promise<'ok' | 'already' | 'not-found' | 'invalid'>;
  export(
    format: ExportFormat,
    query: Pick<InboxQuery, 'status' | 'q'>,
  ): Promise<{ body: string; contentType: string; filename: string }>;
  /** Case-insensitive; null beyond what the search reads (10 pages of 100). */
  countByEmail(email: string): Promise<number | null>;
  erase(email: string): Promise<number>;
  health(): Promise<DeliveryHealth>;
  /** Through the outbox's e-mail channel; false, queueing nothing, without SMTP. */
  enqueueInviteEmail(to: string, link: string, expiresAt: number): Promise<boolean>;
}

export const CHANNELS: readonly Channel[] = ['email', 'slack', 'webhook'];

/**
 * The visit an enquiry came from, as the inbox shows and exports it: route ids (and an item page's
 * item id, never a slug), the source and campaign, the page the form was sent from, and the page
 * views of the visit before it (docs/decisions/100-cookieless-visit-statistics.md).
 */
export interface EnquiryOrigin {
  entryRoute: string;
  entryItem: string;
  source: string;
  utmCampaign: string;
  formRoute: string;
  viewsBefore: number;
}
