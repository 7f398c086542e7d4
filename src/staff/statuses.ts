/**
 * The enquiry statuses in the order the inbox's filters list them (the contract between the
 * inbox's data side and the staff app), shared by the pages and the server's checks.
 */
import type { EnquiryStatus } from './services.ts';

export const STATUSES = [
  'new',
  'handled',
  'held',
  'released',
  'erased',
] as const satisfies readonly EnquiryStatus[];

/** True for a status name (as read from a query string or a form). */
export const isStatus = (value: string | null | undefined): value is EnquiryStatus =>
  typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
