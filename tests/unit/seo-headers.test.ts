/**
 * Issue #4 "Security headers" and "Caching and compression": server/response-headers.mjs run in
 * a real http.Server around small stand-in handlers (a static-file server via `send`, like the
 * adapter's, and Astro-style `writeHead(status, headers)` responses), checked with the pure rules
 * of scripts/lib/header-checks.mjs that e2e and bench:pages use too. The static files get their
 * `.br`/`.gz` siblings from the real build step (src/integrations/precompress.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  inflateSync,
} from 'node:zlib';
import send from 'send';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FALLBACK_CSP,
  HSTS,
  cacheControlFor,
  chooseEncoding,
  decorate,
  isHttps,
  precompressedFor,
} from '../../server/response-headers.mjs';
import { checkHeaders, formatChecks, parseCsp } from '../../scripts/lib/header-checks.mjs';
import { MIN_BYTES, precompressDir } from '../../src/integrations/precompress.ts';

const PAGE_CSP =
  "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'";
const html = `<!doctype html><title>x</title>${'<p>Where every story finds its voice</p>'.repeat(80)}`;
const js = 'console.log(1);\n'.repeat(200);

/**
 * ~40 KB of varied prose (a seeded word sequence), so Brotli quality 4 and 11 differ clearly in
 * size — a body that is one phrase repeated compresses to almost nothing at any quality.
 */
const prose = (() => {
  const words = ['story', 'voice', 'Delhi', 'press', 'brand', 'media', 'trust', 'launch', 'crisis'];
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < 6000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    out.push(`${words[seed % words.length]}${seed % 97}`);
  }
  return `<!doctype html><title>p</title><p>${out.join(' ')}</p>`;
})();

let server: Server;
let base: string;
/** Astro output directory of the fixture: `client/` plus `_headers.json`, as the build writes. */
let outDir: string;
let client: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'seo-headers-'));
  client = join(outDir, 'client');
  const root = client;
  mkdirSync(join(root, '_astro'), { recursive: true });
  writeFileSync(join(root, 'about.html'), html);
  writeFileSync(join(root, '_astro', 'app.abc123.js'), js);
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(root, 'photo.png'), Buffer.alloc(4096, 1));
  // What the adapter's staticHeaders writes: the page's hashed CSP, looked up by its path.
  writeFileSync(
    join(outDir, '_headers.json'),
    JSON.stringify([
      { pathname: '/about', headers: [{ key: 'Content-Security-Policy', value: PAGE_CSP }] },
    ]),
  );
  await precompressDir(client);
  server = createServer((req, res) => {
    decorate(req, res, {
      TRUST_PROXY: req.headers['x-test-trust'] === '1' ? '1' : '',
      ASTRO_OUT_DIR: outDir,
    });
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/prose') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': PAGE_CSP });
      res.end(prose);
      return;
    }
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
    // The adapter looks per-page headers up by the (possibly rewritten) request path.
    if (path === '/about') res.setHeader('Content-Security-Policy', PAGE_CSP);
    send(req, path, { root, extensions: ['html'] })
      .on('error', (err: { status?: number }) => {
        res.writeHead(err.status ?? 500, { 'content-type': 'text/plain' });
        res.end('not found');
      })
      .pipe(res);
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
  it('a static HTML page: the precompressed .br sibling, all checks pass, revalidation', async () => {
    const r = await get('/about', { 'accept-encoding': 'gzip, br' });
    expect(r.status).toBe(200);
    expect(failing('/about', r.headers)).toBe('');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toBe('no-cache');
    // The page's own CSP from _headers.json, although the adapter saw the rewritten path.
    expect(r.headers['content-security-policy']).toBe(PAGE_CSP);
    // Exactly the build's file, with its length known up front (per-request output has none).
    const sibling = readFileSync(join(client, 'about.html.br'));
    expect(r.body.equals(sibling)).toBe(true);
    expect(Number(r.headers['content-length'])).toBe(sibling.byteLength);
    // Compressed once only: one decompression gives the page back byte for byte.
    expect(brotliDecompressSync(r.body).equals(Buffer.from(html))).toBe(true);
  });

  it('the .gz sibling when only gzip is accepted (q-values honoured), identity when nothing is', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const gz = await get('/about', { 'accept-encoding': accept });
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(gz.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(gz.headers['vary']).toMatch(/accept-encoding/i);
      expect(gz.body.equals(readFileSync(join(client, 'about.html.gz')))).toBe(true);
      expect(gunzipSync(gz.body).equals(Buffer.from(html))).toBe(true);
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/about', { 'accept-encoding': accept });
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(html);
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(html));
    }
    // No sibling for deflate: the per-request path still serves it.
    const deflated = await get('/about', { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflated.body).toString()).toBe(html);
  });

  it('a /_astro/ bundle is served from its sibling with the JavaScript type and immutable caching', async () => {
    const r = await get('/_astro/app.abc123.js', { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-security-policy']).toBe(FALLBACK_CSP);
    expect(r.body.equals(readFileSync(join(client, '_astro', 'app.abc123.js.br')))).toBe(true);
    expect(brotliDecompressSync(r.body).toString()).toBe(js);
  });

  it('HEAD of a precompressed page: the br headers and length, no body', async () => {
    const full = await get('/about', { 'accept-encoding': 'br' });
    const head = await get('/about', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['etag']).toBe(full.headers['etag']);
    expect(head.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('304 for the ETag of the representation the client holds, per encoding', async () => {
    const br = await get('/about', { 'accept-encoding': 'br' });
    const gz = await get('/about', { 'accept-encoding': 'gzip' });
    const plain = await get('/about');
    const etags = new Set([br.headers['etag'], gz.headers['etag'], plain.headers['etag']]);
    expect(etags.size).toBe(3);

    const revalidated = await get('/about', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers['etag']),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect(revalidated.headers['etag']).toBe(br.headers['etag']);
    expect(revalidated.headers['vary']).toMatch(/accept-encoding/i);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.headers['cache-control']).toBe('no-cache');

    // A cached gzip copy does not validate a Brotli answer: the client gets the full body.
    const switched = await get('/about', {
      'accept-encoding': 'br',
      'if-none-match': String(gz.headers['etag']),
    });
    expect(switched.status).toBe(200);
    expect(switched.headers['content-encoding']).toBe('br');
  });

  it('a Range request gets the plain file, uncompressed, with true offsets', async () => {
    const r = await get('/about', { 'accept-encoding': 'br, gzip', range: 'bytes=10-109' });
    expect(r.status).toBe(206);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-range']).toBe(`bytes 10-109/${Buffer.byteLength(html)}`);
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.body.toString()).toBe(html.slice(10, 110));
  });

  it('files without siblings stay as they were: small text plain, images never encoded', async () => {
    expect(existsSync(join(client, 'robots.txt.br'))).toBe(false);
    expect(existsSync(join(client, 'photo.png.br'))).toBe(false);
    const robots = await get('/robots.txt', { 'accept-encoding': 'br' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('User-agent: *\nAllow: /\n');
    const png = await get('/photo.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.byteLength).toBe(4096);
  });

  it('on-demand pages are compressed per request at a fast Brotli quality, not 11', async () => {
    const r = await get('/prose', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(r.body).toString()).toBe(prose);
    const q = (quality: number) =>
      brotliCompressSync(prose, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } })
        .byteLength;
    // Quality 11 would be far smaller; quality 4's one-shot size is what the stream gives.
    expect(q(11)).toBeLessThan(q(4) * 0.9);
    expect(r.body.byteLength).toBeGreaterThan(q(11) * 1.05);
    expect(Math.abs(r.body.byteLength - q(4))).toBeLessThan(q(4) * 0.05);
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

  it('chooseEncoding honours q-values and prefers Brotli on a tie', () => {
    const both = { br: true, gzip: true };
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip', both)).toBe('gzip');
    expect(chooseEncoding('x-gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('BR ; Q=0 , gzip;q=0.1', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeNull();
    expect(chooseEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding('', both)).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
  });

  it('precompressDir writes smaller .br/.gz siblings of text files of at least 1 KiB only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'docs'));
    const page = html + '<p>more</p>';
    writeFileSync(join(dir, 'docs', 'page.html'), page);
    writeFileSync(join(dir, 'tiny.css'), 'a{}'.repeat(10));
    // Random bytes do not compress: no sibling may be larger than its file.
    writeFileSync(join(dir, 'random.js'), randomBytes(2048));
    writeFileSync(join(dir, 'font.woff2'), Buffer.alloc(MIN_BYTES * 4));
    const result = await precompressDir(dir);
    expect(result.files).toBe(1);
    expect(result.bytes).toBe(Buffer.byteLength(page));
    expect(brotliDecompressSync(readFileSync(join(dir, 'docs', 'page.html.br'))).toString()).toBe(
      page,
    );
    expect(gunzipSync(readFileSync(join(dir, 'docs', 'page.html.gz'))).toString()).toBe(page);
    expect(result.brBytes).toBe(statSync(join(dir, 'docs', 'page.html.br')).size);
    for (const skipped of ['tiny.css', 'random.js', 'font.woff2']) {
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
    // A second run neither compresses its own output nor leaves siblings a file no longer earns.
    writeFileSync(join(dir, 'docs', 'page.html'), 'short');
    await precompressDir(dir);
    expect(existsSync(join(dir, 'docs', 'page.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'docs', 'page.html.br.br'))).toBe(false);
  });

  it('precompressedFor maps clean URLs like the adapter and ignores stale siblings', async () => {
    const out = mkdtempSync(join(tmpdir(), 'precompressed-'));
    const dir = join(out, 'client');
    mkdirSync(join(dir, 'work'), { recursive: true });
    for (const name of ['about.html', 'work.html', 'work/index.html', 'old.html', 'feed.xml']) {
      writeFileSync(join(dir, name), html);
    }
    await precompressDir(dir);
    // old.html edited after the build: its siblings no longer describe it.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'old.html'), later, later);
    const { entries, headers } = precompressedFor(out);
    expect(entries.get('/about')?.file).toBe('/about.html');
    expect(entries.get('/about.html')?.type).toBe('text/html; charset=utf-8');
    expect(entries.get('/feed.xml')).toMatchObject({
      type: 'application/xml',
      br: true,
      gzip: true,
    });
    // `/work` is a directory, so the adapter serves work/index.html for it: not ours to rewrite.
    expect(entries.has('/work')).toBe(false);
    expect(entries.get('/work.html')?.file).toBe('/work.html');
    expect(entries.has('/work/index.html')).toBe(true);
    expect(entries.has('/old')).toBe(false);
    expect(entries.has('/old.html')).toBe(false);
    expect(headers.size).toBe(0);
  });

  it('parseCsp reads directives case-insensitively, first occurrence wins', () => {
    const csp = parseCsp("Default-Src 'self'; default-src *; img-src 'self' data:");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });
});
