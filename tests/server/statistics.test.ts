/**
 * Page views counted beside the pages (docs/decisions/100-cookieless-visit-statistics.md): a
 * document answered 200 and a client navigation's beacon count once; a robot, a prefetch, `HEAD`,
 * a redirect, a 404, a staff page and a preview do not; the response is the same bytes either way.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VITALS_PATH } from '../../src/lib/vitals-report.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const ORIGIN = 'http://site.test';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;

describe('page views', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: ORIGIN, WEB_VITALS_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  let since = 0;
  beforeEach(() => {
    since = Math.floor(Date.now() / HOUR) * HOUR;
  });
  /** The figures of the views counted since the test began (batches written first). */
  const counted = async () => {
    await t.statistics.counter.flush();
    return t.statistics.store.report(
      { from: since, to: since + 2 * HOUR },
      (ms) => ms - (ms % 86_400_000),
    );
  };
  const get = (path: string, ua = BROWSER) => request(t.app).get(path).set('User-Agent', ua);
  let before: Awaited<ReturnType<typeof counted>>;
  beforeEach(async () => {
    before = await counted();
  });
  const added = async () => {
    const now = await counted();
    return { views: now.views - before.views, visits: now.visits - before.visits, now };
  };

  it('counts a document answered 200 once, with no cookie and the same bytes for every visitor', async () => {
    const a = await get('/about');
    const b = await get('/about', PHONE);
    expect(a.status).toBe(200);
    expect(a.headers['set-cookie']).toBeUndefined();
    expect(a.headers['etag']).toBe(b.headers['etag']);
    expect(a.text).toBe(b.text);
    const { views, now } = await added();
    expect(views).toBe(2);
    expect(now.pages.find((p) => p.label === 'about')?.views).toBeGreaterThanOrEqual(2);
  });

  it('counts a browser’s revalidated document (304) as a view, not another client’s 304', async () => {
    const etag = (await get('/expertise')).headers['etag'] as string;
    before = await counted();
    const again = await get('/expertise')
      .set('If-None-Match', etag)
      .set('Sec-Fetch-Dest', 'document');
    expect(again.status).toBe(304);
    expect((await added()).views).toBe(1);
    before = await counted();
    await get('/expertise').set('If-None-Match', etag).set('Accept', '*/*');
    expect((await added()).views).toBe(0);
  });

  it.each([
    [
      'a robot',
      () =>
        get('/about', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ],
    ['a client without a user agent', () => request(t.app).get('/about').set('User-Agent', '')],
    ['a prefetch (Sec-Purpose)', () => get('/about').set('Sec-Purpose', 'prefetch')],
    ['a prefetch (Purpose)', () => get('/about').set('Purpose', 'prefetch')],
    ['HEAD', () => request(t.app).head('/about').set('User-Agent', BROWSER)],
    ['a redirect', () => get('/About')],
    ['a 404', () => get('/no-such-page')],
    ['a staff page', () => get('/staff')],
    ['a preview', () => get('/about?preview=not-a-token')],
    ['a data request', () => get('/about.data?_routes=about')],
  ])('does not count %s', async (_name, send) => {
    await send();
    expect((await added()).views).toBe(0);
  });

  it('counts a client navigation’s beacon once, and refuses a foreign origin or a forged page', async () => {
    const beacon = (body: unknown, origin = ORIGIN) =>
      request(t.app)
        .post(VITALS_PATH)
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .set('Origin', origin)
        .set('User-Agent', BROWSER)
        .send(JSON.stringify(body));
    const ok = await beacon({ view: 'expertise' });
    expect(ok.status).toBe(204);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ view: 'expertise' }, 'https://evil.test')).status).toBe(403);
    expect((await beacon({ view: 'staff' })).status).toBe(400);
    expect((await beacon({ view: '404' })).status).toBe(400);
    expect((await beacon({ view: 'about', item: '</script>' })).status).toBe(400);
    expect((await added()).views).toBe(1);
  });

  it('keeps field Web Vitals reports for each page’s 75th percentile, rounded up to a step, and a refused one not at all', async () => {
    const report = (body: unknown) =>
      request(t.app)
        .post(VITALS_PATH)
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .set('Origin', ORIGIN)
        .send(JSON.stringify(body));
    // LCP in steps of 100 ms (2950 is kept as 3000), CLS of 0.01 (0.075 as 0.08).
    for (const LCP of [4000, 1000, 2950, 2000]) {
      const CLS = LCP === 2950 ? 0.075 : LCP / 40_000;
      expect((await report({ route: 'expertise', LCP, CLS })).status).toBe(204);
    }
    expect((await report({ route: 'expertise', INP: 80 })).status).toBe(204);
    expect((await report({ route: 'expertise', LCP: -1 })).status).toBe(400);
    const { now } = await added();
    const expertise = now.vitals.find((r) => r.route === 'expertise');
    expect(expertise?.p75).toEqual({ LCP: 3000, INP: 80, CLS: 0.08 });
    expect(expertise?.reports).toEqual({ LCP: 4, INP: 1, CLS: 4 });
  });

  it('takes the source from the referrer, a UTM source over it, and keeps UTM values as text, cut to 100', async () => {
    const ua = `${BROWSER} source-test`;
    await get('/expertise', ua).set('Referer', 'https://www.linkedin.com/feed/');
    const campaign = `launch</script>\u0007${'x'.repeat(200)}`;
    const query = new URLSearchParams({ utm_source: 'newsletter', utm_campaign: campaign });
    await get(`/?${query}`, `${ua} 2`).set(
      'Referer',
      `https://www.google.com/${'a'.repeat(10_000)}`,
    );
    const { now } = await added();
    expect(now.sources.map((s) => s.label)).toEqual(
      expect.arrayContaining(['LinkedIn', 'newsletter']),
    );
    const kept = now.campaigns.find((c) => c.label.startsWith('launch'))?.label;
    expect(kept).toBe(`launch</script>${'x'.repeat(85)}`);
  });

  it('counts a Sec-GPC view without a visitor or a visit', async () => {
    await get('/showcase', `${BROWSER} gpc`).set('Sec-GPC', '1');
    const { views, visits } = await added();
    expect(views).toBe(1);
    expect(visits).toBe(0);
  });

  it('counts a page reloaded within one batch as each of its views, the last page seen the exit', async () => {
    const ua = `${BROWSER} reloads`;
    const exits = (r: typeof before, page: string) =>
      r.exitPages.find((p) => p.label === page)?.visitors ?? 0;
    for (const path of ['/about', '/about', '/contact', '/about']) await get(path, ua);
    const { views, visits, now } = await added();
    expect({ views, visits }).toEqual({ views: 4, visits: 1 });
    expect(exits(now, 'about') - exits(before, 'about')).toBe(1);
    expect(exits(now, 'contact') - exits(before, 'contact')).toBe(0);
  });

  it('makes one visit of one visitor’s views, and a bounce of a single view', async () => {
    const ua = `${BROWSER} visit-test`;
    await get('/', ua);
    await get('/about', ua);
    await get('/contact', ua);
    await get('/', `${ua} other`);
    const { visits, now } = await added();
    expect(visits).toBe(2);
    expect(now.entryPages.find((p) => p.label === 'home')?.visitors).toBeGreaterThanOrEqual(2);
    expect(now.exitPages.find((p) => p.label === 'contact')).toBeDefined();
    expect(now.bounceRate).toBeGreaterThan(0);
  });
});
