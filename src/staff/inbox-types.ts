/**
 * TEMPORARY: the inbox's data types as the contract between the inbox's data side and the staff
 * app fixes them, until `src/server/inbox/types.ts` lands from that side; then every import moves
 * there and this file goes.
 */
export type EnquiryStatus = 'new' | 'handled' | 'held' | 'released' | 'erased';
export type Channel = 'email' | 'slack' | 'webhook';
export type DeliveryState = 'delivered' | 'pending' | 'failing' | 'cancelled';

export interface InboxQuery {
  status?: EnquiryStatus;
  q?: string;
  page?: number;
  pageSize?: number;
}
export interface InboxRow {
  id: string;
  receivedAt: number;
  status: EnquiryStatus;
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
}
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
  erase(email: string): Promise<number>;
  health(): Promise<DeliveryHealth>;
  enqueueInviteEmail(to: string, link: string, expiresAt: number): Promise<boolean>;
}
