/**
 * The contact form's route action and JSON endpoint through supertest: a plain POST ends in 303
 * (Post/Redirect/Get); a refusal re-renders with the visitor's text and status 400; bodies over
 * 64 KB get 413, other content types 415; a foreign Origin 403; the per-client rate limit 429
 * with Retry-After; and the time trap's start cookie
 * (docs/decisions/009-form-time-trap-without-a-page-token.md) driven by the app's clock.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_COOKIE } from '../../src/server/enquiries/http.ts';
import { signStartTime } from '../../src/server/enquiries/secret.ts';
import { formBody } from '../pipeline/support/fixtures.ts';
import { createTestApp, TEST_FORM_SECRET, type TestApp } from './support/test-app.ts';

/** The configured origin; browsers send it as `Origin` with every form POST. */
const SITE = 'https://www.kahaani-pr.example';

const form = (over: Record<string, string> = {}) => formBody(over).toString();

describe('contact form action', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_MAX: '3',
      SITE_URL: SITE,
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test posts from its own client address, so the rate limit test counts alone.
  const post = (path: string, body: string, ip: string) =>
    request(t.app)
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Forwarded-For', ip)
      .set('Origin', SITE)
      .send(body);

  it('no JavaScript, home page: 303 to the confirmation on the home form', async () => {
    const res = await post('/?index', form({ formId: 'home-contact-form' }), '10.0.0.1');
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/?sent=1#home-contact-form');
    const rows = await t.runtime.store.list();
    expect(rows.some((r) => r.subject === 'Launch coverage')).toBe(true);
  });

  it('no JavaScript, invalid: 400, the page again with the text kept and the message', async () => {
    const res = await post('/contact', form({ email: 'nope', message: 'Keep me' }), '10.0.0.2');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('value="nope"');
    expect(res.text).toContain('>Keep me</textarea>');
    expect(res.text).toMatch(/id="contact-email-error"[^>]*>Please enter a valid email address/);
  });

  it('413 for a body over 64 KB, 415 for JSON', async () => {
    const big = await post('/contact', form({ message: 'x'.repeat(70_000) }), '10.0.0.3');
    expect(big.status).toBe(413);
    const json = await request(t.app)
      .post('/contact')
      .set('Origin', SITE)
      .set('Content-Type', 'application/json')
      .send('{"name":"x"}');
    expect(json.status).toBe(415);
    const api = await request(t.app)
      .post('/api/enquiries')
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expect(api.status).toBe(415);
  });

  it('403 for a post from another site', async () => {
    const res = await request(t.app)
      .post('/api/enquiries')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('Origin', 'https://evil.example')
      .send(form());
    expect(res.status).toBe(403);
    expect((res.body as { message: string }).message).toMatch(/our own website/);
  });

  it('429 with Retry-After once a client exceeds the rate limit', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/enquiries', form({ subject: `Rate ${i}` }), '10.0.0.9');
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers['retry-after'];
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('time trap: the start cookie instead of a per-page token', () => {
  const T0 = Date.UTC(2026, 10, 23, 10, 0, 0);
  let clock = T0;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { FORM_MIN_FILL_MS: '3000', SITE_URL: SITE, TRUST_PROXY: '1' },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  /** The `name=value` of our cookie in a response's Set-Cookie, and its attributes. */
  const setCookie = (res: request.Response): string | undefined =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(START_COOKIE));
  const start = (cookie?: string) => {
    const r = request(t.app).get('/api/enquiries/start');
    return cookie ? r.set('Cookie', cookie) : r;
  };
  const submit = (path: string, subject: string, ip: string, cookie?: string) => {
    const r = request(t.app)
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Forwarded-For', ip)
      .set('Origin', SITE);
    return (cookie ? r.set('Cookie', cookie) : r).send(form({ subject }));
  };
  const verdict = async (subject: string) =>
    (await t.runtime.store.list({ includeSpam: true })).find((r) => r.subject === subject);

  it('start: 204, no-store, an HttpOnly SameSite=Strict cookie for 2 h; idempotent', async () => {
    clock = T0;
    const res = await start();
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = setCookie(res) ?? '';
    expect(cookie).toMatch(new RegExp(`^${START_COOKIE}=\\d+\\.[\\w-]{43};`));
    expect(cookie).toContain('Max-Age=7200');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    // Focusing the form again later keeps the first start.
    clock = T0 + 60_000;
    expect(setCookie(await start(cookie.split(';')[0]))).toBeUndefined();
    // A forged value is replaced.
    expect(setCookie(await start(`${START_COOKIE}=1.forged`))).toBeDefined();
    // Over HTTPS (behind the trusted proxy) the cookie is Secure.
    const https = await start().set('X-Forwarded-Proto', 'https');
    expect(setCookie(https)).toContain('Secure');
  });

  it('start, then a human pause, then send: stored, notification queued, cookie cleared', async () => {
    clock = T0;
    const cookie = setCookie(await start())?.split(';')[0];
    clock = T0 + 5000;
    const before = (await t.runtime.store.counts()).pending;
    const res = await submit('/api/enquiries', 'Human pace', '10.1.0.1', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await verdict('Human pace')).toMatchObject({ spam: 'ham', notification: 'pending' });
    expect((await t.runtime.store.counts()).pending).toBe(before + 1);
    expect(setCookie(res)).toMatch(/^enquiry_start=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('sent faster than FORM_MIN_FILL_MS: the same answer, stored as spam, never notified', async () => {
    clock = T0;
    const cookie = setCookie(await start())?.split(';')[0];
    clock = T0 + 2999;
    const before = (await t.runtime.store.counts()).pending;
    const res = await submit('/api/enquiries', 'Too fast', '10.1.0.2', cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await verdict('Too fast')).toMatchObject({ spam: 'too-fast', notification: 'none' });
    expect((await t.runtime.store.counts()).pending).toBe(before);
  });

  it('a forged cookie: the same answer, stored as spam', async () => {
    clock = T0 + 60_000;
    const forged = `${START_COOKIE}=${signStartTime('not-the-form-secret-at-all', T0)}`;
    const res = await submit('/api/enquiries', 'Forged start', '10.1.0.3', forged);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await verdict('Forged start')).toMatchObject({ spam: 'bad-token' });
  });

  it('no cookie at all (CSS images off, no JavaScript): stored and notified', async () => {
    const res = await submit('/contact', 'No start cookie', '10.1.0.4');
    expect(res.status).toBe(303);
    expect(await verdict('No start cookie')).toMatchObject({
      spam: 'ham',
      notification: 'pending',
    });
  });

  it('no JavaScript with the CSS start: 303, stored as a person, cookie cleared', async () => {
    clock = T0;
    const cookie = setCookie(await start())?.split(';')[0];
    clock = T0 + 4000;
    const res = await submit('/contact', 'No-JS human', '10.1.0.5', cookie);
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/contact?sent=1#contact-form');
    expect(setCookie(res)).toMatch(/^enquiry_start=;/);
    expect(await verdict('No-JS human')).toMatchObject({ spam: 'ham' });
    // The signature is checked with the app's own secret.
    expect(cookie).toBe(`${START_COOKIE}=${signStartTime(TEST_FORM_SECRET, T0)}`);
  });

  it('pages carry no per-request form token', async () => {
    const page = await request(t.app).get('/contact');
    expect(page.text).not.toContain('formToken');
    expect(page.text).not.toMatch(/<input type="hidden" name="(?!formId)/);
  });
});
