/**
 * One set of columns for the CLI's and the inbox's export; the `origin…` columns are the visit
 * the enquiry came from (docs/decisions/100-cookieless-visit-statistics.md), empty when none was
 * kept: its source, UTM campaign, entry page and the page the form was sent from (by path; an
 * item page's with its item id), and the page views before writing.
 */
import type { EnquiryStatus, ExportFormat } from '../inbox/types.ts';
import { ITEM_PAGES, PAGES } from '../../pages.ts';
import { searchTerms } from './search.ts';
import type { StoredOrigin, StoredSubmission, SubmissionStore } from './store.ts';

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
  'originSource',
  'originCampaign',
  'originEntryPage',
  'originFormPage',
  'originViewsBefore',
] as const;

/** `/about`; an item page as `/showcase/ consumer-lifestyle-1` (its id: slugs change). */
function pagePath(route: string, item: string): string {
  if (route === '') return '';
  const itemPage = ITEM_PAGES.find((p) => p.id === route);
  const path = itemPage?.prefix ?? PAGES.find((p) => p.id === route)?.path ?? route;
  return item ? `${path} ${item}` : path;
}

/** An enquiry with the visit it came from, if one was kept. */
type Exported = StoredSubmission & { origin?: StoredOrigin | undefined };

/** An apostrophe makes a formula text: https://owasp.org/www-community/attacks/CSV_Injection */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function row(s: Exported): Record<(typeof EXPORT_COLUMNS)[number], string> {
  const o = s.origin;
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
    originSource: o?.source ?? '',
    originCampaign: o?.utmCampaign ?? '',
    originEntryPage: o ? pagePath(o.entryRoute, o.entryItem) : '',
    originFormPage: o ? pagePath(o.formRoute, '') : '',
    originViewsBefore: o ? String(o.viewsBefore) : '',
  };
}

/** https://www.rfc-editor.org/rfc/rfc4180 */
export function toCsv(rows: readonly Exported[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const s of rows) {
    const r = row(s);
    lines.push(EXPORT_COLUMNS.map((c) => csvCell(r[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Values as stored: JSON needs no formula neutralisation. */
export function toJson(rows: readonly Exported[]): string {
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
  const origins = await store.originsOf(rows.map((r) => r.id));
  const exported = rows.map((r) => ({ ...r, origin: origins.get(r.id) }));
  const day = new Date(now).toISOString().slice(0, 10);
  return format === 'csv'
    ? {
        body: toCsv(exported),
        contentType: 'text/csv; charset=utf-8',
        filename: `enquiries-${day}.csv`,
      }
    : {
        body: toJson(exported),
        contentType: 'application/json; charset=utf-8',
        filename: `enquiries-${day}.json`,
      };
}
