/**
 * Export formats for `npm run enquiries -- export` and the staff inbox's export
 * (`InboxService.export`): RFC 4180 CSV and JSON, one set of columns.
 *
 * CSV cells that a spreadsheet would run as a formula (starting with = + - @, or a tab/CR that
 * some spreadsheets strip first) are neutralised with a leading apostrophe (OWASP "CSV
 * injection"); every cell is quoted when it holds a comma, quote, CR or LF; records end in CRLF.
 */
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

/**
 * One CSV cell: neutralised, then quoted if needed. A cell starting with `=`, `+`, `-`, `@`,
 * tab or carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead
 * of running it (https://owasp.org/www-community/attacks/CSV_Injection).
 */
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

/** What to export: a status (or every status but held unless `includeSpam`), a search. */
export interface ExportQuery {
  status?: EnquiryStatus;
  /** Search text as typed (plain terms, `search.ts`). */
  q?: string;
  /** With no status: include held (spam) enquiries. */
  includeSpam?: boolean;
}

/**
 * The export as a file: its text, content type and name (`enquiries-YYYY-MM-DD.csv`), newest
 * first. The one path for the CLI's `export` and `InboxService.export`.
 *
 * @param now epoch ms, for the file name
 */
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
