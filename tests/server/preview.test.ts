/**
 * Previews and share links on the public pages (docs/decisions/054-previews-and-share-links.md),
 * through the app as a visitor with the link reaches it: the changes shown on the real page, per
 * request, uncacheable, unindexed, under a nonce policy, with the preview bar; the stored page
 * untouched; an expired link 410, a revoked or unknown one 404, each with a page saying so.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemChange } from '../../src/server/content/items.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());

const get = (path: string) => request(t.app).get(path).set('Accept-Encoding', 'identity');

const QUOTE = 'A quote only the preview shows, <script>alert(1)</script> and all';

async function testimonialChange(): Promise<ItemChange> {
  const content = await t.content.read();
  const first = content['testimonials.yaml'][0]!;
  return {
    collection: 'testimonials.yaml',
    key: first.id,
    position: 0,
    body: JSON.stringify({ ...first, quote: QUOTE }),
  };
}

const share = async (ttlMs = 3_600_000) =>
  t.previews.create(
    {
      path: '/',
      changes: [await testimonialChange()],
      label: 'Testimonial',
      createdBy: 'staff-1',
      ttlMs,
      shared: true,
    },
    Date.now(),
  );

describe('a preview link', () => {
  it('shows the changes on the real page, uncached, unindexed, with a nonce policy and the bar', async () => {
    const { token } = await share();
    const page = await get(`/?preview=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('A quote only the preview shows, &lt;script&gt;');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('Preview — not published.');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.text).toMatch(/<meta name="robots" content="noindex"/);
    expect(page.text).not.toContain('rel="canonical"');
    expect(page.headers['content-security-policy']).toMatch(/script-src [^;]*'nonce-/);
    expect(page.headers['etag']).toBeUndefined();
  });

  it('leaves the published page as it was', async () => {
    await share();
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(QUOTE.slice(0, 30));
    expect(page.text).not.toContain('Preview — not published.');
    expect(page.headers['etag']).toBeDefined();
  });

  it('answers 410 with a page saying so once expired', async () => {
    const { token } = await share(-1);
    const page = await get(`/?preview=${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This preview link has expired');
    expect(page.text).not.toContain(QUOTE.slice(0, 30));
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 once revoked, and for a token that never was', async () => {
    const { token, id } = await share();
    expect(await t.previews.revoke(id, Date.now())).toBe(true);
    const revoked = await get(`/?preview=${token}`);
    expect(revoked.status).toBe(404);
    expect(revoked.text).toContain('This preview link does not work');
    expect(revoked.text).not.toContain(QUOTE.slice(0, 30));
    expect((await get('/about?preview=not-a-token')).status).toBe(404);
    expect((await get(`/about?preview=${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('keeps only the token’s hash', async () => {
    const { token } = await share();
    const listed = await t.previews.shared();
    expect(JSON.stringify(listed)).not.toContain(token);
  });
});
