/**
 * The contact form's route action through supertest, as a plain form post (no JavaScript) and as
 * the form's script posts it: a plain post that is accepted ends in 303 (Post/Redirect/Get), the
 * script gets the result as data; a refusal re-renders the page with the visitor's text and its
 * status (400, 403, 429 with Retry-After, 503 when the store fails); bodies over 64 KB get 413,
 * other content types 415, a foreign Origin 403 before the body is read; the request metrics
 * label every post with its page's path; and the time trap's start cookie
 * (docs/decisions/009-form-time-trap-without-a-page-token.md) driven by the app's clock.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_PATH } from '../../src/lib/enquiry-fields.ts';
import { START_COOKIE } from '../../src/server/enquiries/http.ts';
import { readStartTime, startCookie } from '../../src/server/enquiries/secret.ts';
import { createObservability, type Observability } from '../../src/server/observability.ts';
import { ENQUIRY, formBody } from '../pipeline/support/fixtures.ts';
import { CONFIRMATION, enhanced, FORM_POST, SCRIPT_POST } from '../pipeline/support/page-action.ts';
import { createTestApp, TEST_FORM_SECRET, type TestApp } from './support/test-app.ts';

/** The configured origin; browsers send it as `Origin` with every form POST. */
const SITE = 'https://www.kahaani-pr.example';

const form = (over: Record<string, string> = {}) => formBody(over).toString();
/** The same fields as the form's script posts them. */
const scripted = (over: Record<string, string> = {}) => enhanced(formBody(over)).toString();

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
    const res = await post(FORM_POST, form({ email: 'nope', message: 'Keep me' }), '10.0.0.2');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('value="nope"');
    expect(res.text).toContain('>Keep me</textarea>');
    expect(res.text).toMatch(/id="contact-email-error"[^>]*>Please enter a valid email address/);
  });

  it('with JavaScript: the result as data, stored; invalid: 400 with a message per field', async () => {
    const res = await post(SCRIPT_POST, scripted({ subject: 'Scripted post' }), '10.0.0.4');
    expect(res.status).toBe(200);
    expect(res.headers['location']).toBeUndefined();
    expect(res.text).not.toContain('<html');
    // Accepted: the form clears, so nothing typed comes back.
    expect(res.text).not.toContain(ENQUIRY.message);
    const rows = await t.runtime.store.list();
    expect(rows.filter((r) => r.subject === 'Scripted post')).toHaveLength(1);
    const bad = await post(
      SCRIPT_POST,
      scripted({ name: '', email: 'x', subject: 'Scripted invalid' }),
      '10.0.0.5',
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Please check the 2 fields marked below.');
    expect(bad.text).toContain('Please enter your name.');
    expect(bad.text).toContain('Please enter a valid email address');
    // What was typed comes back to the form.
    expect(bad.text).toContain('Scripted invalid');
    const after = await t.runtime.store.list({ includeSpam: true });
    expect(after.some((r) => r.subject === 'Scripted invalid')).toBe(false);
  });

  it('413 for a body over 64 KB, 415 for JSON or plain text, with or without JavaScript', async () => {
    const big = await post(FORM_POST, form({ message: 'x'.repeat(70_000) }), '10.0.0.3');
    expect(big.status).toBe(413);
    const bigScripted = await post(
      SCRIPT_POST,
      scripted({ message: 'x'.repeat(70_000) }),
      '10.0.0.3',
    );
    expect(bigScripted.status).toBe(413);
    const json = await request(t.app)
      .post(FORM_POST)
      .set('Origin', SITE)
      .set('Content-Type', 'application/json')
      .send('{"name":"x"}');
    expect(json.status).toBe(415);
    const text = await request(t.app)
      .post(SCRIPT_POST)
      .set('Origin', SITE)
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expect(text.status).toBe(415);
    const rows = await t.runtime.store.list({ includeSpam: true });
    expect(rows.filter((r) => r.message.startsWith('xxx'))).toHaveLength(0);
  });

  it('403 for a post from another site, before the body is read; nothing stored', async () => {
    for (const [path, body, origin] of [
      [FORM_POST, form({ subject: 'Cross plain' }), 'https://evil.example'],
      [SCRIPT_POST, scripted({ subject: 'Cross scripted' }), 'https://evil.example'],
      [FORM_POST, form({ subject: 'Cross null' }), 'null'],
      ['/?index', form({ subject: 'Cross home' }), `${SITE}.evil.example`],
    ] as const) {
      const res = await request(t.app)
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Origin', origin)
        .send(body);
      expect(res.status, `${path} from ${origin}`).toBe(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toMatch(/can only be sent from our own website/);
    }
    const rows = await t.runtime.store.list({ includeSpam: true });
    expect(rows.filter((r) => r.subject.startsWith('Cross'))).toHaveLength(0);
  });

  it('403 without an Origin when the Referer is another site: the page again, text kept', async () => {
    const res = await request(t.app)
      .post(FORM_POST)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Forwarded-For', '10.0.0.6')
      .set('Referer', 'https://evil.example/form')
      .send(form({ subject: 'Cross referer' }));
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('value="Cross referer"');
    expect(res.text).toMatch(/role="status"[^>]*>[^<]*can only be sent from our own website/);
    const rows = await t.runtime.store.list({ includeSpam: true });
    expect(rows.some((r) => r.subject === 'Cross referer')).toBe(false);
  });

  it('429 with Retry-After once a client exceeds the rate limit, the text kept', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await post(FORM_POST, form({ subject: `Rate ${i}` }), '10.0.0.9');
      statuses.push(last.status);
    }
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.text).toContain('value="Rate 4"');
    expect(last?.text).toMatch(/role="status"[^>]*>[^<]*Please wait about 10 minutes/);
    // The form's script is refused alike, with the wait and the text in its data.
    const scriptedRes = await post(SCRIPT_POST, scripted({ subject: 'Rate 5' }), '10.0.0.9');
    expect(scriptedRes.status).toBe(429);
    expect(Number(scriptedRes.headers['retry-after'])).toBeGreaterThan(0);
    expect(scriptedRes.text).toContain('Please wait about 10 minutes');
    expect(scriptedRes.text).toContain('Rate 5');
    const stored = await t.runtime.store.list();
    expect(stored.filter((r) => r.subject.startsWith('Rate '))).toHaveLength(3);
  });
});

describe('a store that fails', () => {
  let t: TestApp;
  let obs: Observability;
  beforeAll(async () => {
    t = await createTestApp(
      { SITE_URL: SITE, TRUST_PROXY: '1' },
      { observability: (runtime) => (obs = createObservability(runtime)) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('503: the page again with the text kept, nothing stored, counted unavailable', async () => {
    const { store } = t.runtime;
    const submit = store.submit.bind(store);
    store.submit = () => Promise.reject(new Error('SQLITE_IOERR: disk I/O error'));
    const send = (path: string, body: string) =>
      request(t.app)
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Origin', SITE)
        .send(body);
    const [plain, scriptedRes] = await Promise.all([
      send(FORM_POST, form({ subject: 'Store down', message: 'Keep me' })),
      send(SCRIPT_POST, scripted({ subject: 'Store down too' })),
    ]).finally(() => {
      store.submit = submit;
    });
    expect(plain.status).toBe(503);
    expect(plain.headers['content-type']).toMatch(/text\/html/);
    expect(plain.text).toContain('value="Store down"');
    expect(plain.text).toContain('>Keep me</textarea>');
    expect(plain.text).toMatch(/role="status"[^>]*>[^<]*We could not store your message/);
    expect(scriptedRes.status).toBe(503);
    expect(scriptedRes.text).toContain('We could not store your message');
    expect(scriptedRes.text).toContain('Store down too');
    expect(await t.runtime.store.list({ includeSpam: true })).toEqual([]);
    const metrics = await obs.registry.metrics();
    expect(metrics).toMatch(/^enquiries_total\{outcome="unavailable"\} 2$/m);
  });
});

describe('request metrics of the form posts', () => {
  let t: TestApp;
  let obs: Observability;
  beforeAll(async () => {
    t = await createTestApp(
      { SITE_URL: SITE, TRUST_PROXY: '1' },
      { observability: (runtime) => (obs = createObservability(runtime)) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("label each post with its page's path, with or without JavaScript, and count its outcome", async () => {
    const send = (path: string, body: string, origin = SITE) =>
      request(t.app)
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Origin', origin)
        .send(body);
    expect((await send(FORM_POST, form({ subject: 'M1' }))).status).toBe(303);
    expect((await send(SCRIPT_POST, scripted({ subject: 'M2' }))).status).toBe(200);
    expect((await send('/?index', form({ subject: 'M3' }))).status).toBe(303);
    expect((await send('/_.data?index', scripted({ subject: 'M4' }))).status).toBe(200);
    expect((await send(SCRIPT_POST, scripted({ email: 'x' }))).status).toBe(400);
    expect((await send(FORM_POST, form(), 'https://evil.example')).status).toBe(403);
    const metrics = await obs.registry.metrics();
    const requests = (route: string, status: number) =>
      Number(
        new RegExp(
          `^http_requests_total\\{method="POST",route="${route}",status="${status}"\\} (\\d+)$`,
          'm',
        ).exec(metrics)?.[1] ?? 0,
      );
    expect(requests('/contact', 303)).toBe(1);
    expect(requests('/contact', 200)).toBe(1);
    expect(requests('/contact', 400)).toBe(1);
    expect(requests('/contact', 403)).toBe(1);
    expect(requests('/', 303)).toBe(1);
    expect(requests('/', 200)).toBe(1);
    expect(metrics).not.toMatch(/^http_requests_total\{method="POST",route="static"/m);
    expect(metrics).toMatch(/^enquiries_total\{outcome="accepted"\} 4$/m);
    expect(metrics).toMatch(/^enquiries_total\{outcome="invalid"\} 1$/m);
    expect(metrics).toMatch(/^enquiries_total\{outcome="forbidden-origin"\} 1$/m);
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
    const r = request(t.app).get(START_PATH);
    return cookie ? r.set('Cookie', cookie) : r;
  };
  /** A plain post to FORM_POST, or the form script's to SCRIPT_POST. */
  const submit = (path: string, subject: string, ip: string, cookie?: string) => {
    const r = request(t.app)
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Forwarded-For', ip)
      .set('Origin', SITE);
    const body = path === SCRIPT_POST ? scripted({ subject }) : form({ subject });
    return (cookie ? r.set('Cookie', cookie) : r).send(body);
  };
  /** What the form's script is told when a person's enquiry (no start cookie) is stored. */
  let reference = 0;
  const personsAnswer = async () => {
    const res = await submit(SCRIPT_POST, `Reference ${reference++}`, '10.1.9.9');
    expect(res.status).toBe(200);
    return res.text;
  };
  const verdict = async (subject: string) =>
    (await t.runtime.store.list({ includeSpam: true })).find((r) => r.subject === subject);

  it('start: 204, no-store, an HttpOnly SameSite=Strict cookie for 2 h; idempotent', async () => {
    clock = T0;
    const res = await start();
    expect(res.status).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = setCookie(res) ?? '';
    // The start time, signed by React Router's createCookie: `<base64 value>.<HMAC>`.
    expect(cookie).toMatch(new RegExp(`^${START_COOKIE}=[\\w%]+\\.[\\w%]{43,};`));
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
    const expected = await personsAnswer();
    const before = (await t.runtime.store.counts()).pending;
    const res = await submit(SCRIPT_POST, 'Human pace', '10.1.0.1', cookie);
    expect(res.status).toBe(200);
    expect(res.text).toBe(expected);
    expect(await verdict('Human pace')).toMatchObject({ spam: 'ham', notification: 'pending' });
    expect((await t.runtime.store.counts()).pending).toBe(before + 1);
    expect(setCookie(res)).toMatch(/^enquiry_start=;.*Max-Age=0/);
  });

  it('sent faster than FORM_MIN_FILL_MS: the same answer, stored as spam, never notified', async () => {
    clock = T0;
    const cookie = setCookie(await start())?.split(';')[0];
    clock = T0 + 2999;
    const expected = await personsAnswer();
    const before = (await t.runtime.store.counts()).pending;
    const res = await submit(SCRIPT_POST, 'Too fast', '10.1.0.2', cookie);
    expect(res.status).toBe(200);
    expect(res.text).toBe(expected);
    expect(setCookie(res)).toMatch(/^enquiry_start=;/);
    expect(await verdict('Too fast')).toMatchObject({ spam: 'too-fast', notification: 'none' });
    expect((await t.runtime.store.counts()).pending).toBe(before);
    // Without JavaScript too: the same redirect as a person's.
    clock = T0;
    const again = setCookie(await start())?.split(';')[0];
    clock = T0 + 1000;
    const plain = await submit(FORM_POST, 'Too fast, no JS', '10.1.0.6', again);
    expect(plain.status).toBe(303);
    expect(plain.headers['location']).toBe(CONFIRMATION);
    expect(await verdict('Too fast, no JS')).toMatchObject({ spam: 'too-fast' });
  });

  it('a forged cookie: the same answer, stored as spam', async () => {
    clock = T0 + 60_000;
    const forged = (await startCookie('not-the-form-secret-at-all').serialize(T0)).split(';')[0];
    const expected = await personsAnswer();
    const res = await submit(SCRIPT_POST, 'Forged start', '10.1.0.3', forged);
    expect(res.status).toBe(200);
    expect(res.text).toBe(expected);
    expect(await verdict('Forged start')).toMatchObject({ spam: 'bad-token' });
  });

  it('no cookie at all (CSS images off, no JavaScript): stored and notified', async () => {
    const res = await submit(FORM_POST, 'No start cookie', '10.1.0.4');
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
    const res = await submit(FORM_POST, 'No-JS human', '10.1.0.5', cookie);
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe(CONFIRMATION);
    expect(setCookie(res)).toMatch(/^enquiry_start=;/);
    expect(await verdict('No-JS human')).toMatchObject({ spam: 'ham' });
    // The signature is checked with the app's own secret.
    expect(await readStartTime(startCookie(TEST_FORM_SECRET), cookie ?? null, T0)).toEqual({
      kind: 'valid',
      at: T0,
    });
  });

  it('pages carry no per-request form token', async () => {
    const page = await request(t.app).get('/contact');
    expect(page.text).not.toContain('formToken');
    expect(page.text).not.toMatch(/<input type="hidden" name="(?!formId)/);
  });
});
