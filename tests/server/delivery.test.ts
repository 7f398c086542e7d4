/**
 * Pages rendered once per release (docs/decisions/006-pages-rendered-once-per-release.md,
 * 007-site-url-required-in-production.md, 008-csp-hashes-instead-of-nonces.md): the same bytes
 * for every visitor whatever their headers, a CSP whose hashes cover exactly the inline scripts
 * and styles of the page, strong ETags with 304, HEAD, Vary, CDN caching, one canonical URL per
 * page, and a footer year that turns over on 1 January in a process started the year before.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { securityTxt } from '../../src/server/seo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES as SITE_PAGES } from '../../src/pages.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SITE = 'https://www.kahaani-pr.example';
/** Every stored page and variant a visitor can ask for, the 404 included. */
const PAGES = [
  ...SITE_PAGES.map((p) => p.path),
  ...SITE_PAGES.map((p) => `${p.path}?sent=1`),
  '/privacy',
  '/terms',
];

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  (
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([n]) => n === name) ?? []
  ).slice(1);

/** Inline elements of `tag` as [attributes, content]. */
function inlineElements(html: string, tag: 'script' | 'style'): [string, string][] {
  const pattern = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(pattern)].map((m) => [m[1] ?? '', m[2] ?? '']);
}

describe('pages rendered once per release', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(PAGES)('%s: every inline script and style matches a hash of its CSP', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(path === '/privacy' || path === '/terms' ? 404 : 200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-');
    expect(res.text).not.toMatch(/\snonce=/);
    const scriptSrc = directive(csp, 'script-src');
    expect(scriptSrc).toContain("'strict-dynamic'");
    const executable = inlineElements(res.text, 'script').filter(
      ([attrs]) => !/type="application\/(ld\+)?json"/.test(attrs),
    );
    expect(executable.length).toBeGreaterThan(0);
    for (const [attrs, content] of executable) {
      expect(attrs, 'no external parser-inserted script').not.toContain('src=');
      expect(scriptSrc).toContain(sha256(content));
    }
    const styles = inlineElements(res.text, 'style');
    expect(styles.length).toBeGreaterThan(0);
    for (const [, content] of styles)
      expect(directive(csp, 'style-src')).toContain(sha256(content));
    // Every hash in the header belongs to this page: none is left over from another.
    const hashes = [...scriptSrc, ...directive(csp, 'style-src')].filter((s) => s.includes('sha'));
    expect(hashes).toHaveLength(executable.length + styles.length);
  });

  it.each(['/', '/about', '/contact', '/privacy'])(
    '%s: no request header changes the page (Host, X-Forwarded-*)',
    async (path) => {
      const plain = await request(t.app).get(path).set('Accept-Encoding', 'identity');
      for (const [name, value] of [
        ['Host', 'evil.example'],
        ['X-Forwarded-Host', 'evil.example'],
        ['X-Forwarded-Proto', 'http'],
        ['Forwarded', 'host=evil.example;proto=http'],
        ['Cookie', 'session=abc'],
        ['User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
      ] as const) {
        const res = await request(t.app)
          .get(path)
          .set('Accept-Encoding', 'identity')
          .set(name, value);
        expect(res.status, name).toBe(plain.status);
        expect(res.text, name).toBe(plain.text);
        expect(res.headers['etag'], name).toBe(plain.headers['etag']);
        expect(res.headers['content-security-policy']).toBe(
          plain.headers['content-security-policy'],
        );
      }
      expect(plain.text).not.toContain('evil.example');
      if (path !== '/privacy') expect(plain.text).toContain(`${SITE}${path === '/' ? '/' : path}`);
    },
  );

  it('security.txt (RFC 9116) names the agency as contact, its canonical URL and an expiry under a year', async () => {
    const res = await request(t.app).get('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toMatch(/^Contact: mailto:\S+@\S+$/m);
    expect(res.text).toContain(`Canonical: ${SITE}/.well-known/security.txt`);
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(res.text)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThan(365 * 24 * 3600 * 1000);
    // Instances started the same day agree, byte for byte.
    const later = securityTxt(SITE, Date.now() + 60_000);
    const sameDay =
      new Date(Date.now()).getUTCDate() === new Date(Date.now() + 60_000).getUTCDate();
    if (sameDay) expect(later).toBe(res.text);
  });

  it('robots.txt, sitemap.xml and security.txt name SITE_URL whatever the Host', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/.well-known/security.txt']) {
      const res = await request(t.app).get(path).set('Host', 'evil.example');
      expect(res.status).toBe(200);
      expect(res.text).toContain(SITE);
      expect(res.text).not.toContain('evil.example');
      expect(res.headers['etag']).toMatch(/^"/);
    }
  });

  it('every encoding holds the same page; strong ETags, Vary, CDN caching', async () => {
    const identity = await request(t.app).get('/about').set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(identity.text));
    for (const encoding of ['br', 'gzip']) {
      const res = await request(t.app).get('/about').set('Accept-Encoding', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.text).toBe(identity.text);
      expect(res.headers['etag']).not.toBe(identity.headers['etag']);
      expect(res.headers['vary']).toBe('Accept-Encoding');
    }
    expect(identity.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(identity.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=60',
    );
    const missing = await request(t.app).get('/privacy');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  });

  it.each([
    // Chromium and Firefox list gzip first; quality decides, then the server's preference.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %j gets %s', async (accept, expected) => {
    for (const path of ['/', '/privacy', '/sitemap.xml']) {
      const res = await request(t.app).get(path).set('Accept-Encoding', accept);
      expect(res.headers['content-encoding']).toBe(expected);
    }
  });

  it('If-None-Match gets 304 without a body; HEAD gets the headers only', async () => {
    // gzip: the brotli body (and its tag) is replaced by a stronger one after readiness, which
    // may land between two requests here.
    const first = await request(t.app).get('/contact').set('Accept-Encoding', 'gzip');
    const etag = String(first.headers['etag']);
    const again = await request(t.app)
      .get('/contact')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers['etag']).toBe(etag);
    const other = await request(t.app).get('/contact').set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
    const head = await request(t.app).head('/contact').set('Accept-Encoding', 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers['etag']).toBe(etag);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('the confirmation variant differs from the page; other queries do not', async () => {
    const page = await request(t.app).get('/contact');
    const sent = await request(t.app).get('/contact?sent=1');
    expect(sent.text).not.toBe(page.text);
    expect(sent.text).toContain('your message has been sent');
    const tracked = await request(t.app).get('/contact?utm_source=newsletter');
    expect(tracked.text).toBe(page.text);
  });

  it.each([
    ['/About', '/about'],
    ['/ABOUT/', '/about'],
    ['/about/', '/about'],
    ['/Contact?sent=1', '/contact?sent=1'],
    ['/EXPERTISE//', '/expertise'],
  ])('%s redirects (301) to its canonical URL %s', async (path, location) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(301);
    expect(res.headers['location']).toBe(location);
  });

  it('every unknown path gets the one stored 404 page; what Express serves still answers', async () => {
    const unknown = ['/wp-login.php', '/.env', '/about/team', '/nope~1', '/privacy'];
    const answers = await Promise.all(unknown.map((path) => request(t.app).get(path)));
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect(res.headers['etag']).toBe(answers[0]?.headers['etag']);
      expect(res.headers['content-security-policy']).toContain("'strict-dynamic'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const head = await request(t.app).head('/wp-login.php');
    expect(head.status).toBe(404);
    expect(head.text ?? '').toBe('');
    // Paths the Express stack answers are not taken for unknown ones.
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(
      (await request(t.app).get('/')).text,
    )?.[0];
    for (const [path, status] of [
      ['/robots.txt', 200],
      ['/sitemap.xml', 200],
      ['/favicon.ico', 200],
      ['/manifest.webmanifest', 200],
      [asset ?? '/assets/missing', 200],
      ['/healthz', 200],
      ['/api/enquiries/start', 204],
      ['/%E0%A4%A', 400],
    ] as const) {
      expect((await request(t.app).get(path)).status, path).toBe(status);
    }
  });
});

describe('the footer year across 1 January', () => {
  let t: TestApp;
  let clock = Date.parse('2026-12-31T23:59:58');
  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE }, { now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a process started the year before serves the new year from the first request', async () => {
    const before = await request(t.app).get('/');
    expect(before.text).toMatch(/<span data-year="">2026<\/span>/);
    clock = Date.parse('2027-01-01T00:00:01');
    const after = await request(t.app).get('/');
    expect(after.text).toMatch(/<span data-year="">2027<\/span>/);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    const missing = await request(t.app).get('/privacy');
    expect(missing.text).toMatch(/<span data-year="">2027<\/span>/);
  });
});
