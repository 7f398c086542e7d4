/**
 * `/staff/statistics`, for every signed-in role (docs/decisions/100-cookieless-visit-statistics.md):
 * visitors, visits, page views, bounce rate, visit duration and enquiries for a period in India
 * days (`?range=today|7d|30d|12mo` or `?from=…&to=…`), beside the period before it; then top
 * pages, entry and exit pages, sources, campaigns, devices, browsers, countries and enquiries by
 * source and by entry page, each an accessible table with its CSV file
 * (`./statistics-export.ts`); charts of visitors, page views and enquiries over time beside the
 * period before, drawn on the server as inline SVG (`../statistics.server.ts`), each with its
 * summary in words and the figures as a table. A filter (`page`, `source`, `campaign`) in the
 * URL applies to every panel and chart, so a view can be shared. Plain GET forms and links: it
 * works without JavaScript.
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { ConversionRow, Report, Row, VitalsRow } from '../../server/statistics/store.ts';
import { REPORTED_VITALS, type ReportedVital } from '../../lib/vitals-report.ts';
import { ITEM_PAGES, PAGES } from '../../pages.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { cx } from '../../components/ui/cx.ts';
import { buttonClass, Notice, PageHeading, Section } from '../components/ui.tsx';
import { staffRequest } from '../session.server.ts';
import {
  chartOf,
  previousSpan,
  reportQuery,
  statisticsQuery,
  stepsOf,
  type Chart,
  type PanelName,
  type Step,
  type StepName,
} from '../statistics.server.ts';
import { indiaDayStart, pageLabel, RANGES } from '../statistics.ts';
import type { Route } from './+types/statistics.ts';

const PATH = `${STAFF_BASE}/statistics`;
const EXPORT_PATH = `${PATH}/export`;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { statistics, now } = staffRequest(context).server;
  const q = statisticsQuery(url.searchParams, now());
  const { period, filter } = q;
  if (!statistics) return { period, filter, report: null, previous: null, over: null };
  const [report, previous] = await Promise.all([
    statistics.report(reportQuery(q, false), indiaDayStart),
    statistics.report(reportQuery(q, true), indiaDayStart),
  ]);
  const { step, steps } = stepsOf(report, q.bucket);
  const before = stepsOf(previous, q.bucket).steps;
  const span = previousSpan(period);
  const charts = (['visitors', 'views', 'enquiries'] as const).map((metric) =>
    chartOf(metric, steps, before, step, span),
  );
  return { period, filter, report, previous, over: { step, steps, before, charts } };
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

/** `2 min 5 s`, `45 s`. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** The change from the previous period as `+12%` / `−3%`, read whole by a screen reader. */
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
      <span className="sr-only">{change > 0 ? 'Up' : 'Down'} </span>
      <span aria-hidden="true">{change > 0 ? '+' : '−'}</span>
      {percent.format(Math.abs(change))}
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

/**
 * A table of figures by name (a page, a source): `heads` over the name and its figures, one row
 * per entry of `rows` keyed by its label, `children` drawing the row's cells (a `th scope="row"`
 * first); `empty` in place of the table when there are no rows.
 * @param rowClassName classes added to every row's (`align-top` where a name may wrap)
 */
function FiguresTable<T extends { label: string }>({
  caption,
  heads,
  rows,
  empty,
  rowClassName,
  children,
}: {
  caption: string;
  heads: string[];
  rows: readonly T[];
  empty: string;
  rowClassName?: string;
  children: (row: T) => ReactNode;
}) {
  if (rows.length === 0) return <p className="text-sm text-stone-700">{empty}</p>;
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <Heads names={heads} />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={cx('border-b border-stone-200', rowClassName)}>
            {children(row)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** https://web.dev/articles/vitals thresholds: good up to the first, poor beyond the second. */
const VITAL_BANDS: Record<ReportedVital, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

/** `1.84 s`, `120 ms`, `0.05`, with its band in words. */
function vitalText(metric: ReportedVital, value: number | null): string {
  if (value === null) return '–';
  const [good, poor] = VITAL_BANDS[metric];
  const band = value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor';
  const shown =
    metric === 'LCP'
      ? `${(value / 1000).toFixed(2)} s`
      : metric === 'INP'
        ? `${Math.round(value)} ms`
        : value.toFixed(2);
  return `${shown} (${band})`;
}

/** Field Web Vitals per page: the 75th percentile of each metric, and how many reports. */
function VitalsTable({
  rows,
  label,
}: {
  rows: readonly VitalsRow[];
  label: (route: string) => string;
}) {
  return (
    <FiguresTable
      caption="Field Web Vitals per page, 75th percentile"
      heads={['Page', 'LCP', 'INP', 'CLS', 'Reports']}
      rows={rows.map((row) => ({ ...row, label: row.route }))}
      empty="No Web Vitals reports in this period."
    >
      {(row) => (
        <>
          <th scope="row" className="py-2 pr-4 text-left font-normal">
            <bdi>{label(row.route)}</bdi>
          </th>
          {REPORTED_VITALS.map((metric) => (
            <td key={metric} className="py-2 pr-4 text-right tabular-nums">
              {vitalText(metric, row.p75[metric])}
            </td>
          ))}
          <td className="py-2 text-right tabular-nums">
            {Math.max(row.reports.LCP, row.reports.INP, row.reports.CLS)}
          </td>
        </>
      )}
    </FiguresTable>
  );
}

/** A link to this view with one filter set (the others kept). */
function filterHref(search: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(search);
  next.set(name, value);
  return `${PATH}?${next}`;
}

interface RowsTableProps {
  caption: string;
  /** The name column's head (`Page`, `Source`). */
  head: string;
  rows: Row[];
  /** A row's name as shown; its label itself by default. */
  label?: (row: Row) => string;
  /** The search parameter a name links to filtering by (`page`); none: names are not links. */
  filter?: string;
  search: URLSearchParams;
}

function RowsTable({
  caption,
  head,
  rows,
  label = (row) => row.label,
  filter,
  search,
}: RowsTableProps) {
  const most = Math.max(...rows.map((r) => r.visitors), 1);
  return (
    <FiguresTable
      caption={caption}
      heads={[head, 'Visitors', 'Page views']}
      rows={rows}
      empty="None in this period."
      rowClassName="align-top"
    >
      {(row) => (
        <>
          <th scope="row" className="relative py-2 pr-4 text-left font-normal">
            {/* The share of the most visited row, drawn behind the name (an SVG attribute, not a
                  style, which the staff CSP refuses); the figures are the cells. */}
            <svg
              aria-hidden="true"
              className="absolute inset-y-1 left-0 h-[calc(100%-0.5rem)] w-full"
              preserveAspectRatio="none"
            >
              <rect
                width={`${Math.round((row.visitors / most) * 100)}%`}
                height="100%"
                rx="2"
                className="fill-stone-100"
              />
            </svg>
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
        </>
      )}
    </FiguresTable>
  );
}

const STEP_HEAD: Record<StepName, string> = { hour: 'Hour', day: 'Day', month: 'Month' };

/** The series as a table: each step's figures, the period before's same step in brackets. */
function Series({ step, steps, before }: { step: StepName; steps: Step[]; before: Step[] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">
        Visitors, page views and enquiries per {step}, and in brackets the period before&rsquo;s
      </caption>
      <thead>
        <Heads
          names={[
            STEP_HEAD[step],
            'Visitors (before)',
            'Page views (before)',
            'Enquiries (before)',
          ]}
        />
      </thead>
      <tbody>
        {steps.map((row, i) => (
          <tr key={row.key} className="border-b border-stone-200">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal whitespace-nowrap">
              <time dateTime={row.key}>{row.label}</time>
            </th>
            {(['visitors', 'views', 'enquiries'] as const).map((metric, j) => (
              <td key={metric} className={cx('py-1.5 text-right tabular-nums', j < 2 && 'pr-4')}>
                {number.format(row[metric])}{' '}
                <span className="text-stone-600">
                  ({before[i] ? number.format(before[i][metric]) : '—'})
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One chart as the server drew it (`chartOf`): a role="img" named by its summary, the figures
 * being in the table below; each step's band carries a native tooltip.
 */
function LineChart({ chart }: { chart: Chart }) {
  const { plot } = chart;
  const id = `chart-${chart.metric}`;
  return (
    <figure className="rounded-md border border-stone-200 p-3">
      <figcaption>
        <h3 className="font-semibold">{chart.title}</h3>
        <p id={`${id}-summary`} className="mt-1 text-sm text-stone-700">
          {chart.summary}
        </p>
      </figcaption>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby={`${id}-summary`}
        className="mt-2 block h-auto w-full overflow-visible text-[11px]"
      >
        {chart.yTicks.map((t) => (
          <g key={t.label}>
            <line
              x1={plot.left}
              x2={plot.right}
              y1={t.y}
              y2={t.y}
              className="stroke-stone-200"
              strokeWidth="1"
            />
            <text
              x={plot.left - 6}
              y={t.y}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-stone-700 tabular-nums"
            >
              {t.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((t) => (
          <text
            key={`${t.x}`}
            x={t.x}
            y={plot.bottom + 16}
            textAnchor="middle"
            className="fill-stone-700"
          >
            {t.label}
          </text>
        ))}
        <path d={chart.area} className="fill-stone-100" />
        {chart.previousLine ? (
          <path
            d={chart.previousLine}
            fill="none"
            className="stroke-stone-500"
            strokeWidth="1.5"
            strokeDasharray="4 3"
          />
        ) : null}
        <path d={chart.line} fill="none" className="stroke-ink" strokeWidth="2" />
        {chart.bands.map((b) => (
          <rect
            key={b.x}
            x={b.x}
            y={b.y}
            width={b.width}
            height={plot.bottom - plot.top}
            fill="transparent"
          >
            <title>{b.tip}</title>
          </rect>
        ))}
      </svg>
    </figure>
  );
}

/** The key shared by the charts: which line is which. */
function ChartKey() {
  return (
    <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-700" aria-hidden="true">
      <span className="inline-flex items-center gap-2">
        <svg width="24" height="8" className="stroke-ink">
          <line x1="0" x2="24" y1="4" y2="4" strokeWidth="2" />
        </svg>
        This period
      </span>
      <span className="inline-flex items-center gap-2">
        <svg width="24" height="8" className="stroke-stone-500">
          <line x1="0" x2="24" y1="4" y2="4" strokeWidth="1.5" strokeDasharray="4 3" />
        </svg>
        The period before
      </span>
    </p>
  );
}

/** A panel's CSV file, for the same period and filters. */
function CsvLink({
  panel,
  search,
  what,
}: {
  panel: PanelName;
  search: URLSearchParams;
  what: string;
}) {
  const next = new URLSearchParams(search);
  next.set('panel', panel);
  return (
    <p className="mt-2 text-sm">
      <a href={`${EXPORT_PATH}?${next}`} download className="underline underline-offset-4">
        Download as CSV<span className="sr-only"> ({what})</span>
      </a>
    </p>
  );
}

/** Enquiries by the source or entry page of the visit they came from, and the conversion. */
function ConversionTable({
  caption,
  head,
  rows,
  label = (row) => row.label,
}: {
  caption: string;
  head: string;
  rows: ConversionRow[];
  label?: (row: ConversionRow) => string;
}) {
  return (
    <FiguresTable
      caption={caption}
      heads={[head, 'Enquiries', 'Of visitors']}
      rows={rows}
      empty="No enquiries in this period."
    >
      {(row) => (
        <>
          <th scope="row" className="py-2 pr-4 text-left font-normal">
            <bdi>{row.label ? label(row) : 'Not known'}</bdi>
          </th>
          <td className="py-2 pr-4 text-right tabular-nums">{number.format(row.enquiries)}</td>
          <td className="py-2 text-right tabular-nums">
            {row.visitors > 0 ? percent.format(row.enquiries / row.visitors) : '—'}
          </td>
        </>
      )}
    </FiguresTable>
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
        {(
          [
            ['from', 'From', period.firstDay],
            ['to', 'To', period.lastDay],
          ] as const
        ).map(([name, label, day]) => (
          <label key={name} className="flex flex-col text-sm">
            <span className="font-semibold">{label}</span>
            <input
              type="date"
              name={name}
              defaultValue={day}
              className="min-h-11 rounded-md border border-stone-500 bg-paper px-2"
            />
          </label>
        ))}
        <button type="submit" className={buttonClass('secondary')}>
          Show these days
        </button>
      </Form>
    </div>
  );
}

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { period, filter, report, previous, over } = loaderData;
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
  const pageName = (row: { label: string }) => pageLabel(row.label, '');
  const pageRoutes = new Set<string>([...PAGES, ...ITEM_PAGES].map((p) => p.id));
  const panel = (title: string, id: PanelName, table: ReactNode) => (
    <Section title={title} id={id}>
      {table}
      <CsvLink panel={id} search={search} what={title.toLowerCase()} />
    </Section>
  );
  /** A panel of visitors and page views by name, its table captioned by the title by default. */
  const rowsPanel = (
    title: string,
    id: PanelName,
    table: Omit<RowsTableProps, 'caption' | 'search'> & { caption?: string },
  ) => panel(title, id, <RowsTable caption={title} search={search} {...table} />);
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
      {!report || !previous || !over ? (
        <p className="mt-6">Statistics are not kept on this server.</p>
      ) : (
        <>
          <div className="mt-6">
            <Figures report={report} previous={previous} />
          </div>
          <Section title="Over time" id="over-time">
            <ChartKey />
            <div className="mt-3 grid gap-4 lg:grid-cols-3">
              {over.charts.map((chart) => (
                <LineChart key={chart.metric} chart={chart} />
              ))}
            </div>
            <details className="mt-4">
              <summary className="cursor-pointer py-3 text-sm font-semibold">
                The figures per {over.step}
              </summary>
              <Series step={over.step} steps={over.steps} before={over.before} />
            </details>
            <CsvLink
              panel="over-time"
              search={search}
              what="visitors, page views and enquiries over time"
            />
          </Section>
          <div className="grid gap-x-10 lg:grid-cols-2">
            {rowsPanel('Top pages', 'pages', {
              head: 'Page',
              rows: report.pages.filter((r) => pageRoutes.has(r.label)),
              label: pageName,
              filter: 'page',
            })}
            {rowsPanel('Sources', 'sources', {
              head: 'Source',
              rows: report.sources,
              filter: 'source',
            })}
            {rowsPanel('Entry pages', 'entry-pages', {
              head: 'Page',
              rows: report.entryPages,
              label: pageName,
              filter: 'page',
            })}
            {rowsPanel('Exit pages', 'exit-pages', {
              head: 'Page',
              rows: report.exitPages,
              label: pageName,
            })}
            {rowsPanel('Campaigns', 'campaigns', {
              caption: 'Campaigns (UTM campaign)',
              head: 'Campaign',
              rows: report.campaigns,
              filter: 'campaign',
            })}
            {panel(
              'Enquiries by source',
              'enquiries-by-source',
              <ConversionTable
                caption="Enquiries by the source of the visit they came from"
                head="Source"
                rows={report.enquiriesBySource}
              />,
            )}
            {panel(
              'Enquiries by entry page',
              'enquiries-by-entry-page',
              <ConversionTable
                caption="Enquiries by the entry page of the visit they came from"
                head="Entry page"
                rows={report.enquiriesByEntryPage}
                label={pageName}
              />,
            )}
            {rowsPanel('Devices', 'devices', {
              head: 'Device',
              rows: report.devices,
              label: (r) => r.label.charAt(0).toUpperCase() + r.label.slice(1),
            })}
            {rowsPanel('Browsers', 'browsers', { head: 'Browser', rows: report.browsers })}
            {rowsPanel('Countries', 'countries', { head: 'Country', rows: report.countries })}
          </div>
          {panel(
            'Web Vitals',
            'web-vitals',
            <>
              <p className="mb-3 max-w-prose text-sm text-stone-700">
                How fast pages were for the visitors who measured them, from a sample of page views:
                three in four were at least this good. A page filter applies; a source or campaign
                filter does not, as a report says nothing of its visit.
              </p>
              <VitalsTable rows={report.vitals} label={(route) => pageLabel(route, '')} />
            </>,
          )}
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
