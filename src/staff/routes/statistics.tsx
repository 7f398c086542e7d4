/**
 * `/staff/statistics`, for every signed-in role (docs/decisions/100-cookieless-visit-statistics.md):
 * visitors, visits, page views, bounce rate, visit duration and enquiries for a period in India
 * days (`?range=today|7d|30d|12mo` or `?from=…&to=…`), beside the period before it; then top
 * pages, entry and exit pages, sources, campaigns, devices, browsers, countries and enquiries by
 * source, each an accessible table. A filter (`page`, `source`, `campaign`) in the URL applies to
 * every panel, so a view can be shared. Plain GET forms and links: it works without JavaScript.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { Report, Row } from '../../server/statistics/store.ts';
import { PAGES } from '../../pages.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { cx } from '../../components/ui/cx.ts';
import { buttonClass, Notice, PageHeading, Section } from '../components/ui.tsx';
import { staffRequest } from '../session.server.ts';
import { indiaDate, indiaDayStart, pageLabel, periodOf, RANGES } from '../statistics.ts';
import type { Route } from './+types/statistics.ts';

const PATH = `${STAFF_BASE}/statistics`;
/** Characters of a filter value taken from the URL (UTM values are kept to 100). */
const FILTER_MAX = 100;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { statistics, now } = staffRequest(context).server;
  const period = periodOf(url.searchParams, now());
  const filterValue = (name: string) => {
    const value = url.searchParams.get(name)?.trim().slice(0, FILTER_MAX);
    return value ? value : undefined;
  };
  const filter = {
    route: filterValue('page'),
    source: filterValue('source'),
    campaign: filterValue('campaign'),
  };
  if (!statistics) return { period, filter, report: null, previous: null };
  const [report, previous] = await Promise.all([
    statistics.report({ from: period.from, to: period.to, ...filter }, indiaDayStart),
    statistics.report({ from: period.previousFrom, to: period.from, ...filter }, indiaDayStart),
  ]);
  return { period, filter, report, previous };
}

const number = new Intl.NumberFormat('en-IN');

/** Column heads, the figures' right-aligned over them. */
function Heads({ names }: { names: string[] }) {
  return (
    <tr className="border-b border-ink">
      {names.map((name, i) => (
        <th
          key={name}
          scope="col"
          className={cx(
            'py-2',
            i === 0 ? 'pr-4 text-left' : 'text-right',
            i > 0 && i < names.length - 1 && 'pr-4',
          )}
        >
          {name}
        </th>
      ))}
    </tr>
  );
}
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });
const dayLabel = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

/** `2 min 5 s`, `45 s`. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** The change from the previous period, as words a screen reader reads whole. */
function Change({
  now,
  before,
  lowerIsBetter = false,
}: {
  now: number;
  before: number;
  lowerIsBetter?: boolean;
}) {
  if (before === 0) return <span className="text-stone-600">no figure before</span>;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.005) return <span className="text-stone-600">as before</span>;
  const good = change > 0 !== lowerIsBetter;
  return (
    <span className={good ? 'text-emerald-800' : 'text-accent'}>
      {change > 0 ? 'Up' : 'Down'} {percent.format(Math.abs(change))}
      <span className="sr-only"> on the period before</span>
    </span>
  );
}

function Figures({ report, previous }: { report: Report; previous: Report }) {
  const figures: Array<[string, string, ReactNode]> = [
    [
      'Visitors',
      number.format(report.visitors),
      <Change now={report.visitors} before={previous.visitors} />,
    ],
    [
      'Visits',
      number.format(report.visits),
      <Change now={report.visits} before={previous.visits} />,
    ],
    [
      'Page views',
      number.format(report.views),
      <Change now={report.views} before={previous.views} />,
    ],
    [
      'Bounce rate',
      percent.format(report.bounceRate),
      <Change now={report.bounceRate} before={previous.bounceRate} lowerIsBetter />,
    ],
    [
      'Visit duration',
      duration(report.visitDuration),
      <Change now={report.visitDuration} before={previous.visitDuration} />,
    ],
    [
      'Enquiries',
      number.format(report.enquiries),
      <Change now={report.enquiries} before={previous.enquiries} />,
    ],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([term, value, change]) => (
        <div key={term} className="rounded-md border border-stone-200 p-4">
          <dt className="text-sm text-stone-700">{term}</dt>
          <dd className="mt-1 font-display text-3xl tabular-nums">{value}</dd>
          <dd className="mt-1 text-xs">{change}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A link to this view with one filter set (the others kept). */
function filterHref(search: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(search);
  next.set(name, value);
  return `${PATH}?${next}`;
}

function RowsTable({
  caption,
  head,
  rows,
  label = (row) => row.label,
  filter,
  search,
}: {
  caption: string;
  head: string;
  rows: Row[];
  label?: (row: Row) => string;
  filter?: string;
  search: URLSearchParams;
}) {
  if (rows.length === 0) return <p className="text-sm text-stone-700">None in this period.</p>;
  const most = Math.max(...rows.map((r) => r.visitors), 1);
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <Heads names={[head, 'Visitors', 'Page views']} />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-stone-200 align-top">
            <th scope="row" className="relative py-2 pr-4 text-left font-normal">
              {/* The share of the most visited row, drawn behind the name; the figures are the cells. */}
              <span
                aria-hidden="true"
                className="absolute inset-y-1 left-0 rounded-sm bg-stone-100"
                style={{ width: `${Math.round((row.visitors / most) * 100)}%` }}
              />
              <span className="relative break-words">
                {filter ? (
                  <Link
                    to={filterHref(search, filter, row.label)}
                    className="underline-offset-4 hover:underline"
                  >
                    <bdi>{label(row) || '(none)'}</bdi>
                  </Link>
                ) : (
                  <bdi>{label(row) || 'Unknown'}</bdi>
                )}
              </span>
            </th>
            <td className="py-2 pr-4 text-right tabular-nums">{number.format(row.visitors)}</td>
            <td className="py-2 text-right tabular-nums">{number.format(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const monthLabel = new Intl.DateTimeFormat('en-IN', {
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** Per day, or per month for a period longer than two months (a year is 12 rows, not 365). */
function Series({ report }: { report: Report }) {
  const monthly = report.series.length > 62;
  const rows: Array<{
    key: string;
    label: string;
    visitors: number;
    views: number;
    enquiries: number;
  }> = [];
  for (const d of report.series) {
    const key = monthly ? indiaDate(d.day).slice(0, 7) : indiaDate(d.day);
    const last = rows.at(-1);
    if (last && last.key === key) {
      last.visitors += d.visitors;
      last.views += d.views;
      last.enquiries += d.enquiries;
    } else {
      const label = (monthly ? monthLabel : dayLabel).format(d.day);
      rows.push({ key, label, visitors: d.visitors, views: d.views, enquiries: d.enquiries });
    }
  }
  return (
    <table className="w-full max-w-3xl border-collapse text-sm">
      <caption className="sr-only">
        Visitors, page views and enquiries per {monthly ? 'month' : 'day'}
      </caption>
      <thead>
        <Heads names={[monthly ? 'Month' : 'Day', 'Visitors', 'Page views', 'Enquiries']} />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-stone-200">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal">
              <time dateTime={row.key}>{row.label}</time>
            </th>
            <td className="py-1.5 pr-4 text-right tabular-nums">{number.format(row.visitors)}</td>
            <td className="py-1.5 pr-4 text-right tabular-nums">{number.format(row.views)}</td>
            <td className="py-1.5 text-right tabular-nums">{number.format(row.enquiries)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PeriodForm({
  period,
  search,
}: {
  period: Route.ComponentProps['loaderData']['period'];
  search: URLSearchParams;
}) {
  const kept = ['page', 'source', 'campaign'].flatMap((name) => {
    const value = search.get(name);
    return value ? [[name, value] as const] : [];
  });
  const rangeHref = (range: string) => {
    const next = new URLSearchParams(kept.map(([k, v]) => [k, v]));
    next.set('range', range);
    return `${PATH}?${next}`;
  };
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <nav aria-label="Period">
        <ul role="list" className="flex flex-wrap gap-2">
          {Object.entries(RANGES).map(([range, { label }]) => (
            <li key={range}>
              <Link
                to={rangeHref(range)}
                aria-current={period.range === range ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center rounded-md border px-3 text-sm',
                  period.range === range
                    ? 'border-ink bg-ink font-semibold text-paper'
                    : 'border-stone-300 hover:border-ink',
                )}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-3">
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex flex-col text-sm">
          <span className="font-semibold">From</span>
          <input
            type="date"
            name="from"
            defaultValue={period.firstDay}
            className="min-h-11 rounded-md border border-stone-500 bg-paper px-2"
          />
        </label>
        <label className="flex flex-col text-sm">
          <span className="font-semibold">To</span>
          <input
            type="date"
            name="to"
            defaultValue={period.lastDay}
            className="min-h-11 rounded-md border border-stone-500 bg-paper px-2"
          />
        </label>
        <button type="submit" className={buttonClass('secondary')}>
          Show these days
        </button>
      </Form>
    </div>
  );
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { period, filter, report, previous } = loaderData;
  const search = new URLSearchParams();
  if (period.range === 'custom') {
    search.set('from', period.firstDay);
    search.set('to', period.lastDay);
  } else search.set('range', period.range);
  if (filter.route) search.set('page', filter.route);
  if (filter.source) search.set('source', filter.source);
  if (filter.campaign) search.set('campaign', filter.campaign);
  const filters = (
    [
      ['page', 'Page', filter.route && pageLabel(filter.route, '')],
      ['source', 'Source', filter.source],
      ['campaign', 'Campaign', filter.campaign],
    ] as const
  ).filter(([, , value]) => value);
  const without = (name: string) => {
    const next = new URLSearchParams(search);
    next.delete(name);
    return `${PATH}?${next}`;
  };
  const pageName = (row: Row) => pageLabel(row.label, '');
  const pageRoutes = new Set<string>(PAGES.map((p) => p.id));
  return (
    <>
      <PageHeading
        title="Statistics"
        lede={`Counted on the site itself, without cookies: ${period.firstDay === period.lastDay ? period.firstDay : `${period.firstDay} to ${period.lastDay}`} (India time), beside the period before.`}
      />
      {period.error ? <Notice tone="alert">{period.error} Showing the last 7 days.</Notice> : null}
      <PeriodForm period={period} search={search} />
      {filters.length > 0 ? (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">Only:</span>
          {filters.map(([name, what, value]) => (
            <span
              key={name}
              className="inline-flex items-center gap-2 rounded-md bg-stone-100 px-2 py-1"
            >
              {what} <bdi className="font-semibold">{value}</bdi>
              <Link to={without(name)} className="underline underline-offset-4">
                Remove<span className="sr-only"> the {what.toLowerCase()} filter</span>
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {!report || !previous ? (
        <p className="mt-6">Statistics are not kept on this server.</p>
      ) : (
        <>
          <div className="mt-6">
            <Figures report={report} previous={previous} />
          </div>
          <div className="grid gap-x-10 lg:grid-cols-2">
            <Section title="Top pages" id="pages">
              <RowsTable
                caption="Top pages"
                head="Page"
                rows={report.pages.filter((r) => pageRoutes.has(r.label))}
                label={pageName}
                filter="page"
                search={search}
              />
            </Section>
            <Section title="Sources" id="sources">
              <RowsTable
                caption="Sources"
                head="Source"
                rows={report.sources}
                filter="source"
                search={search}
              />
            </Section>
            <Section title="Entry pages" id="entry-pages">
              <RowsTable
                caption="Entry pages"
                head="Page"
                rows={report.entryPages}
                label={pageName}
                search={search}
              />
            </Section>
            <Section title="Exit pages" id="exit-pages">
              <RowsTable
                caption="Exit pages"
                head="Page"
                rows={report.exitPages}
                label={pageName}
                search={search}
              />
            </Section>
            <Section title="Campaigns" id="campaigns">
              <RowsTable
                caption="Campaigns (UTM campaign)"
                head="Campaign"
                rows={report.campaigns}
                filter="campaign"
                search={search}
              />
            </Section>
            <Section title="Enquiries by source" id="enquiries-by-source">
              {report.enquiriesBySource.length === 0 ? (
                <p className="text-sm text-stone-700">No enquiries in this period.</p>
              ) : (
                <table className="w-full border-collapse text-sm">
                  <caption className="sr-only">
                    Enquiries by the source of the visit they came from
                  </caption>
                  <thead>
                    <Heads names={['Source', 'Enquiries', 'Of visitors']} />
                  </thead>
                  <tbody>
                    {report.enquiriesBySource.map((row) => (
                      <tr key={row.label} className="border-b border-stone-200">
                        <th scope="row" className="py-2 pr-4 text-left font-normal">
                          <bdi>{row.label || 'Not known'}</bdi>
                        </th>
                        <td className="py-2 pr-4 text-right tabular-nums">
                          {number.format(row.enquiries)}
                        </td>
                        <td className="py-2 text-right tabular-nums">
                          {row.visitors > 0 ? percent.format(row.enquiries / row.visitors) : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Section>
            <Section title="Devices" id="devices">
              <RowsTable
                caption="Devices"
                head="Device"
                rows={report.devices}
                label={(r) => r.label.charAt(0).toUpperCase() + r.label.slice(1)}
                search={search}
              />
            </Section>
            <Section title="Browsers" id="browsers">
              <RowsTable caption="Browsers" head="Browser" rows={report.browsers} search={search} />
            </Section>
            <Section title="Countries" id="countries">
              <RowsTable
                caption="Countries"
                head="Country"
                rows={report.countries}
                search={search}
              />
            </Section>
          </div>
          <Section title="Over time" id="over-time">
            <Series report={report} />
          </Section>
          <p className="mt-8 max-w-prose text-sm text-stone-700">
            A visitor is counted once a day: nobody is followed from one day to the next, so a
            person who comes back on two days counts twice. Visits by browsers that ask not to be
            counted (Global Privacy Control) add page views only.
          </p>
        </>
      )}
    </>
  );
}
