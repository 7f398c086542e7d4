/** One set of columns for the CLI's and the inbox's export. */
import type { EnquiryStatus, ExportFormat } from '../inbox/types.ts';
import { searchTerms } from './search.ts';
import type { StoredSubmission, SubmissionStore } from './store.ts';

export const EXPORT_COLUMNS = [
  'id',
  'receivedAt',
  'name',
  'email',
  'subject',
  'message',
  'spam',
  'notification',
  'privacyNoticeVersion',
  'userAgent',
  'ipHash',
  'status',
] as const;

/** An apostrophe makes a formula text: https://owasp.org/www-community/attacks/CSV_Injection */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(s: StoredSubmission): Record<(typeof EXPORT_COLUMNS)[number], string> {
  return {
    id: s.id,
    receivedAt: new Date(s.receivedAt).toISOString(),
    name: s.name,
    email: s.email,
    subject: s.subject,
    message: s.message,
    spam: s.spam,
    notification: s.notification,
    privacyNoticeVersion: s.privacyNoticeVersion,
    userAgent: s.userAgent,
    ipHash: s.ipHash,
    status: s.status,
  };
}

/** https://www.rfc-editor.org/rfc/rfc4180 */
export function toCsv(rows: readonly StoredSubmission[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const s of rows) {
    const r = row(s);
    lines.push(EXPORT_COLUMNS.map((c) => csvCell(r[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Values as stored: JSON needs no formula neutralisation. */
export function toJson(rows: readonly StoredSubmission[]): string {
  return `${JSON.stringify(rows.map(row), null, 2)}\n`;
}

export interface ExportQuery {
  status?: EnquiryStatus;
  q?: string;
  includeSpam?: boolean;
}

/** Newest first; `now` (epoch ms) names the file. */
export async function exportEnquiries(
  store: SubmissionStore,
  format: ExportFormat,
  query: ExportQuery,
  now: number,
): Promise<{ body: string; contentType: string; filename: string }> {
  const rows = await store.list({
    includeSpam: Boolean(query.includeSpam),
    ...(query.status ? { status: query.status } : {}),
    terms: searchTerms(query.q),
  });
  const day = new Date(now).toISOString().slice(0, 10);
  return format === 'csv'
    ? {
        body: toCsv(rows),
        contentType: 'text/csv; charset=utf-8',
        filename: `enquiries-${day}.csv`,
      }
    : {
        body: toJson(rows),
        contentType: 'application/json; charset=utf-8',
        filename: `enquiries-${day}.json`,
      };
}
