/**
 * The contact form's route action and JSON endpoint through supertest (docs/product.md#contact-form):
 * a plain POST ends in 303 (Post/Redirect/Get); a refusal re-renders with the visitor's text and
 * status 400; bodies over 64 KB get 413, other content types 415; a foreign Origin 403; the
 * per-client rate limit 429 with Retry-After.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRenderTime } from '../../src/lib/enquiries/secret.ts';
import { createTestApp, TEST_FORM_SECRET, type TestApp } from './support/test-app.ts';

/** The configured origin; browsers send it as `Origin` with every form POST. */
const SITE = 'https://www.kahaani-pr.example';

const form = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    name: 'Asha Verma',
    email: 'asha@example.com',
    subject: 'Launch coverage',
    message: 'We are launching in March and would like to talk.',
    formToken: signRenderTime(TEST_FORM_SECRET, Date.now() - 10_000),
    ...over,
  }).toString();

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
