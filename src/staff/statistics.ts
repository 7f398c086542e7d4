/**
 * The statistics' names as staff read them (docs/decisions/100-cookieless-visit-statistics.md):
 * a page is kept by route id and item id, shown by its path.
 */
import { ITEM_PAGES, PAGES } from '../pages.ts';

/**
 * A page's path (`/about`; an item page's as `/showcase/…`), with the item's id after it when
 * it shows one; else the route id.
 */
export function pageLabel(route: string, item: string): string {
  const itemPage = ITEM_PAGES.find((p) => p.id === route);
  const path = itemPage
    ? `${itemPage.prefix}…`
    : (PAGES.find((p) => p.id === route)?.path ?? route);
  return item ? `${path} · ${item}` : path;
}

/** ms: India's offset from UTC, without daylight saving (the staff side's days). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The start of the India day holding `ms`, epoch ms. */
export const indiaDayStart = (ms: number): number =>
  Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;

/** `YYYY-MM-DD` of the India day holding `ms`. */
export const indiaDate = (ms: number): string =>
  new Date(indiaDayStart(ms) + IST_OFFSET_MS).toISOString().slice(0, 10);

export const RANGES = {
  today: { label: 'Today', days: 1 },
  '7d': { label: 'Last 7 days', days: 7 },
  '30d': { label: 'Last 30 days', days: 30 },
  '12mo': { label: 'Last 12 months', days: 365 },
} as const;
export type RangeName = keyof typeof RANGES;

/** A period of whole India days, `[from, to)` epoch ms, and the one before it of equal length. */
export interface Period {
  range: RangeName | 'custom';
  from: number;
  to: number;
  previousFrom: number;
  /** As the URL gives them: the first and last day, `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  /** Why the URL's dates were not taken (then the last 7 days are shown). */
  error?: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The India day `YYYY-MM-DD` starts, epoch ms; undefined when it is no real date. */
function dayOf(text: string): number | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(utc).toISOString().slice(0, 10) !== text) return undefined;
  return utc - IST_OFFSET_MS;
}

/**
 * The period `?range=today|7d|30d|12mo` names (default `7d`), or `?from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (both India days, inclusive, at most 3 years); bad dates fall back to 7 days with an `error`.
 */
export function periodOf(params: URLSearchParams, now: number): Period {
  const today = indiaDayStart(now);
  const make = (range: Period['range'], from: number, to: number, error?: string): Period => ({
    range,
    from,
    to,
    previousFrom: from - (to - from),
    firstDay: indiaDate(from),
    lastDay: indiaDate(to - 1),
    ...(error ? { error } : {}),
  });
  const named = (name: RangeName, error?: string) =>
    make(name, today - (RANGES[name].days - 1) * DAY_MS, today + DAY_MS, error);
  const fromText = params.get('from');
  const toText = params.get('to');
  if (fromText !== null || toText !== null) {
    const from = dayOf(fromText ?? '');
    const to = dayOf(toText ?? '');
    if (from === undefined || to === undefined) {
      return named('7d', 'Dates are written as YYYY-MM-DD, e.g. 2026-11-01.');
    }
    if (to < from) return named('7d', 'The last day comes before the first.');
    if (to - from > 3 * 366 * DAY_MS) return named('7d', 'A period is at most three years.');
    return make('custom', from, to + DAY_MS);
  }
  const range = params.get('range') ?? '7d';
  return Object.hasOwn(RANGES, range) ? named(range as RangeName) : named('7d');
}
