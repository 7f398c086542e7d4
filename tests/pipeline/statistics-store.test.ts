/**
 * The statistics store (`src/server/statistics/store.ts`) on node:sqlite and a real PostgreSQL:
 * the same visitor on one day is one visitor and on the next another (a new salt); a salt whose
 * day began 48 h ago is gone; at a day's end the visitor hashes go and the counts stay; a visit
 * ends after 30 minutes without a view; and the report's figures equal a count made directly
 * from a seeded set of views. Also an enquiry's origin, kept and erased with the enquiry.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/tables.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createCounter, type Counter } from '../../src/server/statistics/counter.ts';
import { COUNTED_PAGES } from '../../src/server/statistics/runtime.ts';
import { createStatisticsStore, type StatisticsStore } from '../../src/server/statistics/store.ts';
import {
  captured,
  describer,
  utcDay,
  type DescribedView,
  type RequestLike,
} from '../../src/server/statistics/views.ts';
import { engines } from './support/engines.ts';

const SITE = 'https://kahaani-pr.example';
const DAY = 86_400_000;
const MINUTE = 60_000;
/** 09:00 UTC. */
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const utcDayStart = (ms: number) => ms - (ms % DAY);
const describe_ = describer(SITE);

const visitor = (ip: string, headers: Record<string, string> = {}): RequestLike => ({
  ip,
  url: headers['url'] ?? '/',
  header: (name) => (name === 'user-agent' ? UA : (headers[name] ?? '')),
});

describe.each(engines('statistics-store'))('statistics on %s', (_name, open) => {
  let db: Db;
  let store: StatisticsStore;
  let counter: Counter;
  let now = T0;
  beforeEach(async () => {
    db = await open();
    store = createStatisticsStore(db);
    now = T0;
    counter = createCounter({
      store,
      siteUrl: SITE,
      pages: COUNTED_PAGES,
      trustProxy: false,
      countryHeader: undefined,
      retentionMonths: 25,
      logger: createLogger('silent'),
      now: () => now,
      timers: false,
    });
  });
  afterEach(async () => {
    await counter.close();
    await db.close();
  });

  /** A view of `route` by `req` at `at`, written at once. */
  const view = async (req: RequestLike, route: string, at: number) => {
    now = at;
    const salt = await store.salt(utcDay(at));
    await store.record([
      describe_(captured(req, { route, item: '', at, beacon: false }, undefined), salt),
    ]);
  };
  const report = (from: number, to: number) => store.report({ from, to }, utcDayStart);

  it('counts one visitor once a day and again the next day, under a new salt', async () => {
    const a = visitor('203.0.113.7');
    await view(a, 'home', T0);
    await view(a, 'about', T0 + 5 * MINUTE);
    await view(a, 'home', T0 + 4 * 3_600_000);
    const day1 = await report(utcDayStart(T0), utcDayStart(T0) + DAY);
    expect(day1.views).toBe(3);
    expect(day1.visitors).toBe(1);
    expect(day1.visits).toBe(2);
    const home = day1.pages.find((p) => p.label === 'home');
    expect(home).toEqual({ label: 'home', views: 2, visitors: 1 });

    const salt1 = await store.salt('2026-11-25');
    const salt2 = await store.salt('2026-11-26');
    expect(salt1).toMatch(/^[0-9a-f]{64}$/);
    expect(salt2).not.toBe(salt1);
    await view(a, 'home', T0 + DAY);
    const both = await report(utcDayStart(T0), utcDayStart(T0) + 2 * DAY);
    expect(both.visitors).toBe(2);
    expect(both.series.map((d) => d.visitors)).toEqual([1, 1]);
  });

  it('keeps Web Vitals as counts per day, page and rounded value, read back as 75th percentiles', async () => {
    const at = T0 + 10 * MINUTE;
    const lcps = [900, 1200, 1250, 2400, 2500, 2600, 3800, 9000];
    await store.recordVitals(
      lcps.map((LCP, i) => ({ at, route: 'home', values: { LCP, CLS: i / 100 } })),
    );
    await store.recordVitals([{ at: at + MINUTE, route: 'home', values: { LCP: 2410, INP: 64 } }]);
    await store.recordVitals([{ at: at - 2 * DAY, route: 'home', values: { LCP: 60_000 } }]);
    const { vitals } = await report(T0 - 3 * 3_600_000, T0 + 3 * 3_600_000);
    // Nine LCPs in steps of 100 ms: 900 1200 1300 2400 2500 2500 2600 3800 9000, the 7th; eight
    // CLS 0 to 0.07 (a 0 stays 0), the 6th; the report of two days before is not in the period.
    expect(vitals).toEqual([
      {
        route: 'home',
        p75: { LCP: 2600, INP: 70, CLS: 0.05 },
        reports: { LCP: 9, INP: 1, CLS: 8 },
      },
    ]);
    expect((await db.kysely.selectFrom('statVitals').selectAll().execute()).length).toBeLessThan(
      20,
    );
  });

  it('ends a day: hashes gone, counts kept; a salt is gone 48 h after its day began', async () => {
    await view(visitor('198.51.100.1'), 'home', T0);
    await view(visitor('198.51.100.2'), 'contact', T0 + MINUTE);
    const before = await report(utcDayStart(T0), utcDayStart(T0) + DAY);
    const salt = await store.salt('2026-11-25');

    await store.maintain(T0 + DAY, 25);
    const hashes = await db.kysely
      .selectFrom('statVisits')
      .select('visitor')
      .where('visitor', 'is not', null)
      .execute();
    expect(hashes).toEqual([]);
    expect(await db.kysely.selectFrom('statPageVisitors').selectAll().execute()).toEqual([]);
    expect(await report(utcDayStart(T0), utcDayStart(T0) + DAY)).toEqual(before);
    // Yesterday's salt is kept for 48 h from its day's start…
    const salts = () => db.kysely.selectFrom('statSalts').select(['day', 'salt']).execute();
    expect(await salts()).toEqual([{ day: '2026-11-25', salt }]);
    // …and deleted after.
    await store.maintain(utcDayStart(T0) + 2 * DAY, 25);
    expect(await salts()).toEqual([]);
  });

  it('starts a new visit after 30 minutes without a view, and reads bounce and duration', async () => {
    const a = visitor('192.0.2.10');
    await view(a, 'home', T0);
    await view(a, 'about', T0 + 10 * MINUTE);
    await view(a, 'contact', T0 + 41 * MINUTE);
    const r = await report(utcDayStart(T0), utcDayStart(T0) + DAY);
    expect(r.visits).toBe(2);
    expect(r.bounceRate).toBe(0.5);
    expect(r.visitDuration).toBe(5 * MINUTE);
    expect(r.entryPages.map((p) => p.label).sort()).toEqual(['contact', 'home']);
    expect(r.exitPages.map((p) => p.label).sort()).toEqual(['about', 'contact']);
  });

  it('equals a direct count of a seeded set of views, by source, campaign and device', async () => {
    const sources = ['https://www.google.com/search?q=pr', 'https://www.linkedin.com/feed/', ''];
    const expected = { views: 0, visitors: 0, bySource: new Map<string, number>() };
    for (let i = 0; i < 30; i++) {
      const referrer = sources[i % 3] ?? '';
      const campaign = i % 5 === 0 ? 'diwali' : '';
      const req = visitor(`10.0.0.${i}`, {
        referer: referrer,
        url: campaign ? `/?utm_source=newsletter&utm_campaign=${campaign}` : '/',
      });
      const pages = 1 + (i % 4);
      for (let p = 0; p < pages; p++) {
        await view(
          req,
          ['home', 'about', 'expertise', 'contact'][p] ?? 'home',
          T0 + i * MINUTE + p,
        );
      }
      const source = campaign
        ? 'newsletter'
        : (['Google', 'LinkedIn', 'Direct'][i % 3] ?? 'Direct');
      expected.views += pages;
      expected.visitors += 1;
      expected.bySource.set(source, (expected.bySource.get(source) ?? 0) + 1);
    }
    const r = await report(utcDayStart(T0), utcDayStart(T0) + DAY);
    expect(r.views).toBe(expected.views);
    expect(r.visitors).toBe(expected.visitors);
    expect(new Map(r.sources.map((s) => [s.label, s.visitors]))).toEqual(expected.bySource);
    // i = 0, 5, 10, 15, 20, 25: 1, 2, 3, 4, 1, 2 pages.
    expect(r.campaigns).toEqual([{ label: 'diwali', visitors: 6, views: 13 }]);
    expect(r.devices).toEqual([{ label: 'desktop', visitors: 30, views: expected.views }]);
    expect(r.browsers).toEqual([{ label: 'Chrome', visitors: 30, views: expected.views }]);
    const filtered = await store.report(
      { from: utcDayStart(T0), to: utcDayStart(T0) + DAY, source: 'LinkedIn' },
      utcDayStart,
    );
    expect(filtered.visitors).toBe(expected.bySource.get('LinkedIn'));
  });

  it('reads ended days rolled up with the same figures as from the visits', async () => {
    const IST = 330 * MINUTE;
    const indiaDay = (ms: number) => Math.floor((ms + IST) / DAY) * DAY - IST;
    const views: DescribedView[] = [];
    for (let d = 0; d < 6; d++) {
      for (let v = 0; v < 12; v++) {
        const at = T0 + d * DAY + v * 47 * MINUTE;
        for (let p = 0; p <= v % 3; p++) {
          views.push({
            at: at + p * MINUTE,
            lastAt: at + p * MINUTE,
            views: 1,
            route: ['home', 'about', 'case-study'][(v + p) % 3]!,
            item: (v + p) % 3 === 2 ? 'consumer-lifestyle-1' : '',
            visitor: `d${d}v${v}`,
            source: ['Google', 'LinkedIn', 'Direct', 'newsletter'][v % 4]!,
            utmSource: '',
            utmMedium: '',
            utmCampaign: v % 5 === 0 ? 'diwali' : '',
            device: v % 2 ? 'mobile' : 'desktop',
            browser: v % 3 ? 'Chrome' : 'Safari',
            country: v % 4 ? 'IN' : '',
          });
        }
      }
    }
    await store.record(views);
    const from = indiaDay(T0);
    const periods = [
      { from, to: from + 7 * DAY },
      { from: from + DAY, to: from + 3 * DAY },
      { from: from + DAY, to: from + 3 * DAY, source: 'Google' },
      { from, to: from + 7 * DAY, limit: 2 },
    ];
    const before = await Promise.all(periods.map((p) => store.report(p, indiaDay)));
    // Three days later the first days are over on every instance: they are rolled up.
    await store.maintain(T0 + 3 * DAY, 25);
    const rolled = await db.kysely.selectFrom('statRollup').select('until').executeTakeFirst();
    expect(Number(rolled?.until)).toBeGreaterThan(from + DAY);
    expect(Number(rolled?.until)).toBeLessThan(from + 7 * DAY);
    const after = await Promise.all(periods.map((p) => store.report(p, indiaDay)));
    expect(after).toEqual(before);
    expect(before[0]!.views).toBe(views.length);
    // A second sweep adds nothing twice; the rolled-up days are read from the roll-up alone.
    await store.maintain(T0 + 3 * DAY, 25);
    const until = Number(rolled?.until);
    await db.kysely.deleteFrom('statVisits').where('startedAt', '<', until).execute();
    await db.kysely.deleteFrom('statPageHours').where('hour', '<', until).execute();
    expect(await store.report(periods[0]!, indiaDay)).toEqual(before[0]);
  });

  it('keeps an enquiry’s origin from the sender’s visit, and nothing for a Sec-GPC sender', async () => {
    const a = visitor('203.0.113.50', {
      referer: 'https://www.linkedin.com/feed/',
      url: '/about?utm_campaign=autumn',
    });
    await view(a, 'about', T0);
    await view(visitor('203.0.113.50'), 'contact', T0 + MINUTE);
    now = T0 + 2 * MINUTE;
    const id = randomUUID();
    await counter.enquirySent(id, now, visitor('203.0.113.50'), '/contact');
    expect(await store.originOf(id)).toEqual({
      entryRoute: 'about',
      entryItem: '',
      source: 'LinkedIn',
      utmCampaign: 'autumn',
      formRoute: 'contact',
      viewsBefore: 2,
    });
    const gpc = randomUUID();
    await counter.enquirySent(gpc, now, visitor('203.0.113.50', { 'sec-gpc': '1' }), '/contact');
    expect(await store.originOf(gpc)).toBeUndefined();
  });
});
