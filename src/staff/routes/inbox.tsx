/**
 * `/staff`: the inbox (docs/product.md#staff-inbox). Below 768px each row stacks into a block; the
 * table keeps explicit roles, since browsers drop a table's when CSS changes its display
 * (https://www.w3.org/WAI/ARIA/apg/patterns/table/).
 */
import { Download as download } from 'lucide';
import { Form, Link } from 'react-router';
import { cx } from '../../components/ui/cx.ts';
import { Icon } from '../../components/ui/icon.tsx';
import {
  ENQUIRY_STATUSES,
  isEnquiryStatus,
  type EnquiryStatus,
  type InboxRow,
} from '../../server/inbox/types.ts';
import { DeliveryState, STATUS, StatusBadge } from '../components/status.tsx';
import { buttonClass, ColumnHeads, PageHeading, TEXT_FIELD } from '../components/ui.tsx';
import { formatAge, formatDateTime, isoTime } from '../format.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { staffRequest } from '../session.server.ts';
import type { Route } from './+types/inbox.ts';

/** Characters; longer is cut. */
const MAX_QUERY = 200;

/** Anything malformed falls back to the default. */
function listQuery(url: URL): { status: EnquiryStatus | null; q: string; page: number } {
  const status = url.searchParams.get('status');
  const page = Number(url.searchParams.get('page') ?? '1');
  return {
    status: isEnquiryStatus(status) ? status : null,
    q: (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function inboxHref(query: { status: EnquiryStatus | null; q: string; page?: number }): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${STAFF_BASE}?${search}` : STAFF_BASE;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { inbox, now } = staffRequest(context).server;
  const query = listQuery(url);
  const [result, health] = await Promise.all([
    inbox.list({
      ...(query.status ? { status: query.status } : {}),
      ...(query.q ? { q: query.q } : {}),
      page: query.page,
    }),
    inbox.health(),
  ]);
  return {
    ...query,
    result,
    backlog: health.backlog,
    oldestUndeliveredAt: health.oldestUndeliveredAt,
    now: now(),
  };
}

/** `5 new enquiries`, `1 enquiry held as spam`; `1,000+` when a search stopped counting. */
function describeCount(total: number, capped: boolean, status: EnquiryStatus | null): string {
  const count = `${total.toLocaleString('en-IN')}${capped ? '+' : ''}`;
  const noun = total === 1 && !capped ? 'enquiry' : 'enquiries';
  if (status === 'held') return `${count} ${noun} held as spam`;
  return status ? `${count} ${status} ${noun}` : `${count} ${noun}`;
}

function Filters({ status, q }: { status: EnquiryStatus | null; q: string }) {
  const items: Array<{ value: EnquiryStatus | null; label: string }> = [
    { value: null, label: 'All' },
    ...ENQUIRY_STATUSES.map((value) => ({ value, label: STATUS[value].label })),
  ];
  return (
    <nav aria-label="Filter by status" className="mb-4">
      <ul role="list" className="flex flex-wrap gap-2">
        {items.map((item) => {
          const current = item.value === status;
          return (
            <li key={item.label}>
              <Link
                to={inboxHref({ status: item.value, q })}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center rounded-full border px-4 text-sm',
                  current
                    ? 'border-ink bg-ink font-semibold text-paper'
                    : 'border-stone-300 text-ink hover:border-ink',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Search({ status, q }: { status: EnquiryStatus | null; q: string }) {
  return (
    <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-md">
        <label htmlFor="inbox-q" className="text-sm font-semibold">
          Search name, email, subject and message
        </label>
        <input
          id="inbox-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_QUERY}
          className={TEXT_FIELD}
        />
      </div>
      <button type="submit" className={buttonClass('secondary')}>
        Search
      </button>
      {q ? (
        <Link
          to={inboxHref({ status, q: '' })}
          className="inline-flex min-h-11 items-center text-sm underline underline-offset-4"
        >
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role
   -- the explicit roles keep table semantics below 768px, where CSS displays the rows as blocks
   (see the module comment); jsx-a11y takes a cell for a grid cell. */
function List({ rows }: { rows: InboxRow[] }) {
  return (
    <table role="table" className="w-full border-collapse text-sm max-md:block">
      <caption className="sr-only">Enquiries, newest first</caption>
      <thead role="rowgroup" className="max-md:sr-only">
        <ColumnHeads names={['Status', 'Received', 'From', 'Subject', 'Delivery']} table />
      </thead>
      <tbody role="rowgroup" className="max-md:block">
        {rows.map((row) => (
          <tr
            key={row.id}
            role="row"
            className="border-b border-stone-200 align-top max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-3 max-md:gap-y-1 max-md:py-3"
          >
            <td role="cell" className="py-3 pr-4 max-md:p-0">
              <StatusBadge status={row.status} />
            </td>
            <td role="cell" className="py-3 pr-4 whitespace-nowrap text-stone-700 max-md:p-0">
              <time dateTime={isoTime(row.receivedAt)}>{formatDateTime(row.receivedAt)}</time>
            </td>
            <td role="cell" className="py-3 pr-4 max-md:col-span-2 max-md:p-0 md:w-60">
              {row.status === 'erased' ? (
                <span className="text-stone-600">Erased</span>
              ) : (
                <>
                  <span className="block font-semibold [overflow-wrap:anywhere]">
                    <bdi>{row.name}</bdi>
                  </span>
                  <span className="block [overflow-wrap:anywhere] text-stone-700">
                    <bdi>{row.email}</bdi>
                  </span>
                </>
              )}
            </td>
            <td role="cell" className="py-3 pr-4 max-md:col-span-2 max-md:p-0">
              <Link
                to={`${STAFF_BASE}/enquiries/${encodeURIComponent(row.id)}`}
                className="font-semibold break-words underline-offset-4 hover:underline"
              >
                {row.status === 'erased' ? (
                  'Erased enquiry'
                ) : (
                  <bdi>{row.subject || '(no subject)'}</bdi>
                )}
              </Link>
              {row.excerpt ? (
                <p dir="auto" className="mt-1 line-clamp-2 break-words text-stone-700">
                  {row.excerpt}
                </p>
              ) : null}
            </td>
            <td role="cell" className="py-3 max-md:col-span-2 max-md:p-0">
              <DeliveryState state={row.delivery} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */

function Pages({
  status,
  q,
  page,
  pages,
  capped,
  more,
}: {
  status: EnquiryStatus | null;
  q: string;
  page: number;
  pages: number;
  /** The search stopped counting: there may be pages after the last one counted. */
  capped: boolean;
  more: boolean;
}) {
  if (pages <= 1 && !more) return null;
  const link = 'inline-flex min-h-11 items-center px-3 underline underline-offset-4';
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={inboxHref({ status, q, page: page - 1 })} className={link} rel="prev">
          Newer
        </Link>
      ) : null}
      <span aria-current="page" className="px-3">
        Page {page} of {pages}
        {capped ? '+' : ''}
      </span>
      {more ? (
        <Link to={inboxHref({ status, q, page: page + 1 })} className={link} rel="next">
          Older
        </Link>
      ) : null}
    </nav>
  );
}

function Export({
  status,
  q,
  total,
  capped,
}: {
  status: EnquiryStatus | null;
  q: string;
  total: number;
  capped: boolean;
}) {
  return (
    <section aria-labelledby="export-title" className="mt-10 border-t border-stone-200 pt-6">
      <h2 id="export-title" className="mb-2 font-display text-xl">
        Export
      </h2>
      <p className="mb-4 max-w-prose text-sm text-stone-700">
        {capped
          ? 'Download every enquiry this view selects'
          : total === 1
            ? 'Download the one enquiry this view selects'
            : `Download all ${total.toLocaleString('en-IN')} enquiries this view selects, every page`}
        , with the same columns as the operator&rsquo;s export. Spreadsheet formulas in the CSV are
        neutralised. The download is recorded in the audit log.
      </p>
      {/* A plain form, never the router's: the browser itself must receive the file. */}
      <form method="post" action={`${STAFF_BASE}/export`} className="flex flex-wrap gap-3">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <button type="submit" name="format" value="csv" className={buttonClass('secondary')}>
          <Icon icon={download} size={16} />
          CSV
        </button>
        <button type="submit" name="format" value="json" className={buttonClass('secondary')}>
          <Icon icon={download} size={16} />
          JSON
        </button>
      </form>
    </section>
  );
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { status, q, page, result, backlog, oldestUndeliveredAt, now } = loaderData;
  const capped = result.totalCapped === true;
  const lede = `${describeCount(result.total, capped, status)}${q ? ` matching “${q}”` : ''}${
    capped ? ' — the count stops there; add a word to narrow the search' : ''
  }`;
  return (
    <>
      <PageHeading title="Inbox" lede={lede} />
      {backlog > 0 ? (
        <p className="mb-6 text-sm">
          {backlog} {backlog === 1 ? 'delivery is' : 'deliveries are'} waiting
          {oldestUndeliveredAt !== null
            ? `; the oldest enquiry still waiting arrived ${formatAge(now - oldestUndeliveredAt)} ago`
            : ''}
          .{' '}
          <Link to={`${STAFF_BASE}/delivery`} className="underline underline-offset-4">
            See delivery
          </Link>
        </p>
      ) : null}
      <Filters status={status} q={q} />
      <Search status={status} q={q} />
      {result.rows.length === 0 ? (
        <p className="py-8 text-stone-700">
          {q || status ? 'No enquiry matches this view.' : 'No enquiries yet.'}
        </p>
      ) : (
        <List rows={result.rows} />
      )}
      <Pages
        status={status}
        q={q}
        page={page}
        pages={result.pages}
        capped={capped}
        more={page < result.pages || (capped && result.rows.length === result.pageSize)}
      />
      {result.total > 0 ? (
        <Export status={status} q={q} total={result.total} capped={capped} />
      ) : null}
    </>
  );
}
