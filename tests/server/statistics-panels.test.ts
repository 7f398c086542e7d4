/**
 * The statistics page's charts and files (`src/staff/routes/statistics.tsx`,
 * `src/staff/routes/statistics-export.ts`, docs/decisions/120-statistics-charts-drawn-on-the-server.md):
 * every panel's CSV holds the panel's figures for the URL's period and filters, the filters apply
 * to every panel and chart, the headline figures and each chart's summary compare with the period
 * before, and the charts are inline SVG with no style attribute (which the staff CSP refuses).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DescribedView } from '../../src/server/statistics/views.ts';
import { PANELS } from '../../src/staff/statistics.server.ts';
import {
  BROWSER,
  createStaffTestApp,
  sendLaunchEnquiry,
  type Signed,
  type StaffTestApp,
} from './support/staff-app.ts';

/** 09:00 UTC on 25 Nov 2026, 14:30 in India: the 7 days are 19–25 Nov, the 7 before 12–18 Nov. */
const NOW = Date.UTC(2026, 10, 25, 9, 0);
const at = (day: number, hour = 6) => Date.UTC(2026, 10, day, hour, 0);
const html = (res: request.Response): string => res.text.replaceAll('<!-- -->', '');

const view = (time: number, visitor: string, route: string, more: Partial<DescribedView> = {}) =>
  ({
    at: time,
    lastAt: time,
    views: 1,
    route,
    item: '',
    visitor,
    source: 'Google',
    utmSource: '',
    utmMedium: '',
    utmCampaign: '',
    device: 'desktop',
    browser: 'Chrome',
    country: '',
    ...more,
  }) satisfies DescribedView;

/** The CSV's rows as arrays of cells (no cell of these holds a comma or a quote). */
const rows = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the statistics page’s charts and CSV files', () => {
  let t: StaffTestApp;
  let me: Signed;
  const get = (path: string) => request(t.staffHttp).get(path).set('Cookie', me.cookie);

  beforeAll(async () => {
    t = await createStaffTestApp({}, NOW, { realInbox: true });
    me = await t.enrol(await t.invite());
    await t.statistics.store.record([
      view(at(15), 'p1', 'about'),
      view(at(15, 7), 'p2', 'about'),
      view(at(23), 'l1', 'expertise', { source: 'LinkedIn', utmCampaign: 'autumn' }),
      view(at(23) + 60_000, 'l1', 'contact', { source: 'LinkedIn', utmCampaign: 'autumn' }),
      view(at(24), 'g1', 'about'),
      view(at(24, 7), 'g2', 'about'),
      view(at(24, 8), 'g3', 'about', { device: 'mobile' }),
    ]);
    // A visit counted as a browser makes it, from a LinkedIn post, that sends an enquiry.
    const visit = (path: string) => request(t.app).get(path).set('User-Agent', BROWSER);
    expect(
      (await visit('/about?utm_campaign=autumn-launch').set('Referer', 'https://www.linkedin.com/'))
        .status,
    ).toBe(200);
    t.clock.now += 60_000;
    expect((await visit('/contact')).status).toBe(200);
    const sent = await sendLaunchEnquiry(t);
    expect(sent.status).toBe(303);
    await t.statistics.counter.flush();
  });
  afterAll(() => t?.close());

  it('gives a panel as CSV for the period, every row of it', async () => {
    const res = await get('/staff/statistics/export?panel=sources&range=7d');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statistics-sources-2026-11-19-to-2026-11-25.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rows(res.text)).toEqual([
      ['source', 'visitors', 'page views'],
      ['Google', '3', '3'],
      ['LinkedIn', '2', '4'],
    ]);
  });

  it('gives conversion by entry page, and the series beside the period before', async () => {
    const byEntry = await get('/staff/statistics/export?panel=enquiries-by-entry-page&range=7d');
    expect(rows(byEntry.text)).toEqual([
      ['entry page', 'enquiries', 'visitors', 'conversion'],
      ['/about', '1', '4', '0.2500'],
    ]);
    const series = rows((await get('/staff/statistics/export?panel=over-time&range=7d')).text);
    expect(series[0]).toEqual([
      'day',
      'visitors',
      'page views',
      'enquiries',
      'visitors before',
      'page views before',
      'enquiries before',
    ]);
    expect(series.map((r) => r[0]).slice(1)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    // 15 Nov is the 4th day of the 7 before, beside 22 Nov.
    expect(series[4]).toEqual(['2026-11-22', '0', '0', '0', '2', '2', '0']);
    expect(series[6]).toEqual(['2026-11-24', '3', '3', '0', '0', '0', '0']);
    expect(series[7]).toEqual(['2026-11-25', '1', '2', '1', '0', '0', '0']);
  });

  it('applies the URL’s filters to every panel’s file', async () => {
    const sources = await get('/staff/statistics/export?panel=sources&range=7d&source=Google');
    expect(rows(sources.text)).toEqual([
      ['source', 'visitors', 'page views'],
      ['Google', '3', '3'],
    ]);
    const devices = await get('/staff/statistics/export?panel=devices&range=7d&source=Google');
    expect(rows(devices.text)).toEqual([
      ['device', 'visitors', 'page views'],
      ['desktop', '2', '2'],
      ['mobile', '1', '1'],
    ]);
    const campaign = await get('/staff/statistics/export?panel=pages&range=7d&campaign=autumn');
    expect(rows(campaign.text)).toEqual([
      ['page', 'visitors', 'page views'],
      ['/expertise', '1', '2'],
    ]);
    const page = await get('/staff/statistics/export?panel=pages&range=7d&page=contact');
    expect(rows(page.text)).toEqual([
      ['page', 'visitors', 'page views'],
      ['/contact', '2', '2'],
    ]);
  });

  it('compares the headline figures and each chart with the period before', async () => {
    const text = html(await get('/staff/statistics?range=7d'));
    expect(text).toMatch(
      /Visitors<\/dt><dd[^>]*>5<\/dd><dd[^>]*><span[^>]*><span class="sr-only">Up <\/span><span aria-hidden="true">\+<\/span>150%/,
    );
    expect(text).toContain('5 visitors, up 150% on the 7 days before (2).');
    expect(text).toContain('1 enquiry, none in the 7 days before.');
    const google = html(await get('/staff/statistics?range=7d&source=Google'));
    expect(google).toMatch(/Visitors<\/dt><dd[^>]*>3</);
    expect(google).toContain('3 visitors, up 50% on the 7 days before (2).');
    expect(google).toContain('0 enquiries, none in the 7 days before either.');
    expect(google).not.toContain('<bdi>LinkedIn</bdi>');
  });

  it('draws the charts as inline SVG named by their summaries, with no style attribute', async () => {
    const text = html(await get('/staff/statistics?range=7d'));
    for (const metric of ['visitors', 'views', 'enquiries']) {
      expect(text).toContain(`role="img" aria-labelledby="chart-${metric}-summary"`);
      expect(text).toMatch(new RegExp(`<p id="chart-${metric}-summary"[^>]*>[^<]+</p>`));
    }
    expect(text).toMatch(/<path d="M[\d.,CLZ-]+" fill="none" class="stroke-ink"/);
    expect(text).toContain('<title>24 Nov: 3 visitors (before: 0)</title>');
    expect(text).not.toMatch(/\sstyle="/);
    const links = [...text.matchAll(/href="(\/staff\/statistics\/export\?[^"]+)"/g)];
    // One file a panel.
    expect(links.length).toBe(Object.keys(PANELS).length);
    const today = html(await get('/staff/statistics?range=today'));
    expect(today).toContain('The figures per hour');
  });

  it('refuses an unknown panel, and is behind the sign-in', async () => {
    const res = await get('/staff/statistics/export?panel=everything');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Choose a panel');
    const anonymous = await request(t.staffHttp).get('/staff/statistics/export?panel=sources');
    expect(anonymous.status).toBe(302);
  });
});
