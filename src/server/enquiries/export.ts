/**
 * Export formats for `npm run enquiries -- export`: RFC 4180 CSV and JSON.
 *
 * CSV cells that a spreadsheet would run as a formula (starting with = + - @, or a tab/CR that
 * some spreadsheets strip first) are neutralised with a leading apostrophe (OWASP "CSV
 * injection"); every cell is quoted when it holds a comma, quote, CR or LF; records end in CRLF.
 */
import type { StoredSubmission } from './store.ts';

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
] as const;

/** One CSV cell: neutralised, then quoted if needed. */
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
  };
}

/** RFC 4180 CSV with a header line. */
export function toCsv(rows: readonly StoredSubmission[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const s of rows) {
    const r = row(s);
    lines.push(EXPORT_COLUMNS.map((c) => csvCell(r[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Pretty JSON array (values as stored; JSON needs no formula neutralisation). */
export function toJson(rows: readonly StoredSubmission[]): string {
  return `${JSON.stringify(rows.map(row), null, 2)}\n`;
}
