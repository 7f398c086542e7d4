/**
 * The statistics' storage on either engine, written once with Kysely (`src/server/db/tables.ts`,
 * tables of `./migrations.ts`; docs/decisions/100-cookieless-visit-statistics.md). Times are
 * epoch ms; days are UTC `YYYY-MM-DD`.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Db, Executor } from '../db/tables.ts';
import type { EnquiryOrigin } from '../inbox/types.ts';
import { REPORTED_VITALS, type ReportedVital } from '../../lib/vitals-report.ts';
import { utcDay, type DescribedView } from './views.ts';

/** ms: views of one visitor less apart than this are one visit (as Plausible's). */
export const VISIT_GAP_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type { EnquiryOrigin };

/** A period of whole hours, `[from, to)` epoch ms, and an optional filter by page or source. */
export interface ReportQuery {
  from: number;
  to: number;
  route?: string | undefined;
  source?: string | undefined;
  campaign?: string | undefined;
  /** The series' steps: each hour (a one-day period), else each day; default `day`. */
  bucket?: 'hour' | 'day' | undefined;
  /** Rows of each panel, the most visited first; default 20. */
  limit?: number | undefined;
}

/** Enquiries whose visit had one entry page or source, and that row's visitors. */
export interface ConversionRow {
  label: string;
  enquiries: number;
  visitors: number;
}

export interface Row {
  label: string;
  visitors: number;
  views: number;
}

/** The statistics page's figures for a period. */
export interface Report {
  visitors: number;
  visits: number;
  views: number;
  /** 0–1: visits of one page view ÷ visits; 0 without visits. */
  bounceRate: number;
  /** ms, the mean over visits. */
  visitDuration: number;
  enquiries: number;
  /**
   * Per day (the staff side's time zone's day start, epoch ms), or per hour for
   * `bucket: 'hour'`; every step of the period, empty ones as 0.
   */
  series: Array<{ day: number; visitors: number; views: number; enquiries: number }>;
  pages: Row[];
  entryPages: Row[];
  exitPages: Row[];
  sources: Row[];
  campaigns: Row[];
  devices: Row[];
  browsers: Row[];
  countries: Row[];
  /** Enquiries per source, with the source's visitors (conversion = enquiries ÷ visitors). */
  enquiriesBySource: ConversionRow[];
  /** Enquiries per entry page (route id) of the visit they came from, with its visitors. */
  enquiriesByEntryPage: ConversionRow[];
  /** Field Web Vitals per page (route id), the most reported first. */
  vitals: VitalsRow[];
}

/** One report's values of {@link REPORTED_VITALS} (ms; CLS unitless), as the endpoint took them. */
export interface VitalsEntry {
  /** epoch ms */
  at: number;
  route: string;
  values: Partial<Record<ReportedVital, number | undefined>>;
}

/** A page's 75th percentiles (nearest rank) over the period; null where none was reported. */
export interface VitalsRow {
  route: string;
  p75: Record<ReportedVital, number | null>;
  /** Reports of each metric. */
  reports: Record<ReportedVital, number>;
}

export interface StatisticsStore {
  /**
   * The salt of `day` (32 random bytes, hex), made by the first instance that asks; the same
   * on every instance.
   */
  salt(day: string): Promise<string>;
  /** Counts a batch of views in one transaction (in time order of each entry's first view). */
  record(views: readonly DescribedView[]): Promise<void>;
  /** Keeps a batch of Web Vitals reports' values. */
  recordVitals(entries: readonly VitalsEntry[]): Promise<void>;
  /**
   * Ends the days before `now`'s: clears their visitor hashes (keeping counts), deletes salts
   * whose day began 48 h ago or more, and statistics older than `retentionMonths`.
   */
  maintain(now: number, retentionMonths: number): Promise<void>;
  /** The visitor's visit going on at `now` (same day, within {@link VISIT_GAP_MS}), if any. */
  visitOf(
    visitor: string,
    now: number,
  ): Promise<
    | { entryRoute: string; entryItem: string; source: string; utmCampaign: string; views: number }
    | undefined
  >;
  saveOrigin(submissionId: string, receivedAt: number, origin: EnquiryOrigin): Promise<void>;
  originOf(submissionId: string): Promise<EnquiryOrigin | undefined>;
  /**
   * One page's figures over `[from, to)` epoch ms, the page kept by route id and item id (so a
   * renamed slug keeps them): views, the day's visitors summed over days, and the enquiries whose
   * visit began on it.
   */
  pageFigures(
    route: string,
    item: string,
    from: number,
    to: number,
  ): Promise<{ views: number; visitors: number; enquiries: number }>;
  /**
   * @param dayStart the start of the day holding `ms`, epoch ms, in the reader's time zone
   */
  report(query: ReportQuery, dayStart: (ms: number) => number): Promise<Report>;
}

interface PageVisitor {
  day: string;
  route: string;
  item: string;
  visitor: string;
}

interface HourKey {
  hour: number;
  route: string;
  item: string;
  views: number;
  visitors: number;
}

/** A visit as this instance last wrote it: a hint, the database stays the truth. */
interface KnownVisit {
  id: number;
  lastAt: number;
}

/**
 * ms: the rolled-up days' offset from UTC: India's, the staff side's days
 * (`src/staff/statistics.ts`). A period of whole India days reads the ended ones rolled up.
 */
export const ROLLUP_DAY_OFFSET_MS = 330 * 60_000;
/** The visits' columns rolled up per ended day, and `all` for the day's totals. */
const DIMENSIONS = [
  'source',
  'utmCampaign',
  'entryRoute',
  'exitRoute',
  'device',
  'browser',
  'country',
] as const;
type Dimension = (typeof DIMENSIONS)[number];
const COLUMN: Record<Dimension, string> = {
  source: 'source',
  utmCampaign: 'utm_campaign',
  entryRoute: 'entry_route',
  exitRoute: 'exit_route',
  device: 'device',
  browser: 'browser',
  country: 'country',
};
/** SQL: the start of the rolled-up day holding `column` (epoch ms), on either engine. */
const dayOfColumn = (column: string) =>
  sql<number>`${sql.ref(column)} - ((${sql.ref(column)} + ${ROLLUP_DAY_OFFSET_MS}) % ${DAY_MS})`;
const rollupDayStart = (ms: number) =>
  Math.floor((ms + ROLLUP_DAY_OFFSET_MS) / DAY_MS) * DAY_MS - ROLLUP_DAY_OFFSET_MS;

/**
 * Rolls up the ended days not yet rolled up, up to the start of the rolled-up day that holds the
 * start of `now`'s UTC day: a visit is cut at the end of its UTC day, so none started before
 * then changes again. Once per day range, whichever instance gets there first (the `until` row
 * is moved only from the value read).
 */
async function rollUp(db: Db, now: number): Promise<void> {
  const k = db.kysely;
  const upTo = rollupDayStart(now - (now % DAY_MS));
  await k.transaction().execute(async (trx) => {
    const state = await trx
      .selectFrom('statRollup')
      .select('until')
      .where('name', '=', 'days')
      .executeTakeFirst();
    let from = state ? Number(state.until) : undefined;
    if (from === undefined) {
      const first = await trx
        .selectFrom('statPageHours')
        .select((eb) => eb.fn.min('hour').as('hour'))
        .executeTakeFirst();
      const visit = await trx
        .selectFrom('statVisits')
        .select((eb) => eb.fn.min('startedAt').as('at'))
        .executeTakeFirst();
      const earliest = Math.min(Number(first?.hour ?? upTo), Number(visit?.at ?? upTo), upTo);
      from = rollupDayStart(earliest);
      await trx.insertInto('statRollup').values({ name: 'days', until: from }).execute();
    }
    if (from >= upTo) return;
    const moved = await trx
      .updateTable('statRollup')
      .set({ until: upTo })
      .where('name', '=', 'days')
      .where('until', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return;
    const visits = (value: ReturnType<typeof sql>, dimension: string) => sql`
      INSERT INTO stat_visit_days (day, dimension, value, visits, visitors, views, bounces, duration)
      SELECT ${dayOfColumn('started_at')}, ${dimension}, ${value}, COUNT(*), SUM(first_of_day),
        SUM(views), SUM(CASE WHEN views = 1 THEN 1 ELSE 0 END), SUM(last_at - started_at)
      FROM stat_visits WHERE started_at >= ${from} AND started_at < ${upTo}
      GROUP BY 1, 3`;
    await visits(sql`''`, 'all').execute(trx);
    for (const d of DIMENSIONS) await visits(sql.ref(COLUMN[d]), d).execute(trx);
    await sql`
      INSERT INTO stat_page_days (day, route, item, views, visitors)
      SELECT ${dayOfColumn('hour')}, route, item, SUM(views), SUM(visitors)
      FROM stat_page_hours WHERE hour >= ${from} AND hour < ${upTo}
      GROUP BY 1, 2, 3`.execute(trx);
  });
}

/** Entries kept in each of the store's caches of today's visitors before they are cleared. */
const CACHE_LIMIT = 200_000;

/**
 * One visitor's views of a batch (time order) into its visits: the visit going on (the cache's,
 * else the database's latest of the day) is continued, with increments so that another instance's
 * writes add up; a gap of {@link VISIT_GAP_MS} or more starts a new one.
 */
async function countVisits(
  trx: Executor,
  day: string,
  visitor: string,
  views: readonly DescribedView[],
  cached: KnownVisit | undefined,
): Promise<KnownVisit> {
  const first = views[0]!;
  let known = cached && first.at - cached.lastAt < VISIT_GAP_MS ? cached : undefined;
  let any = cached !== undefined;
  if (!known) {
    const last = await trx
      .selectFrom('statVisits')
      .select(['id', 'lastAt'])
      .where('day', '=', day)
      .where('visitor', '=', visitor)
      .orderBy('lastAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    any = last !== undefined;
    if (last && first.at - Number(last.lastAt) < VISIT_GAP_MS) {
      known = { id: Number(last.id), lastAt: Number(last.lastAt) };
    }
  }
  let added = 0;
  let exit = first;
  const update = async (visit: KnownVisit) => {
    if (added === 0) return;
    const lastAt = sql<number>`case when ${sql.ref('last_at')} > ${visit.lastAt} then ${sql.ref('last_at')} else ${visit.lastAt} end`;
    await trx
      .updateTable('statVisits')
      .set((eb) => ({
        views: eb('views', '+', added),
        // A late beacon from another instance's batch may be older than the visit's last view.
        lastAt,
        exitRoute: exit.route,
        exitItem: exit.item,
      }))
      .where('id', '=', visit.id)
      .execute();
  };
  for (const v of views) {
    if (known && v.at - known.lastAt < VISIT_GAP_MS) {
      known = { id: known.id, lastAt: Math.max(known.lastAt, v.lastAt) };
      added += v.views;
      if (v.lastAt >= exit.lastAt) exit = v;
      continue;
    }
    if (known) await update(known);
    const row = await trx
      .insertInto('statVisits')
      .values({
        day,
        visitor,
        firstOfDay: any ? 0 : 1,
        startedAt: v.at,
        lastAt: v.lastAt,
        views: v.views,
        entryRoute: v.route,
        entryItem: v.item,
        exitRoute: v.route,
        exitItem: v.item,
        source: v.source,
        utmSource: v.utmSource,
        utmMedium: v.utmMedium,
        utmCampaign: v.utmCampaign,
        device: v.device,
        browser: v.browser,
        country: v.country,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    any = true;
    known = { id: Number(row.id), lastAt: v.lastAt };
    added = 0;
    exit = v;
  }
  await update(known!);
  return known!;
}

/** The statistics on `db` (shared with the other stores). */
export function createStatisticsStore(db: Db): StatisticsStore {
  const k = db.kysely;
  const salts = new Map<string, string>();
  /** Today's (day, visitor, page) already in `stat_page_visitors`, and visits by (day, visitor). */
  const seenPages = new Set<string>();
  const visits = new Map<string, KnownVisit>();

  return {
    async salt(day) {
      const known = salts.get(day);
      if (known) return known;
      await k
        .insertInto('statSalts')
        .values({ day, salt: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await k
        .selectFrom('statSalts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      for (const old of salts.keys()) if (old < utcDay(Date.parse(day) - DAY_MS)) salts.delete(old);
      salts.set(day, row.salt);
      return row.salt;
    },

    async record(views) {
      if (views.length === 0) return;
      const hours = new Map<string, HourKey>();
      const byVisitor = new Map<string, { day: string; visitor: string; views: DescribedView[] }>();
      const pageVisitors = new Map<string, { key: HourKey; row: PageVisitor }>();
      for (const v of views) {
        const hour = Math.floor(v.at / HOUR_MS) * HOUR_MS;
        const key = `${hour}\0${v.route}\0${v.item}`;
        let counts = hours.get(key);
        if (!counts) {
          counts = { hour, route: v.route, item: v.item, views: 0, visitors: 0 };
          hours.set(key, counts);
        }
        counts.views += v.views;
        if (v.visitor === null) continue;
        const day = utcDay(v.at);
        const visitorKey = `${day}\0${v.visitor}`;
        const group = byVisitor.get(visitorKey);
        if (group) group.views.push(v);
        else byVisitor.set(visitorKey, { day, visitor: v.visitor, views: [v] });
        const pageKey = `${visitorKey}\0${v.route}\0${v.item}`;
        if (!seenPages.has(pageKey) && !pageVisitors.has(pageKey)) {
          const row = { day, route: v.route, item: v.item, visitor: v.visitor };
          pageVisitors.set(pageKey, { key: counts, row });
        }
      }
      const known = new Map<string, KnownVisit>();
      await k.transaction().execute(async (trx) => {
        for (const { key, row } of pageVisitors.values()) {
          const seen = await trx
            .insertInto('statPageVisitors')
            .values(row)
            .onConflict((oc) => oc.doNothing())
            .executeTakeFirst();
          if (Number(seen.numInsertedOrUpdatedRows ?? 0) > 0) key.visitors += 1;
        }
        for (const [visitorKey, { day, visitor, views: list }] of byVisitor) {
          known.set(visitorKey, await countVisits(trx, day, visitor, list, visits.get(visitorKey)));
        }
        for (const c of hours.values()) {
          await trx
            .insertInto('statPageHours')
            .values(c)
            .onConflict((oc) =>
              oc.columns(['hour', 'route', 'item']).doUpdateSet((eb) => ({
                views: eb('statPageHours.views', '+', c.views),
                visitors: eb('statPageHours.visitors', '+', c.visitors),
              })),
            )
            .execute();
        }
      });
      // Only once committed: a rolled-back batch leaves the caches as they were.
      if (seenPages.size + pageVisitors.size > CACHE_LIMIT) seenPages.clear();
      for (const pageKey of pageVisitors.keys()) seenPages.add(pageKey);
      if (visits.size + known.size > CACHE_LIMIT) visits.clear();
      for (const [visitorKey, visit] of known) visits.set(visitorKey, visit);
    },

    async recordVitals(entries) {
      const counted = new Map<string, Database['statVitals']>();
      for (const { at, route, values } of entries) {
        const day = rollupDayStart(at);
        for (const metric of REPORTED_VITALS) {
          const raw = values[metric];
          if (raw === undefined) continue;
          const value = stepUp(metric, raw);
          const key = `${day}\0${route}\0${metric}\0${value}`;
          const row = counted.get(key);
          if (row) row.reports += 1;
          else counted.set(key, { day, route, metric, value, reports: 1 });
        }
      }
      if (counted.size === 0) return;
      await k.transaction().execute(async (trx) => {
        for (const row of counted.values()) {
          await trx
            .insertInto('statVitals')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['day', 'route', 'metric', 'value']).doUpdateSet((eb) => ({
                reports: eb('statVitals.reports', '+', row.reports),
              })),
            )
            .execute();
        }
      });
    },

    async maintain(now, retentionMonths) {
      const today = utcDay(now);
      const kept = new Date(now);
      kept.setUTCMonth(kept.getUTCMonth() - retentionMonths);
      await k.transaction().execute(async (trx) => {
        await trx.deleteFrom('statPageVisitors').where('day', '<', today).execute();
        await trx
          .updateTable('statVisits')
          .set({ visitor: null })
          .where('day', '<', today)
          .where('visitor', 'is not', null)
          .execute();
        // A day's salt is made at its start at the earliest: gone 48 h after, with the day before.
        await trx
          .deleteFrom('statSalts')
          .where('day', '<=', utcDay(now - 2 * DAY_MS))
          .execute();
        await trx.deleteFrom('statPageHours').where('hour', '<', kept.getTime()).execute();
        await trx.deleteFrom('statVisits').where('startedAt', '<', kept.getTime()).execute();
        await trx.deleteFrom('statVisitDays').where('day', '<', kept.getTime()).execute();
        await trx.deleteFrom('statPageDays').where('day', '<', kept.getTime()).execute();
        await trx.deleteFrom('statVitals').where('day', '<', kept.getTime()).execute();
      });
      await rollUp(db, now);
      for (const day of salts.keys()) if (day <= utcDay(now - 2 * DAY_MS)) salts.delete(day);
      const past = (key: string) => key.slice(0, 10) < today;
      for (const key of seenPages) if (past(key)) seenPages.delete(key);
      for (const key of visits.keys()) if (past(key)) visits.delete(key);
    },

    async visitOf(visitor, now) {
      const row = await k
        .selectFrom('statVisits')
        .select(['entryRoute', 'entryItem', 'source', 'utmCampaign', 'views', 'lastAt'])
        .where('day', '=', utcDay(now))
        .where('visitor', '=', visitor)
        .orderBy('lastAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || now - Number(row.lastAt) >= VISIT_GAP_MS) return undefined;
      const { lastAt: _, ...visit } = row;
      return { ...visit, views: Number(visit.views) };
    },

    async saveOrigin(submissionId, receivedAt, origin) {
      await k
        .insertInto('statEnquiryOrigins')
        .values({ submissionId, receivedAt, ...origin })
        .onConflict((oc) => oc.column('submissionId').doNothing())
        .execute();
    },

    async originOf(submissionId) {
      const row = await k
        .selectFrom('statEnquiryOrigins')
        .select(['entryRoute', 'entryItem', 'source', 'utmCampaign', 'formRoute', 'viewsBefore'])
        .where('submissionId', '=', submissionId)
        .executeTakeFirst();
      return row && { ...row, viewsBefore: Number(row.viewsBefore) };
    },

    async pageFigures(route, item, from, to) {
      const counts = await k
        .selectFrom('statPageHours')
        .select((eb) => [eb.fn.sum('views').as('views'), eb.fn.sum('visitors').as('visitors')])
        .where('route', '=', route)
        .where('item', '=', item)
        .where('hour', '>=', from)
        .where('hour', '<', to)
        .executeTakeFirstOrThrow();
      const enquiries = await k
        .selectFrom('statEnquiryOrigins')
        .innerJoin('submissions', 'submissions.id', 'statEnquiryOrigins.submissionId')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('statEnquiryOrigins.entryRoute', '=', route)
        .where('statEnquiryOrigins.entryItem', '=', item)
        .where('statEnquiryOrigins.receivedAt', '>=', from)
        .where('statEnquiryOrigins.receivedAt', '<', to)
        .where('submissions.spam', '=', 'ham')
        .executeTakeFirstOrThrow();
      return {
        views: num(counts.views),
        visitors: num(counts.visitors),
        enquiries: num(enquiries.n),
      };
    },

    report: (query, dayStart) => reportOf(db, query, dayStart),
  };
}

const num = (v: unknown): number => Number(v ?? 0);

/** Rows of one panel from two parts of a period, summed by label, the most first; `limit` kept. */
function merged(parts: Row[][], by: 'visitors' | 'views', limit: number): Row[] {
  const sums = new Map<string, Row>();
  for (const row of parts.flat()) {
    const sum = sums.get(row.label);
    if (sum) {
      sum.visitors += row.visitors;
      sum.views += row.views;
    } else sums.set(row.label, { ...row });
  }
  return [...sums.values()]
    .sort((a, b) => b[by] - a[by] || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .slice(0, limit);
}

async function reportOf(db: Db, q: ReportQuery, dayStart: (ms: number) => number): Promise<Report> {
  const k = db.kysely;
  // Ended days are read rolled up when the period is of whole rolled-up days and unfiltered;
  // the rest of the period (today, and what is not rolled up yet) from the visits themselves.
  const aligned = (ms: number) => rollupDayStart(ms) === ms;
  const rollable =
    q.source === undefined &&
    q.campaign === undefined &&
    q.route === undefined &&
    q.bucket !== 'hour' &&
    aligned(q.from) &&
    aligned(q.to);
  const until = rollable
    ? await k.selectFrom('statRollup').select('until').where('name', '=', 'days').executeTakeFirst()
    : undefined;
  const split = until ? Math.min(Math.max(Number(until.until), q.from), q.to) : q.from;
  const rolledDays = k
    .selectFrom('statVisitDays')
    .where('day', '>=', q.from)
    .where('day', '<', split);
  const rolledPages = k
    .selectFrom('statPageDays')
    .where('day', '>=', q.from)
    .where('day', '<', split);
  const anyRolled = split > q.from;

  let visits = k
    .selectFrom('statVisits')
    .where('startedAt', '>=', split)
    .where('startedAt', '<', q.to);
  if (q.source) visits = visits.where('source', '=', q.source);
  if (q.campaign) visits = visits.where('utmCampaign', '=', q.campaign);
  if (q.route) visits = visits.where('entryRoute', '=', q.route);
  let hours = k.selectFrom('statPageHours').where('hour', '>=', split).where('hour', '<', q.to);
  if (q.route) hours = hours.where('route', '=', q.route);
  const filteredByVisit = q.source !== undefined || q.campaign !== undefined;
  const limit = q.limit ?? 20;
  /** The raw part's rows: all of them when they are summed with the rolled-up part's. */
  const rawLimit = anyRolled ? 1_000_000 : limit;

  /**
   * A filtered period is read from its visits alone (no roll-up holds a filter): fetched once and
   * summed here, instead of one scan of them per panel.
   */
  const filtered = !rollable && (q.source ?? q.campaign ?? q.route) !== undefined;
  const filteredVisits = filtered
    ? await visits.select([...DIMENSIONS, 'firstOfDay', 'views', 'startedAt', 'lastAt']).execute()
    : undefined;

  const rawTotals = filteredVisits
    ? {
        visits: filteredVisits.length,
        visitors: filteredVisits.reduce((n, v) => n + num(v.firstOfDay), 0),
        views: filteredVisits.reduce((n, v) => n + num(v.views), 0),
        bounces: filteredVisits.reduce((n, v) => n + (num(v.views) === 1 ? 1 : 0), 0),
        duration: filteredVisits.reduce((n, v) => n + num(v.lastAt) - num(v.startedAt), 0),
      }
    : await visits
        .select((eb) => [
          eb.fn.countAll().as('visits'),
          eb.fn.sum('firstOfDay').as('visitors'),
          eb.fn.sum('views').as('views'),
          eb.fn.sum(sql<number>`case when ${sql.ref('views')} = 1 then 1 else 0 end`).as('bounces'),
          eb.fn.sum(sql<number>`${sql.ref('last_at')} - ${sql.ref('started_at')}`).as('duration'),
        ])
        .executeTakeFirstOrThrow();
  const rolledTotals = anyRolled
    ? await rolledDays
        .where('dimension', '=', 'all')
        .select((eb) => [
          eb.fn.sum('visits').as('visits'),
          eb.fn.sum('visitors').as('visitors'),
          eb.fn.sum('views').as('views'),
          eb.fn.sum('bounces').as('bounces'),
          eb.fn.sum('duration').as('duration'),
        ])
        .executeTakeFirstOrThrow()
    : undefined;
  const totals = {
    visits: num(rawTotals.visits) + num(rolledTotals?.visits),
    visitors: num(rawTotals.visitors) + num(rolledTotals?.visitors),
    views: num(rawTotals.views) + num(rolledTotals?.views),
    bounces: num(rawTotals.bounces) + num(rolledTotals?.bounces),
    duration: num(rawTotals.duration) + num(rolledTotals?.duration),
  };
  const rawPageTotals = await hours
    .select((eb) => [eb.fn.sum('views').as('views')])
    .executeTakeFirstOrThrow();
  const rolledPageViews = anyRolled
    ? num(
        (await rolledPages.select((eb) => eb.fn.sum('views').as('views')).executeTakeFirstOrThrow())
          .views,
      )
    : 0;
  const pageTotals = { views: num(rawPageTotals.views) + rolledPageViews };
  const visitCount = totals.visits;

  const groupedInMemory = (column: Dimension): Row[] => {
    const sums = new Map<string, Row>();
    for (const v of filteredVisits ?? []) {
      const label = String(v[column]);
      const row = sums.get(label) ?? { label, visitors: 0, views: 0 };
      row.visitors += num(v.firstOfDay);
      row.views += num(v.views);
      sums.set(label, row);
    }
    return [...sums.values()];
  };
  const grouped = async (column: Dimension): Promise<Row[]> => {
    if (filteredVisits) {
      return merged([groupedInMemory(column)], 'visitors', limit).filter(
        (r) => r.label !== '' || column === 'device' || column === 'browser',
      );
    }
    const raw = await visits
      .select((eb) => [
        eb.ref(column).as('label'),
        eb.fn.sum('firstOfDay').as('visitors'),
        eb.fn.sum('views').as('views'),
      ])
      .groupBy(column)
      .orderBy('visitors', 'desc')
      .orderBy('label')
      .limit(rawLimit)
      .execute();
    const rolled = anyRolled
      ? await rolledDays
          .where('dimension', '=', column)
          .select((eb) => [
            'value as label',
            eb.fn.sum('visitors').as('visitors'),
            eb.fn.sum('views').as('views'),
          ])
          .groupBy('value')
          .execute()
      : [];
    const rows = (list: Array<{ label: unknown; visitors: unknown; views: unknown }>) =>
      list.map((r) => ({ label: String(r.label), visitors: num(r.visitors), views: num(r.views) }));
    return merged([rows(raw), rows(rolled)], 'visitors', limit).filter(
      (r) => r.label !== '' || column === 'device' || column === 'browser',
    );
  };
  const pageRows = async (): Promise<Row[]> => {
    const raw = await hours
      .select((eb) => [
        'route as label',
        eb.fn.sum('visitors').as('visitors'),
        eb.fn.sum('views').as('views'),
      ])
      .groupBy('route')
      .orderBy('views', 'desc')
      .orderBy('route')
      .limit(rawLimit)
      .execute();
    const rolled = anyRolled
      ? await rolledPages
          .select((eb) => [
            'route as label',
            eb.fn.sum('visitors').as('visitors'),
            eb.fn.sum('views').as('views'),
          ])
          .groupBy('route')
          .execute()
      : [];
    const rows = (list: Array<{ label: string; visitors: unknown; views: unknown }>) =>
      list.map((r) => ({ label: r.label, visitors: num(r.visitors), views: num(r.views) }));
    return merged([rows(raw), rows(rolled)], 'views', limit);
  };
  const pages = filteredByVisit ? await grouped('entryRoute') : await pageRows();

  // Enquiries in the period, by the source of the visit they came from ('' when unknown).
  let origins = k
    .selectFrom('submissions')
    .leftJoin('statEnquiryOrigins', 'statEnquiryOrigins.submissionId', 'submissions.id')
    .where('submissions.receivedAt', '>=', db.instant(q.from))
    .where('submissions.receivedAt', '<', db.instant(q.to))
    .where('submissions.spam', '=', 'ham')
    .where('submissions.status', '<>', 'erased');
  if (q.source) origins = origins.where('statEnquiryOrigins.source', '=', q.source);
  if (q.campaign) origins = origins.where('statEnquiryOrigins.utmCampaign', '=', q.campaign);
  if (q.route) origins = origins.where('statEnquiryOrigins.entryRoute', '=', q.route);
  const enquiryRows = await origins
    .select([
      'submissions.receivedAt as at',
      'statEnquiryOrigins.source as source',
      'statEnquiryOrigins.entryRoute as entryRoute',
    ])
    .execute();

  const sources = await grouped('source');
  const entryPages = await grouped('entryRoute');
  const conversion = (label: (e: (typeof enquiryRows)[number]) => string, rows: Row[]) => {
    const counts = new Map<string, number>();
    for (const e of enquiryRows) counts.set(label(e), (counts.get(label(e)) ?? 0) + 1);
    const visitorsOf = new Map(rows.map((r) => [r.label, r.visitors]));
    return [...counts]
      .map(([name, enquiries]) => ({ label: name, enquiries, visitors: visitorsOf.get(name) ?? 0 }))
      .sort((a, b) => b.enquiries - a.enquiries || a.label.localeCompare(b.label));
  };

  // Per day in the reader's days, or per hour.
  const stepStart =
    q.bucket === 'hour' ? (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS : dayStart;
  const stepAfter = (d: number) => (q.bucket === 'hour' ? d + HOUR_MS : dayStart(d + 36 * HOUR_MS));
  const days = new Map<
    number,
    { day: number; visitors: number; views: number; enquiries: number }
  >();
  for (let d = stepStart(q.from); d < q.to; d = stepAfter(d)) {
    days.set(d, { day: d, visitors: 0, views: 0, enquiries: 0 });
  }
  const dayOf = (ms: number) => days.get(stepStart(ms));
  if (filteredVisits) {
    for (const v of filteredVisits) {
      // By its hour, as the SQL below and the page views per hour are.
      const started = num(v.startedAt);
      const d = dayOf(started - (started % HOUR_MS));
      if (!d) continue;
      d.visitors += num(v.firstOfDay);
      if (filteredByVisit) d.views += num(v.views);
    }
  } else {
    const visitRows = await visits
      .select((eb) => [
        sql<number>`${sql.ref('started_at')} - (${sql.ref('started_at')} % ${HOUR_MS})`.as('hour'),
        eb.fn.sum('firstOfDay').as('visitors'),
      ])
      .groupBy('hour')
      .execute();
    for (const r of visitRows) {
      const d = dayOf(num(r.hour));
      if (d) d.visitors += num(r.visitors);
    }
  }
  if (anyRolled) {
    const rolled = await rolledDays
      .where('dimension', '=', 'all')
      .select(['day', 'visitors', 'views'])
      .execute();
    for (const r of rolled) {
      const d = dayOf(num(r.day));
      if (d) d.visitors += num(r.visitors);
    }
    const rolledViews = await rolledPages
      .select((eb) => ['day', eb.fn.sum('views').as('views')])
      .groupBy('day')
      .execute();
    for (const r of rolledViews) {
      const d = dayOf(num(r.day));
      if (d) d.views += num(r.views);
    }
  }
  if (filteredByVisit && !filteredVisits) {
    const viewRows = await visits
      .select((eb) => [
        sql<number>`${sql.ref('started_at')} - (${sql.ref('started_at')} % ${HOUR_MS})`.as('hour'),
        eb.fn.sum('views').as('views'),
      ])
      .groupBy('hour')
      .execute();
    for (const r of viewRows) {
      const d = dayOf(num(r.hour));
      if (d) d.views += num(r.views);
    }
  } else if (!filteredByVisit) {
    const viewRows = await hours
      .select((eb) => ['hour', eb.fn.sum('views').as('views')])
      .groupBy('hour')
      .execute();
    for (const r of viewRows) {
      const d = dayOf(num(r.hour));
      if (d) d.views += num(r.views);
    }
  }
  for (const e of enquiryRows) {
    const d = dayOf(num(e.at));
    if (d) d.enquiries += 1;
  }

  return {
    visitors: totals.visitors,
    visits: visitCount,
    views: filteredByVisit ? totals.views : pageTotals.views,
    bounceRate: visitCount === 0 ? 0 : totals.bounces / visitCount,
    visitDuration: visitCount === 0 ? 0 : totals.duration / visitCount,
    enquiries: enquiryRows.length,
    series: [...days.values()],
    pages,
    entryPages,
    exitPages: await grouped('exitRoute'),
    sources,
    campaigns: await grouped('utmCampaign'),
    devices: await grouped('device'),
    browsers: await grouped('browser'),
    countries: await grouped('country'),
    enquiriesBySource: conversion((e) => e.source ?? '', sources),
    enquiriesByEntryPage: conversion((e) => e.entryRoute ?? '', entryPages),
    vitals: await vitalsOf(db, q),
  };
}

/**
 * A value rounded up to its metric's step (LCP 100 ms, INP 10 ms, CLS 0.01): what is kept, so
 * that a year is a few rows a day and page, and a percentile read from it is never better than
 * the reports.
 */
const VITAL_STEPS: Record<ReportedVital, number> = { LCP: 100, INP: 10, CLS: 0.01 };
function stepUp(metric: ReportedVital, value: number): number {
  const step = VITAL_STEPS[metric];
  // The epsilon keeps an exact multiple (0.1 is 10.000000000000002 steps) where it is.
  const steps = Math.max(0, Math.ceil(value / step - 1e-9));
  return Math.round(steps * step * 100) / 100;
}

/**
 * 75th percentiles (nearest rank) per page and metric over the period's days, from the counts per
 * value; a page filter applies.
 */
async function vitalsOf(db: Db, q: ReportQuery): Promise<VitalsRow[]> {
  let query = db.kysely
    .selectFrom('statVitals')
    .select((eb) => ['route', 'metric', 'value', eb.fn.sum<number>('reports').as('reports')])
    .where('day', '>=', rollupDayStart(q.from))
    .where('day', '<', q.to);
  if (q.route !== undefined) query = query.where('route', '=', q.route);
  const grouped = await query
    .groupBy(['route', 'metric', 'value'])
    .orderBy('route')
    .orderBy('metric')
    .orderBy('value')
    .execute();
  const counts = new Map<string, Map<string, Array<[number, number]>>>();
  for (const row of grouped) {
    let metrics = counts.get(row.route);
    if (!metrics) counts.set(row.route, (metrics = new Map<string, Array<[number, number]>>()));
    const entry: [number, number] = [Number(row.value), Number(row.reports)];
    const list = metrics.get(row.metric);
    if (list) list.push(entry);
    else metrics.set(row.metric, [entry]);
  }
  const total = (list: ReadonlyArray<[number, number]>) => list.reduce((n, [, c]) => n + c, 0);
  const p75 = (list: ReadonlyArray<[number, number]>) => {
    const rank = Math.ceil(0.75 * total(list));
    let seen = 0;
    for (const [value, count] of list) if ((seen += count) >= rank) return value;
    return null;
  };
  const rows = [...counts].map(([route, metrics]): VitalsRow => {
    const of = (metric: ReportedVital) => metrics.get(metric) ?? [];
    return {
      route,
      p75: { LCP: p75(of('LCP')), INP: p75(of('INP')), CLS: p75(of('CLS')) },
      reports: { LCP: total(of('LCP')), INP: total(of('INP')), CLS: total(of('CLS')) },
    };
  });
  const most = (r: VitalsRow) => Math.max(r.reports.LCP, r.reports.INP, r.reports.CLS);
  return rows
    .sort((a, b) => most(b) - most(a) || a.route.localeCompare(b.route))
    .slice(0, q.limit ?? 20);
}
