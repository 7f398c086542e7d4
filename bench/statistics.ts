/**
 * `npm run bench:statistics`: the statistics page's loader at a busy agency's scale
 * (docs/decisions/120-statistics-charts-drawn-on-the-server.md). For each engine — SQLite (a file
 * in a temporary folder) and PostgreSQL (a throwaway server, `scripts/lib/postgres.ts`, or
 * BENCH_DATABASE_URL) — it seeds a year of statistics as the counter leaves them (page views per
 * hour and page, one row per visit; the day's visitor hashes are gone at its end) and about
 * three enquiries a day with their origins, rolls the ended days up as the server's first sweep
 * does (printing how long that took), with field Web Vitals counted per day (BENCH_VITALS reports
 * a day), then times what the page's loader does for each range (today, 7d, 30d, 12mo, and the
 * year filtered by a page and by a source): both periods' reports, the steps and the three charts. Prints
 * p50 and p95 in ms per engine and range, and the seeded totals.
 *
 * Target: p95 ≤ 300 ms for every range on both engines.
 *
 * Env: BENCH_VIEWS (10000000 page views in the year), BENCH_VISITORS (100000 a month),
 * BENCH_VITALS (3000 Web Vitals reports a day), BENCH_RUNS (20 timed runs per range), BENCH_WARM_UP (3 runs first), BENCH_STORES (sqlite,postgres),
 * BENCH_DATABASE_URL (a PostgreSQL that allows CREATE DATABASE instead of a throwaway one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Insertable } from 'kysely';
import pg from 'pg';
import { ITEM_PAGES, PAGES } from '../src/pages.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPostgres } from '../src/server/db/postgres.ts';
import { openSqlite } from '../src/server/db/sqlite.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../src/server/db/steps.ts';
import type { Database, Db } from '../src/server/db/tables.ts';
import { createStatisticsStore } from '../src/server/statistics/store.ts';
import {
  chartOf,
  previousSpan,
  reportQuery,
  statisticsQuery,
  stepsOf,
} from '../src/staff/statistics.server.ts';
import { indiaDayStart } from '../src/staff/statistics.ts';
import { startThrowawayPostgres } from '../scripts/lib/postgres.ts';
import { fmt } from './lib/bench-stats.ts';
import { prng } from './lib/seed-enquiries.ts';

const VIEWS = Number(process.env['BENCH_VIEWS'] ?? 10_000_000);
const VISITORS_A_MONTH = Number(process.env['BENCH_VISITORS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 20);
const WARM_UP = Number(process.env['BENCH_WARM_UP'] ?? 3);
const STORES = (process.env['BENCH_STORES'] ?? 'sqlite,postgres').split(',');
/** Each range, and the year filtered by a page and by a source (read from the visits, not the roll-ups). */
const RANGES = ['today', '7d', '30d', '12mo', '12mo page=about', '12mo source=LinkedIn'] as const;
/** Web Vitals reports a day (a sample of the views), counted per page, metric and rounded value. */
const VITALS_A_DAY = Number(process.env['BENCH_VITALS'] ?? 3_000);
const TARGET_MS = 300;

const HOUR = 3_600_000;
const DAY = 86_400_000;
const DAYS = 365;
/** The bench's "now": noon in India on its last day. */
const NOW = Date.UTC(2026, 11, 1, 6, 30);
const START = indiaDayStart(NOW) - (DAYS - 1) * DAY;

const random = prng(43);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
/** Weighted towards the first: a few sources and pages carry most visits, as on a real site. */
const skewed = <T>(xs: readonly T[]): T => xs[Math.floor(random() ** 2 * xs.length)]!;

const ROUTES = [
  ...PAGES.map((p) => ({ route: p.id, item: '' })),
  ...ITEM_PAGES.flatMap((p) =>
    Array.from({ length: 12 }, (_, i) => ({ route: p.id, item: `study-${i + 1}` })),
  ),
];
const SOURCES = [
  'Direct',
  'Google',
  'LinkedIn',
  'newsletter',
  'Bing',
  'Facebook',
  'X',
  'Instagram',
  'DuckDuckGo',
  'economictimes.indiatimes.com',
  'yourstory.com',
  'inc42.com',
];
const CAMPAIGNS = ['', '', '', '', 'winter-launch', 'diwali-2026', 'founders-series', 'awards'];
const DEVICES = ['desktop', 'mobile', 'mobile', 'tablet'];
const BROWSERS = ['Chrome', 'Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet'];
const COUNTRIES = ['IN', 'IN', 'IN', 'US', 'GB', 'AE', 'SG', ''];

interface Seeded {
  views: number;
  visits: number;
  enquiries: number;
}

/** A year of statistics on `db`, in batches of rows; what the counter's batches would have left. */
async function seed(db: Db, sqlite: boolean): Promise<Seeded> {
  const k = db.kysely;
  const visitsADay = Math.round((VISITORS_A_MONTH * 12) / DAYS);
  const viewsPerVisit = VIEWS / (visitsADay * DAYS);
  let views = 0;
  let visits = 0;
  let enquiries = 0;
  let id = 0;
  for (let d = 0; d < DAYS; d += 1) {
    const dayStart = START + d * DAY;
    const hours = new Map<
      string,
      { hour: number; route: string; item: string; views: number; visitors: number }
    >();
    const rows: Array<Insertable<Database['statVisits']>> = [];
    const origins: Array<Insertable<Database['statEnquiryOrigins']>> = [];
    const submissions: Array<Insertable<Database['submissions']>> = [];
    for (let v = 0; v < visitsADay; v += 1) {
      const startedAt = dayStart + Math.floor(random() * (DAY - HOUR));
      // 1 to about 2 × the mean, so the year's total is near VIEWS.
      const n = Math.max(1, Math.round(random() * 2 * viewsPerVisit));
      const entry = skewed(ROUTES);
      let exit = entry;
      const seen = new Set<(typeof ROUTES)[number]>();
      for (let i = 0; i < n; i += 1) {
        const page = i === 0 ? entry : skewed(ROUTES);
        exit = page;
        const hour = Math.floor((startedAt + i * 60_000) / HOUR) * HOUR;
        const key = `${hour}\0${page.route}\0${page.item}`;
        const counts = hours.get(key) ?? { hour, ...page, views: 0, visitors: 0 };
        counts.views += 1;
        if (!seen.has(page)) counts.visitors += 1;
        seen.add(page);
        hours.set(key, counts);
      }
      const source = skewed(SOURCES);
      const campaign = pick(CAMPAIGNS);
      rows.push({
        day: new Date(startedAt).toISOString().slice(0, 10),
        visitor: null,
        firstOfDay: 1,
        startedAt,
        lastAt: startedAt + (n - 1) * 60_000,
        views: n,
        entryRoute: entry.route,
        entryItem: entry.item,
        exitRoute: exit.route,
        exitItem: exit.item,
        source,
        utmSource: campaign ? source : '',
        utmMedium: campaign ? 'social' : '',
        utmCampaign: campaign,
        device: pick(DEVICES),
        browser: pick(BROWSERS),
        country: pick(COUNTRIES),
      });
      views += n;
      visits += 1;
      if (random() < 3 / visitsADay) {
        id += 1;
        const receivedAt = startedAt + n * 60_000;
        submissions.push({
          ...(sqlite ? { seq: receivedAt * 1000 + (id % 1000) } : {}),
          id: `bench-${id}`,
          name: 'Asha Rao',
          email: `asha${id}@example.com`,
          subject: 'Launch PR',
          message: 'We are launching in March and want press coverage.',
          receivedAt: db.instant(receivedAt),
          ipHash: 'h',
          userAgent: 'UA',
          privacyNoticeVersion: 'v1',
          spam: 'ham' as const,
          dedupeKey: `bench-${id}`,
          status: 'new' as const,
        });
        origins.push({
          submissionId: `bench-${id}`,
          receivedAt,
          entryRoute: entry.route,
          entryItem: entry.item,
          source,
          utmCampaign: campaign,
          formRoute: 'contact',
          viewsBefore: n,
        });
        enquiries += 1;
      }
    }
    const vitals = new Map<string, Insertable<Database['statVitals']>>();
    for (let r = 0; r < VITALS_A_DAY; r += 1) {
      const { route } = skewed(ROUTES);
      // Rounded up to the store's steps: LCP 100 ms, INP 10 ms, CLS 0.01.
      const values = {
        LCP: 100 * Math.ceil((800 + 4000 * random() ** 2) / 100),
        INP: 10 * Math.ceil((40 + 400 * random() ** 3) / 10),
        CLS: Math.ceil(30 * random() ** 4) / 100,
      };
      for (const [metric, value] of Object.entries(values)) {
        const key = `${route}\0${metric}\0${value}`;
        const row = vitals.get(key) ?? { day: dayStart, route, metric, value, reports: 0 };
        row.reports += 1;
        vitals.set(key, row);
      }
    }
    await k.transaction().execute(async (trx) => {
      const vitalRows = [...vitals.values()];
      for (let i = 0; i < vitalRows.length; i += 1000) {
        await trx
          .insertInto('statVitals')
          .values(vitalRows.slice(i, i + 1000))
          .execute();
      }
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('statVisits')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
      const hourRows = [...hours.values()];
      for (let i = 0; i < hourRows.length; i += 2000) {
        await trx
          .insertInto('statPageHours')
          .values(hourRows.slice(i, i + 2000))
          .execute();
      }
      if (submissions.length > 0) {
        await trx.insertInto('submissions').values(submissions).execute();
        await trx.insertInto('statEnquiryOrigins').values(origins).execute();
      }
    });
  }
  return { views, visits, enquiries };
}

/** What the page's loader does for `range` (`src/staff/routes/statistics.tsx`). */
async function loader(db: Db, range: string): Promise<void> {
  const statistics = createStatisticsStore(db);
  const [name, filter] = range.split(' ');
  const q = statisticsQuery(new URLSearchParams(`range=${name}&${filter ?? ''}`), NOW);
  const [report, previous] = await Promise.all([
    statistics.report(reportQuery(q, false), indiaDayStart),
    statistics.report(reportQuery(q, true), indiaDayStart),
  ]);
  const { step, steps } = stepsOf(report, q.bucket);
  const before = stepsOf(previous, q.bucket).steps;
  for (const metric of ['visitors', 'views', 'enquiries'] as const) {
    chartOf(metric, steps, before, step, previousSpan(q.period));
  }
}

/** The first sweep a server makes at start: the ended days rolled up (`maintain`). */
async function rollUp(store: string, db: Db): Promise<void> {
  const t = performance.now();
  await createStatisticsStore(db).maintain(NOW, 25);
  console.error(`${store}: a year rolled up in ${Math.round(performance.now() - t)} ms`);
}

const quantile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

interface Row {
  store: string;
  range: string;
  p50: number;
  p95: number;
}

async function measure(store: string, db: Db): Promise<Row[]> {
  const rows: Row[] = [];
  for (const range of RANGES) {
    for (let i = 0; i < WARM_UP; i += 1) await loader(db, range);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t = performance.now();
      await loader(db, range);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({ store, range, p50: quantile(times, 0.5), p95: quantile(times, 0.95) });
    console.error(`${store} ${range}: p95 ${fmt(quantile(times, 0.95), 1)} ms`);
  }
  return rows;
}

const results: Row[] = [];
let seeded: Seeded | undefined;
const dir = mkdtempSync(join(tmpdir(), 'bench-statistics-'));
try {
  if (STORES.includes('sqlite')) {
    const db = openSqlite(join(dir, 'statistics.sqlite'), 'NORMAL');
    await migrate(db, SQLITE_MIGRATIONS);
    const t = performance.now();
    seeded = await seed(db, true);
    console.error(`sqlite: seeded in ${Math.round((performance.now() - t) / 1000)} s`);
    await rollUp('sqlite', db);
    results.push(...(await measure('sqlite', db)));
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (STORES.includes('postgres')) {
  const own = process.env['BENCH_DATABASE_URL'] ? undefined : await startThrowawayPostgres();
  try {
    const admin = process.env['BENCH_DATABASE_URL'] ?? own?.url ?? '';
    const name = `bench_statistics_${Date.now()}`;
    const a = new pg.Client({ connectionString: admin });
    await a.connect();
    await a.query(`CREATE DATABASE ${name}`);
    await a.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const db = openPostgres(u.toString(), 2);
    await migrate(db, PG_MIGRATIONS);
    const t = performance.now();
    seeded = await seed(db, false);
    await sql`ANALYZE`.execute(db.kysely);
    console.error(`postgres: seeded in ${Math.round((performance.now() - t) / 1000)} s`);
    await rollUp('postgres', db);
    results.push(...(await measure('postgres', db)));
    await db.close();
  } finally {
    own?.stop();
  }
}

const ms = (x: number) => fmt(x, 1);
console.log(
  `\nSeeded: ${seeded?.views.toLocaleString('en')} page views, ${seeded?.visits.toLocaleString('en')} visits ` +
    `(${VISITORS_A_MONTH.toLocaleString('en')} visitors a month), ${seeded?.enquiries} enquiries over ${DAYS} days; ` +
    `${RUNS} timed runs per range after ${WARM_UP} warm-up; ms\n`,
);
console.log('| store | range | p50 | p95 | target |\n|---|---|---|---|---|');
const missed: string[] = [];
for (const r of results) {
  const ok = r.p95 <= TARGET_MS;
  if (!ok) missed.push(`${r.store} ${r.range}`);
  console.log(
    `| ${r.store} | ${r.range} | ${ms(r.p50)} | ${ms(r.p95)} | ≤ ${TARGET_MS} ${ok ? 'ok' : 'MISSED'} |`,
  );
}
if (missed.length > 0) console.log(`\nOver the target: ${missed.join(', ')}`);
