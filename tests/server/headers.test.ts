/**
 * Response headers over HTTP: everything that is not a page gets a deny-all CSP; the security
 * headers; hashed assets immutable; precompressed static files; HSTS only over HTTPS behind a
 * trusted proxy; robots.txt and sitemap.xml on SITE_URL, the sitemap's lastmod the release's
 * publish time. Pages' own CSP and caching: `delivery.test.ts`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PAGES } from '../../src/pages.ts';
import { lastmodsOf } from '../support/sitemap.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('response headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: 'https://www.kahaani-pr.example', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('security headers on pages and on everything else', async () => {
    for (const path of ['/', '/robots.txt', '/favicon.svg', '/healthz']) {
      const res = await request(t.app).get(path);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['permissions-policy'], path).toContain('camera=()');
      expect(res.headers['x-powered-by'], path).toBeUndefined();
    }
    const text = await request(t.app).get('/robots.txt');
    expect(text.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('HSTS only for HTTPS requests (X-Forwarded-Proto from the trusted proxy)', async () => {
    const plain = await request(t.app).get('/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await request(t.app).get('/').set('X-Forwarded-Proto', 'https');
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('hashed assets are immutable for a year and served precompressed', async () => {
    const dir = join(inject('buildDir'), 'client/assets');
    const js = readdirSync(dir).find((f) => f.startsWith('entry.client-') && f.endsWith('.js'));
    expect(js).toBeTruthy();
    const br = await request(t.app).get(`/assets/${js}`).set('Accept-Encoding', 'br, gzip');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gz = await request(t.app).get(`/assets/${js}`).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const missing = await request(t.app).get('/assets/nope-123.js');
    expect(missing.status).toBe(404);
  });

  it('scripts, stylesheets and fonts carry no document-only headers; SVG files keep them', async () => {
    const dir = join(inject('buildDir'), 'client/assets');
    const files = readdirSync(dir);
    const pick = (re: RegExp): string => {
      const file = files.find((f) => re.test(f));
      expect(file, String(re)).toBeTruthy();
      return `/assets/${file}`;
    };
    for (const path of [pick(/^entry\.client-.*\.js$/), pick(/\.css$/), pick(/\.woff2$/)]) {
      const res = await request(t.app).get(path).set('X-Forwarded-Proto', 'https');
      expect(res.status, path).toBe(200);
      for (const name of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'x-xss-protection',
        'last-modified',
      ])
        expect(res.headers[name], `${path} ${name}`).toBeUndefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], path).toBe('cross-origin');
      expect(res.headers['strict-transport-security'], path).toBeTruthy();
      expect(res.headers['etag'], path).toBeTruthy();
    }
    const svg = await request(t.app).get(pick(/\.svg$/));
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.headers['x-frame-options']).toBe('DENY');
  });

  it('robots.txt names the sitemap; the sitemap lists the indexable routes, case studies and news items only', async () => {
    const robots = await request(t.app).get('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://www.kahaani-pr.example/sitemap.xml');
    const map = await request(t.app).get('/sitemap.xml');
    expect(map.headers['content-type']).toMatch(/xml/);
    const locs = [...map.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const content = await t.content.read();
    expect(locs).toEqual(
      [
        ...PAGES.filter((p) => p.indexable).map((p) => p.path),
        ...content['case-studies.yaml'].map((s) => `/showcase/${s.slug}`),
        ...content['news.yaml'].map((s) => `/news/${s.slug}`),
      ].map((path) => `https://www.kahaani-pr.example${path}`),
    );
  });

  it('every URL of the sitemap has a lastmod: the publish time of the release shown', async () => {
    const map = await request(t.app).get('/sitemap.xml');
    const lastmods = await lastmodsOf(map.text);
    // The seed, release 1, as the database holds it
    // (docs/decisions/060-sitemap-lastmod-follows-releases.md).
    const seeded = new Date(await t.content.publishedAt(1)).toISOString();
    const content = await t.content.read();
    expect([...lastmods.keys()]).toHaveLength(
      PAGES.filter((p) => p.indexable).length +
        content['case-studies.yaml'].length +
        content['news.yaml'].length,
    );
    for (const [loc, lastmod] of lastmods) expect(lastmod, loc).toBe(seeded);
    expect(map.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('social images, favicons and the manifest are served', async () => {
    for (const [path, type] of [
      ['/og/home.png', 'image/png'],
      ['/og/contact.png', 'image/png'],
      ['/favicon.ico', 'image/'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ] as const) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type']), path).toContain(type);
    }
  });

  it('pages carry the canonical URL on SITE_URL and the social image', async () => {
    const res = await request(t.app).get('/about');
    expect(res.text).toContain(
      '<link rel="canonical" href="https://www.kahaani-pr.example/about"/>',
    );
    expect(res.text).toContain(
      '<meta property="og:image" content="https://www.kahaani-pr.example/og/about.png"/>',
    );
    const missing = await request(t.app).get('/privacy');
    expect(missing.text).toContain('<meta name="robots" content="noindex"/>');
    expect(missing.text).not.toContain('rel="canonical"');
  });
});
