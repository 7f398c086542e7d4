/**
 * `POST /api/vitals` (docs/decisions/029-field-web-vitals-endpoint.md): what it counts, what it
 * refuses and how it answers, read back from the metrics registry as Prometheus would scrape it;
 * and the sample rate the stored pages carry.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_BODY_LIMIT_BYTES, VITALS_PATH } from '../../src/lib/vitals-report.ts';
import {
  createObservability,
  VITAL_HISTOGRAMS,
  VITALS_RESULTS,
  type Observability,
} from '../../src/server/observability.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const ORIGIN = 'http://site.test';

/** A beacon as `navigator.sendBeacon(url, string)` sends it. */
function beacon(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return request(t.app)
    .post(VITALS_PATH)
    .set('Content-Type', 'text/plain;charset=UTF-8')
    .set('Origin', ORIGIN)
    .set(headers)
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

/** The value of one exposition line, e.g. `web_vitals_lcp_seconds_count{route="/"}`. */
async function sample(obs: Observability, series: string): Promise<number | undefined> {
  const text = await obs.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('POST /api/vitals', () => {
  let t: TestApp;
  let obs!: Observability;
  beforeAll(async () => {
    t = await createTestApp(
      { SITE_URL: ORIGIN, WEB_VITALS_RATE_LIMIT_MAX: '1000' },
      { observability: (runtime) => (obs = createObservability(runtime)) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a report into each metric’s histogram by route, in seconds, and answers 204', async () => {
    const res = await beacon(t, {
      route: 'about',
      LCP: 2300,
      INP: 180,
      CLS: 0.12,
      FCP: 900,
      TTFB: 90,
    });
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    // 2.3 s is good LCP: at or under the 2.5 bucket, above 2.
    expect(await sample(obs, 'web_vitals_lcp_seconds_bucket{le="2",route="/about"}')).toBe(0);
    expect(await sample(obs, 'web_vitals_lcp_seconds_bucket{le="2.5",route="/about"}')).toBe(1);
    expect(await sample(obs, 'web_vitals_lcp_seconds_sum{route="/about"}')).toBeCloseTo(2.3);
    expect(await sample(obs, 'web_vitals_inp_seconds_sum{route="/about"}')).toBeCloseTo(0.18);
    expect(await sample(obs, 'web_vitals_cls_bucket{le="0.1",route="/about"}')).toBe(0);
    expect(await sample(obs, 'web_vitals_cls_bucket{le="0.15",route="/about"}')).toBe(1);
    expect(await sample(obs, 'web_vitals_fcp_seconds_count{route="/about"}')).toBe(1);
    expect(await sample(obs, 'web_vitals_ttfb_seconds_sum{route="/about"}')).toBeCloseTo(0.09);
    expect(await sample(obs, 'web_vitals_reports_total{result="accepted"}')).toBe(1);
  });

  it('labels the 404 page `not-found` and the home page `/`, like the request metrics', async () => {
    expect((await beacon(t, { route: '404', LCP: 800 })).status).toBe(204);
    expect((await beacon(t, { route: 'home', TTFB: 50 })).status).toBe(204);
    expect(await sample(obs, 'web_vitals_lcp_seconds_count{route="not-found"}')).toBe(1);
    expect(await sample(obs, 'web_vitals_ttfb_seconds_count{route="/"}')).toBe(1);
  });

  it.each([
    ['an unknown route', { route: 'admin', LCP: 1000 }],
    ['a path instead of a route id', { route: '/about', LCP: 1000 }],
    ['an unknown metric', { route: 'home', FID: 10 }],
    ['an identifier', { route: 'home', LCP: 1000, id: 'v5-123' }],
    ['a negative value', { route: 'home', INP: -1 }],
    ['LCP over five minutes', { route: 'home', LCP: 300_001 }],
    ['INP over a minute', { route: 'home', INP: 60_001 }],
    ['CLS over 100', { route: 'home', CLS: 101 }],
    ['a value as a string', { route: 'home', LCP: '1000' }],
    ['no metric at all', { route: 'home' }],
    ['an array', [{ route: 'home', LCP: 1000 }]],
    ['text that is not JSON', 'LCP=1000'],
  ])('refuses %s with 400 and counts nothing of it', async (_what, body) => {
    const before = await obs.registry.metrics();
    const res = await beacon(t, body);
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = await obs.registry.metrics();
    const histograms = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('web_vitals_') && !l.startsWith('web_vitals_reports_total'));
    expect(histograms(after)).toEqual(histograms(before));
  });

  it('counts each refusal by result', async () => {
    const invalid = (await sample(obs, 'web_vitals_reports_total{result="invalid"}')) ?? 0;
    await beacon(t, { route: 'home', LCP: -5 });
    expect(await sample(obs, 'web_vitals_reports_total{result="invalid"}')).toBe(invalid + 1);

    const json = await beacon(
      t,
      { route: 'home', LCP: 900 },
      { 'Content-Type': 'application/json' },
    );
    expect(json.status).toBe(415);
    expect(await sample(obs, 'web_vitals_reports_total{result="wrong-type"}')).toBe(1);

    const big = await beacon(
      t,
      `{"route":"home","LCP":1000${' '.repeat(VITALS_BODY_LIMIT_BYTES)}}`,
    );
    expect(big.status).toBe(413);
    expect(await sample(obs, 'web_vitals_reports_total{result="too-large"}')).toBe(1);

    const foreign = await beacon(t, { route: 'home', LCP: 900 }, { Origin: 'https://evil.test' });
    expect(foreign.status).toBe(403);
    expect(await sample(obs, 'web_vitals_reports_total{result="forbidden-origin"}')).toBe(1);
  });

  it('accepts a report without Origin (a client that is not a browser) but not another method', async () => {
    const res = await request(t.app)
      .post(VITALS_PATH)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ route: 'contact', CLS: 0 }));
    expect(res.status).toBe(204);
    expect((await request(t.app).get(VITALS_PATH)).status).toBe(404);
  });

  it('is not taken for a page POST by the contact form’s body checks', async () => {
    // The enquiry router answers every other POST with 415 for text/plain.
    const res = await beacon(t, { route: 'showcase', FCP: 1200 });
    expect(res.status).toBe(204);
  });

  it('exports every result, every enquiry outcome and readiness from the start, at 0', async () => {
    const fresh = createObservability(t.runtime);
    const text = await fresh.registry.metrics();
    for (const result of VITALS_RESULTS) {
      expect(text).toContain(`web_vitals_reports_total{result="${result}"} 0`);
    }
    for (const outcome of ['accepted', 'spam', 'rate-limited', 'unavailable']) {
      expect(text).toContain(`enquiries_total{outcome="${outcome}"} 0`);
    }
    expect(text).toMatch(/^readiness_status 0$/m);
    expect(text).toMatch(/^readiness_changes_total 0$/m);
  });

  it('puts both thresholds of every metric on bucket bounds', () => {
    for (const { buckets, good, poor } of Object.values(VITAL_HISTOGRAMS)) {
      expect(buckets).toContain(good);
      expect(buckets).toContain(poor);
    }
  });
});

describe('the Web Vitals rate limit', () => {
  let t: TestApp;
  let obs!: Observability;
  beforeAll(async () => {
    t = await createTestApp(
      { SITE_URL: ORIGIN, WEB_VITALS_RATE_LIMIT_MAX: '3' },
      { observability: (runtime) => (obs = createObservability(runtime)) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 past WEB_VITALS_RATE_LIMIT_MAX reports a minute from one client', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await beacon(t, { route: 'home', LCP: 1000 + i })).status).toBe(204);
    }
    const res = await beacon(t, { route: 'home', LCP: 1000 });
    expect(res.status).toBe(429);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await sample(obs, 'web_vitals_reports_total{result="rate-limited"}')).toBe(1);
    expect(await sample(obs, 'web_vitals_lcp_seconds_count{route="/"}')).toBe(3);
  });
});

describe('the sample rate in the stored pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_VITALS_SAMPLE_RATE: '0.25' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is in the root loader’s data of every page, the same bytes for every visitor', async () => {
    const first = await request(t.app).get('/about').set('Accept-Encoding', 'identity');
    const second = await request(t.app)
      .get('/about')
      .set('Accept-Encoding', 'identity')
      .set('Cookie', 'enquiry_start=x')
      .set('User-Agent', 'another browser');
    // In the framework's data stream of the root loader (an escaped JSON string in the page).
    expect(first.text).toContain('\\"webVitalsSampleRate\\",0.25');
    expect(second.text).toBe(first.text);
    const missing = await request(t.app).get('/no-such-page').set('Accept-Encoding', 'identity');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('\\"webVitalsSampleRate\\",0.25');
  });
});
