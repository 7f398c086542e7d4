/**
 * The statistics page's server side (docs/decisions/120-statistics-charts-drawn-on-the-server.md):
 * what the URL asks for (period, filters), the series in steps a chart can draw, the charts'
 * geometry drawn with d3-scale and d3-shape (https://d3js.org/d3-shape) into SVG path data — so
 * the page's HTML holds the charts whole and no chart code reaches the browser — and each panel
 * as CSV (https://www.rfc-editor.org/rfc/rfc4180).
 */
import { scaleLinear } from 'd3-scale';
import { area, curveMonotoneX, line } from 'd3-shape';
import { csvCell } from '../server/enquiries/export.ts';
import type {
  ConversionRow,
  Report,
  ReportQuery,
  Row,
  StatisticsStore,
} from '../server/statistics/store.ts';
import { ITEM_PAGES } from '../pages.ts';
import { indiaDate, pageLabel, periodOf, RANGES, type Period } from './statistics.ts';

/** Characters of a filter value taken from the URL (UTM values are kept to 100). */
const FILTER_MAX = 100;
const DAY_MS = 86_400_000;
/** Periods longer than this many days are drawn and tabled per month. */
const MONTHLY_AFTER_DAYS = 62;

export interface StatisticsFilter {
  route: string | undefined;
  source: string | undefined;
  campaign: string | undefined;
}

/** What `?range|from|to` and `?page|source|campaign` ask for, and the series' step. */
export function statisticsQuery(
  params: URLSearchParams,
  now: number,
): { period: Period; filter: StatisticsFilter; bucket: 'hour' | 'day' } {
  const period = periodOf(params, now);
  const value = (name: string) => {
    const text = params.get(name)?.trim().slice(0, FILTER_MAX);
    return text ? text : undefined;
  };
  const filter = { route: value('page'), source: value('source'), campaign: value('campaign') };
  return { period, filter, bucket: period.to - period.from <= DAY_MS ? 'hour' : 'day' };
}

/** The report's query for the period (or the one before it: `previous`). */
export function reportQuery(
  q: ReturnType<typeof statisticsQuery>,
  previous: boolean,
  limit?: number,
): ReportQuery {
  const { period, filter, bucket } = q;
  return {
    from: previous ? period.previousFrom : period.from,
    to: previous ? period.from : period.to,
    ...filter,
    bucket,
    ...(limit === undefined ? {} : { limit }),
  };
}

/** One step of the series as tables and charts show it: an hour, a day or a month. */
export interface Step {
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY-MM-DDTHH:00+05:30`: a `<time>`'s `dateTime`. */
  key: string;
  label: string;
  visitors: number;
  views: number;
  enquiries: number;
}

const zone = { timeZone: 'Asia/Kolkata' } as const;
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', ...zone });
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', ...zone });
const HOUR = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', hour12: true, ...zone });

export type StepName = 'hour' | 'day' | 'month';

/** The report's series per hour or day, folded into months for a long period. */
export function stepsOf(report: Report, bucket: 'hour' | 'day'): { step: StepName; steps: Step[] } {
  const step: StepName =
    bucket === 'hour' ? 'hour' : report.series.length > MONTHLY_AFTER_DAYS ? 'month' : 'day';
  const steps: Step[] = [];
  for (const d of report.series) {
    const date = indiaDate(d.day);
    const key =
      step === 'month'
        ? date.slice(0, 7)
        : step === 'hour'
          ? `${date}T${String(new Date(d.day + 330 * 60_000).getUTCHours()).padStart(2, '0')}:00+05:30`
          : date;
    const last = steps.at(-1);
    if (last && last.key === key) {
      last.visitors += d.visitors;
      last.views += d.views;
      last.enquiries += d.enquiries;
    } else {
      const label = (step === 'month' ? MONTH : step === 'hour' ? HOUR : DAY).format(d.day);
      steps.push({ key, label, visitors: d.visitors, views: d.views, enquiries: d.enquiries });
    }
  }
  return { step, steps };
}

export type Metric = 'visitors' | 'views' | 'enquiries';

export const METRICS: Record<Metric, { title: string; one: string; many: string }> = {
  visitors: { title: 'Visitors', one: 'visitor', many: 'visitors' },
  views: { title: 'Page views', one: 'page view', many: 'page views' },
  enquiries: { title: 'Enquiries', one: 'enquiry', many: 'enquiries' },
};

/** A chart as SVG geometry in a `width` × `height` user space (px at scale 1). */
export interface Chart {
  metric: Metric;
  title: string;
  width: number;
  height: number;
  /** The plot's box: left, top, right, bottom edges. */
  plot: { left: number; top: number; right: number; bottom: number };
  /** Path data: the period's line and the area under it, the previous period's line. */
  line: string;
  area: string;
  previousLine: string;
  xTicks: Array<{ x: number; label: string }>;
  yTicks: Array<{ y: number; label: string }>;
  /** One band per step, for its tooltip (an SVG `<title>`, shown without JavaScript). */
  bands: Array<{ x: number; width: number; y: number; tip: string }>;
  /** The figures in words: the chart's text alternative. */
  summary: string;
}

const WIDTH = 360;
const HEIGHT = 180;
const PLOT = { left: 44, top: 10, right: WIDTH - 10, bottom: HEIGHT - 26 };
const number = new Intl.NumberFormat('en-IN');
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });

const count = (n: number, metric: Metric) =>
  `${number.format(n)} ${n === 1 ? METRICS[metric].one : METRICS[metric].many}`;

/** "up 12 % on …", "down 3 % on …", "as many as in …", or the figure before when it was 0. */
function comparison(now: number, before: number, span: string): string {
  if (before === 0) return now === 0 ? `none in ${span} either` : `none in ${span}`;
  const change = (now - before) / before;
  if (Math.abs(change) < 0.005) return `as many as in ${span} (${number.format(before)})`;
  return `${change > 0 ? 'up' : 'down'} ${percent.format(Math.abs(change))} on ${span} (${number.format(before)})`;
}

/**
 * A line chart of one metric over the steps, the previous period's line dashed beside it (step
 * by step: the previous period has as many days), with its summary in words.
 * @param span how the previous period is named in words, e.g. `the 7 days before`
 */
export function chartOf(
  metric: Metric,
  steps: readonly Step[],
  previous: readonly Step[],
  step: StepName,
  span: string,
): Chart {
  const values = steps.map((s) => s[metric]);
  const before = previous.slice(0, steps.length).map((s) => s[metric]);
  const total = values.reduce((a, b) => a + b, 0);
  const previousTotal = before.reduce((a, b) => a + b, 0);
  const last = Math.max(steps.length - 1, 1);
  const x = scaleLinear().domain([0, last]).range([PLOT.left, PLOT.right]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...values, ...before)])
    .range([PLOT.bottom, PLOT.top])
    .nice(4);
  const at = (i: number) => (steps.length === 1 ? (PLOT.left + PLOT.right) / 2 : x(i));
  const drawn = line<number>()
    .x((_, i) => at(i))
    .y((v) => y(v))
    .curve(curveMonotoneX)
    .digits(1);
  const under = area<number>()
    .x((_, i) => at(i))
    .y0(PLOT.bottom)
    .y1((v) => y(v))
    .curve(curveMonotoneX)
    .digits(1);
  const tickEvery = Math.max(1, Math.ceil(steps.length / 4));
  const xTicks = steps.flatMap((s, i) =>
    i % tickEvery === 0 && (i === 0 || steps.length - 1 - i >= tickEvery / 2)
      ? [{ x: at(i), label: s.label }]
      : [],
  );
  const yTicks = y
    .ticks(4)
    .filter((v) => Number.isInteger(v))
    .map((v) => ({ y: y(v), label: v >= 10_000 ? compact.format(v) : number.format(v) }));
  const band = steps.length === 1 ? PLOT.right - PLOT.left : (PLOT.right - PLOT.left) / last;
  const bands = steps.map((s, i) => ({
    x: Math.max(PLOT.left, at(i) - band / 2),
    width: Math.min(band, PLOT.right - PLOT.left),
    y: PLOT.top,
    tip: `${s.label}: ${count(s[metric], metric)}${before[i] === undefined ? '' : ` (before: ${number.format(before[i])})`}`,
  }));
  let most = 0;
  for (let i = 1; i < values.length; i += 1) if (values[i]! > values[most]!) most = i;
  const peak =
    total === 0
      ? ''
      : ` The most in one ${step}: ${count(values[most]!, metric)}, ${steps[most]!.label}.`;
  return {
    metric,
    title: METRICS[metric].title,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    line: drawn(values) ?? '',
    area: under(values) ?? '',
    previousLine: before.length > 0 ? (drawn(before) ?? '') : '',
    xTicks,
    yTicks,
    bands,
    summary: `${count(total, metric)}, ${comparison(total, previousTotal, span)}.${peak}`,
  };
}

/** How the period before is named in a summary. */
export function previousSpan(period: Period): string {
  const days = Math.round((period.to - period.from) / DAY_MS);
  return days === 1 ? 'the day before' : `the ${days} days before`;
}

/** The panels a CSV can be had of, each by its `?panel=` name, with its file's columns. */
export const PANELS = {
  'over-time': 'Visitors, page views and enquiries over time',
  pages: 'Top pages',
  'entry-pages': 'Entry pages',
  'exit-pages': 'Exit pages',
  sources: 'Sources',
  campaigns: 'Campaigns',
  devices: 'Devices',
  browsers: 'Browsers',
  countries: 'Countries',
  'enquiries-by-source': 'Enquiries by source',
  'enquiries-by-entry-page': 'Enquiries by entry page',
  'web-vitals': 'Web Vitals',
} as const;
export type PanelName = keyof typeof PANELS;

export const isPanel = (name: string | null): name is PanelName =>
  name !== null && Object.hasOwn(PANELS, name);

const lines = (rows: ReadonlyArray<ReadonlyArray<string | number>>): string =>
  `${rows.map((r) => r.map((c) => csvCell(String(c))).join(',')).join('\r\n')}\r\n`;

const pageName = (route: string) => (route === '' ? '' : pageLabel(route, ''));
const rowsCsv = (head: string, rows: readonly Row[], name = (label: string) => label) =>
  lines([
    [head, 'visitors', 'page views'],
    ...rows.map((r) => [name(r.label), r.visitors, r.views]),
  ]);
const conversionCsv = (head: string, rows: readonly ConversionRow[], name = (l: string) => l) =>
  lines([
    [head, 'enquiries', 'visitors', 'conversion'],
    ...rows.map((r) => [
      name(r.label),
      r.enquiries,
      r.visitors,
      r.visitors > 0 ? (r.enquiries / r.visitors).toFixed(4) : '',
    ]),
  ]);

/**
 * One panel of `report` as CSV (a header row, then one row per line of the panel; pages by
 * path); `over-time` has the period before's figures step by step beside it.
 */
export function panelCsv(
  panel: PanelName,
  report: Report,
  previous: Report,
  bucket: 'hour' | 'day',
): string {
  switch (panel) {
    case 'over-time': {
      const { step, steps } = stepsOf(report, bucket);
      const before = stepsOf(previous, bucket).steps;
      return lines([
        [
          step,
          'visitors',
          'page views',
          'enquiries',
          'visitors before',
          'page views before',
          'enquiries before',
        ],
        ...steps.map((s, i) => [
          s.key,
          s.visitors,
          s.views,
          s.enquiries,
          before[i]?.visitors ?? '',
          before[i]?.views ?? '',
          before[i]?.enquiries ?? '',
        ]),
      ]);
    }
    case 'pages':
      return rowsCsv('page', report.pages, pageName);
    case 'entry-pages':
      return rowsCsv('entry page', report.entryPages, pageName);
    case 'exit-pages':
      return rowsCsv('exit page', report.exitPages, pageName);
    case 'sources':
      return rowsCsv('source', report.sources);
    case 'campaigns':
      return rowsCsv('campaign', report.campaigns);
    case 'devices':
      return rowsCsv('device', report.devices);
    case 'browsers':
      return rowsCsv('browser', report.browsers);
    case 'countries':
      return rowsCsv('country', report.countries);
    case 'enquiries-by-source':
      return conversionCsv('source', report.enquiriesBySource);
    case 'enquiries-by-entry-page':
      return conversionCsv('entry page', report.enquiriesByEntryPage, pageName);
    case 'web-vitals':
      return lines([
        [
          'page',
          'LCP p75 ms',
          'INP p75 ms',
          'CLS p75',
          'LCP reports',
          'INP reports',
          'CLS reports',
        ],
        ...report.vitals.map((r) => [
          pageName(r.route),
          r.p75.LCP ?? '',
          r.p75.INP ?? '',
          r.p75.CLS ?? '',
          r.reports.LCP,
          r.reports.INP,
          r.reports.CLS,
        ]),
      ]);
  }
}

/** `statistics-sources-2026-11-19-to-2026-11-25.csv` */
export function panelFilename(panel: PanelName, period: Period): string {
  const days =
    period.firstDay === period.lastDay
      ? period.firstDay
      : `${period.firstDay}-to-${period.lastDay}`;
  return `statistics-${panel}-${days}.csv`;
}

/** An item's figures beside its editing page: the last 30 days, and where the period's page is. */
export interface ItemFigures {
  days: number;
  views: number;
  visitors: number;
  enquiries: number;
  /** The statistics page for the same days, filtered to the item's page route. */
  href: string;
}

/**
 * The last 30 days' views, visitors and enquiries of the item `key` of `collection`, when the
 * collection has a page per item (`ITEM_PAGES`); null for any other collection or without
 * statistics. Kept by route id and item id, a news item's page gets the same once it is a row of
 * `ITEM_PAGES`.
 */
export async function itemFigures(
  statistics: StatisticsStore | undefined,
  collection: string,
  key: string,
  now: number,
  base: string,
): Promise<ItemFigures | null> {
  const page = ITEM_PAGES.find((p) => p.collection === collection);
  if (!statistics || !page) return null;
  const period = periodOf(new URLSearchParams({ range: '30d' }), now);
  const figures = await statistics.pageFigures(page.id, key, period.from, period.to);
  const search = new URLSearchParams({ range: '30d', page: page.id });
  return { days: RANGES['30d'].days, ...figures, href: `${base}/statistics?${search}` };
}
