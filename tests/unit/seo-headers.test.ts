/**
 * Issue #4 "Security headers" and "Caching and compression": server/response-headers.mjs run in
 * a real http.Server around small stand-in handlers (a static-file server via `send`, like the
 * adapter's, and Astro-style `writeHead(status, headers)` responses), checked with the pure rules
 * of scripts/lib/header-checks.mjs that e2e and bench:pages use too.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import send from 'send';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FALLBACK_CSP,
  HSTS,
  cacheControlFor,
  decorate,
  isHttps,
} from '../../server/response-headers.mjs';
import { checkHeaders, formatChecks, parseCsp } from '../../scripts/lib/header-checks.mjs';

const PAGE_CSP =
  "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'";
const html = `<!doctype html><title>x</title>${'<p>Where every story finds its voice</p>'.repeat(80)}`;

let server: Server;
let base: string;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'seo-headers-'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, 'about.html'), html);
  writeFileSync(join(root, '_astro', 'app.abc123.js'), 'console.log(1);\n'.repeat(200));
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  server = createServer((req, res) => {
    decorate(req, res, { TRUST_PROXY: req.headers['x-test-trust'] === '1' ? '1' : '' });
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/dynamic') {
      // Astro's app writes status and headers at once, then streams the body.
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': PAGE_CSP });
      res.write(html.slice(0, 1000));
      res.end(html.slice(1000));
      return;
    }
    if (path === '/_actions/contact.submit') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'x'.repeat(2000) }));
      return;
    }
    if (path === '/powered') {
      res.setHeader('X-Powered-By', 'Something');
      res.setHeader('content-type', 'text/plain');
      res.end('hi');
      return;
    }
    if (path === '/about') res.setHeader('Content-Security-Policy', PAGE_CSP);
    send(req, path, { root, extensions: ['html'] }).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A raw GET (no automatic decompression), returning status, headers and body bytes. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const failing = (path: string, h: IncomingMessage['headers'], opts = {}) =>
  formatChecks(checkHeaders(path, h, opts).filter((c) => !c.ok));

describe('decorate() on a running server', () => {
  it('a static HTML page: all checks pass, Brotli preferred, revalidation', async () => {
    const r = await get('/about', { 'accept-encoding': 'gzip, br' });
    expect(r.status).toBe(200);
    expect(failing('/about', r.headers)).toBe('');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(r.body).toString()).toBe(html);
  });

  it('gzip when only gzip is accepted, identity when nothing is', async () => {
    const gz = await get('/about', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await get('/about', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(html));
  });

  it('a streamed on-demand page is compressed and keeps its own CSP', async () => {
    const r = await get('/dynamic', { 'accept-encoding': 'br' });
    expect(failing('/dynamic', r.headers, { acceptEncoding: 'br' })).toBe('');
    expect(r.headers['content-security-policy']).toBe(PAGE_CSP);
    expect(brotliDecompressSync(r.body).toString()).toBe(html);
  });

  it('hashed /_astro/ bundles are immutable for a year', async () => {
    const r = await get('/_astro/app.abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(failing('/_astro/app.abc123.js', r.headers)).toBe('');
  });

  it('range requests and 304s stay uncompressed with correct lengths', async () => {
    const range = await get('/about', { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(html)}`);
    expect(range.body.toString()).toBe(html.slice(0, 100));

    const first = await get('/about');
    const etag = String(first.headers['etag']);
    const revalidated = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.headers['cache-control']).toBe('no-cache');
  });

  it('action responses are never stored and get a deny-all CSP', async () => {
    const r = await get('/_actions/contact.submit', { 'accept-encoding': 'br' }, 'POST');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-security-policy']).toBe(FALLBACK_CSP);
    expect(failing('/_actions/contact.submit', r.headers, { method: 'POST' })).toBe('');
  });

  it('drops X-Powered-By and keeps small bodies uncompressed', async () => {
    const r = await get('/powered', { 'accept-encoding': 'br' });
    expect(r.headers['x-powered-by']).toBeUndefined();
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when a trusted proxy says https', async () => {
    const plain = await get('/robots.txt');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const untrusted = await get('/robots.txt', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const trusted = await get('/robots.txt', { 'x-forwarded-proto': 'https', 'x-test-trust': '1' });
    expect(trusted.headers['strict-transport-security']).toBe(HSTS);
    expect(failing('/robots.txt', trusted.headers, { https: true })).toBe('');
  });
});

describe('pure rules', () => {
  it('isHttps trusts X-Forwarded-Proto only with TRUST_PROXY=1, first hop wins', () => {
    const req = (proto?: string) =>
      ({ socket: {}, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as never;
    expect(isHttps(req('https'), {})).toBe(false);
    expect(isHttps(req('https'), { TRUST_PROXY: '1' })).toBe(true);
    expect(isHttps(req('http, https'), { TRUST_PROXY: '1' })).toBe(false);
    expect(isHttps({ socket: { encrypted: true }, headers: {} } as never, {})).toBe(true);
  });

  it('cacheControlFor keeps explicit choices except the send default', () => {
    const get = { method: 'GET', status: 200 };
    expect(cacheControlFor({ ...get, path: '/x', contentType: 'image/png' })).toBe(
      'public, max-age=3600',
    );
    expect(
      cacheControlFor({
        ...get,
        path: '/',
        contentType: 'text/html',
        current: 'public, max-age=0',
      }),
    ).toBe('no-cache');
    expect(
      cacheControlFor({ ...get, path: '/', contentType: 'text/html', current: 'private' }),
    ).toBeUndefined();
    expect(
      cacheControlFor({ method: 'POST', status: 200, path: '/contact', contentType: '' }),
    ).toBe('no-store');
  });

  it('checkHeaders flags a weak CSP, HSTS over HTTP, X-Powered-By and a cacheable asset miss', () => {
    const rows = checkHeaders('/about', {
      'content-type': 'text/html',
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
      'strict-transport-security': HSTS,
      'x-powered-by': 'Express',
      'cache-control': 'public, max-age=600',
    });
    const bad = rows.filter((r) => !r.ok).map((r) => r.header);
    expect(bad).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'Strict-Transport-Security',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
        'X-Powered-By',
        'Cache-Control',
        'Content-Encoding',
      ]),
    );
    expect(rows.find((r) => r.header === 'Content-Security-Policy')?.detail).toMatch(
      /no object-src.*unsafe-inline/,
    );
  });

  it('parseCsp reads directives case-insensitively, first occurrence wins', () => {
    const csp = parseCsp("Default-Src 'self'; default-src *; img-src 'self' data:");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });
});
