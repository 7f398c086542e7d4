/**
 * `/staff/statistics/export?panel=…`: one panel of the statistics page as a CSV file, for the
 * same period and filters as the page's URL (`src/staff/statistics.server.ts`).
 */
import { STAFF_HEADERS } from '../../lib/staff-paths.ts';
import { staffRequest } from '../session.server.ts';
import {
  isPanel,
  PANELS,
  panelCsv,
  panelFilename,
  reportQuery,
  statisticsQuery,
} from '../statistics.server.ts';
import { indiaDayStart } from '../statistics.ts';
import type { Route } from './+types/statistics-export.ts';

/** Rows of a panel's file: all there are, up to this. */
const CSV_ROWS = 10_000;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { statistics, now } = staffRequest(context).server;
  const panel = url.searchParams.get('panel');
  const text = (body: string, status: number) =>
    new Response(body, {
      status,
      headers: { ...STAFF_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  if (!isPanel(panel)) {
    return text(`Choose a panel: ${Object.keys(PANELS).join(', ')}.`, 400);
  }
  if (!statistics) return text('Statistics are not kept on this server.', 404);
  const q = statisticsQuery(url.searchParams, now());
  const [report, previous] = await Promise.all([
    statistics.report(reportQuery(q, false, CSV_ROWS), indiaDayStart),
    statistics.report(reportQuery(q, true, CSV_ROWS), indiaDayStart),
  ]);
  return new Response(panelCsv(panel, report, previous, q.bucket), {
    headers: {
      ...STAFF_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${panelFilename(panel, q.period)}"`,
    },
  });
}
