/** A plain form post, never the router's, so the browser itself receives the file. */
import { redirect } from 'react-router';
import { isEnquiryStatus } from '../../server/inbox/types.ts';
import { STAFF_BASE, STAFF_HEADERS } from '../../lib/staff-paths.ts';
import { record, staffRequest } from '../session.server.ts';
import type { Route } from './+types/export.ts';

export const loader = () => redirect(STAFF_BASE);

/** The file name a download is saved under: letters, digits, dot, dash and underscore only. */
const safeFilename = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const format = form.get('format');
  if (format !== 'csv' && format !== 'json') {
    return new Response('Choose CSV or JSON.', { status: 400, headers: STAFF_HEADERS });
  }
  const status = form.get('status');
  const search = form.get('q');
  const q = typeof search === 'string' ? search.trim().slice(0, 200) : '';
  const query = { ...(isEnquiryStatus(status) ? { status } : {}), ...(q ? { q } : {}) };
  const file = await staffRequest(context).server.inbox.export(format, query);
  await record(
    context,
    'enquiries-exported',
    null,
    `${format}, status ${query.status ?? 'any'}${q ? ', with a search' : ''}`,
  );
  return new Response(file.body, {
    headers: {
      ...STAFF_HEADERS,
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${safeFilename(file.filename)}"`,
    },
  });
}
