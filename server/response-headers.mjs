/**
 * Security, caching and compression for every response (issue #4 "Security headers" and
 * "Caching and compression"). `server/index.mjs` calls `decorate(req, res)` before handing the
 * request to Astro's node handler, so pages (prerendered and on-demand), actions, static files
 * and errors all pass through here.
 *
 * - Security headers are set up front on every response; the decisions that depend on the
 *   response itself (Content-Type, status, what Astro already set) are taken in an `on-headers`
 *   hook, i.e. just before the status line is written, whether the handler used `setHeader` +
 *   `end` (the static file server) or `writeHead(status, headers)` (Astro's app).
 * - The Content-Security-Policy of HTML comes from Astro (`security.csp`, with hashes for its
 *   scripts and styles; prerendered pages via the adapter's `staticHeaders`). Any response that
 *   has none (JSON of an action, images, text) gets a deny-all policy, so a resource opened
 *   directly can never run anything.
 * - Prerendered files (HTML pages, `/_astro/*` bundles, SVG, manifest, XML, text) are served
 *   precompressed: the build writes `.br` (quality 11) and `.gz` (level 9) siblings
 *   (src/integrations/precompress.ts) and, when the client accepts one, `decorate` rewrites
 *   `req.url` to that sibling, so the adapter's `send` streams it with its own ETag,
 *   Last-Modified, Content-Length, HEAD and 304 handling; the `on-headers` hook then restores the
 *   real Content-Type and adds Content-Encoding. Range requests are never rewritten (the ranges
 *   are offsets into the plain file). See {@link precompressedFor} for how paths map to files.
 * - Everything else (on-demand pages, the 404 page, actions) is compressed per request with the
 *   `compression` package at fast settings (Brotli quality 4, gzip level 6: quality 11 costs
 *   tens of ms per page), Brotli preferred, text types only, 1 KiB threshold; range requests
 *   stay uncompressed so `Content-Range` offsets remain true, and 304/HEAD have no body.
 * - `Vary: Accept-Encoding` on every response whose body depends on it, including the 304s and
 *   identity answers of precompressed paths.
 *
 * Env: TRUST_PROXY=1 — believe `X-Forwarded-Proto` from the reverse proxy in front of us when
 * deciding whether the request came over HTTPS (for HSTS). ASTRO_OUT_DIR (default ./dist next to
 * server/, as in server/index.mjs) — where the precompressed siblings and `_headers.json` live.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import onHeaders from 'on-headers';

/** One year in seconds: HSTS and immutable asset lifetime. */
const ONE_YEAR_S = 31_536_000;

/** Cache-Control for Vite's content-hashed bundles under /_astro/: they never change. */
export const IMMUTABLE = `public, max-age=${ONE_YEAR_S}, immutable`;
/** Cache-Control for HTML: a cache may keep it but must revalidate before every use. */
export const REVALIDATE = 'no-cache';
/** Cache-Control for un-hashed public files (icons, social images, robots.txt, manifest). */
export const SHORT_PUBLIC = 'public, max-age=3600';
/** Cache-Control for answers to form posts and actions: personal, never stored. */
export const NO_STORE = 'no-store';

/** The Cache-Control `send` writes when nobody configured one. */
const SEND_DEFAULT = 'public, max-age=0';

/** Strict-Transport-Security for HTTPS responses (issue #4: one year, includeSubDomains). */
export const HSTS = `max-age=${ONE_YEAR_S}; includeSubDomains`;

/** Policy for responses that are not HTML documents: they may load and run nothing. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Safety net for an HTML response Astro did not give a policy (e.g. its built-in error page):
 * same-origin only, no inline code. Astro's own pages always carry their hashed policy instead.
 */
export const FALLBACK_HTML_CSP =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; " +
  "form-action 'self'; frame-ancestors 'none'";

/** Browser features no page of the site uses; denied for the page and any frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Headers identical on every response. */
export const STATIC_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Legacy twin of CSP `frame-ancestors 'none'` for browsers that predate it.
  'X-Frame-Options': 'DENY',
};

/**
 * True when the request reached us over HTTPS: a TLS socket, or — only when TRUST_PROXY=1 — a
 * proxy that says `X-Forwarded-Proto: https` (first hop wins when the header is a list).
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {NodeJS.ProcessEnv} [env]
 */
export function isHttps(req, env = process.env) {
  if (/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) return true;
  if (env.TRUST_PROXY !== '1') return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/**
 * The Cache-Control a response should carry (issue #4 "Caching"), or `undefined` to keep what
 * the handler set.
 *
 * @param {{ method: string; path: string; status: number; contentType: string; current?: string }} r
 * @returns {string | undefined}
 */
export function cacheControlFor({ method, path, status, contentType, current }) {
  if (method !== 'GET' && method !== 'HEAD') return current ?? NO_STORE;
  if (path.startsWith('/_actions/')) return current ?? NO_STORE;
  if (path.startsWith('/_astro/') && (status === 200 || status === 304)) return IMMUTABLE;
  // `send` (the adapter's static file server) always sets its default `public, max-age=0`; that
  // is not a decision anyone made, so it is replaced like a missing header.
  if (current && current !== SEND_DEFAULT) return undefined;
  if (isDocument(path, contentType)) return REVALIDATE;
  if (status >= 400) return REVALIDATE;
  return SHORT_PUBLIC;
}

/**
 * True for HTML documents. A 304 carries no Content-Type (`send` strips content headers), so an
 * extension-less or `.html` path counts as a document too: pages here never have other extensions.
 *
 * @param {string} path URL path without query
 * @param {string} contentType the response's Content-Type, or ''
 */
export function isDocument(path, contentType) {
  if (contentType) return /^text\/html\b/i.test(contentType);
  const last = path.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}

/**
 * Compress only bodies that are both compressible text and whole: a partial (206) response or a
 * Range request must keep identity encoding so byte offsets stay valid.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function shouldCompress(req, res) {
  if (req.headers.range || res.statusCode === 206) return false;
  return compression.filter(req, res);
}

/** Brotli quality of per-request compression: 4 is ~10x faster than the default 11. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** gzip level of per-request compression (zlib's usual speed/size balance). */
export const DYNAMIC_GZIP_LEVEL = 6;

const compress = compression({
  filter: shouldCompress,
  threshold: 1024,
  level: DYNAMIC_GZIP_LEVEL,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
});

/**
 * Content-Type of each precompressed extension, byte for byte what `send` (via mime-types)
 * writes for the plain file, so both representations carry the same type.
 */
export const PRECOMPRESSED_TYPES = Object.freeze({
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
});

/**
 * Sibling suffix per content coding, and the Content-Type `send` gives the sibling by its own
 * extension. Seeing that type in the hook proves `send` really streamed the sibling (and not,
 * say, an Astro error page after a failed lookup), so only then is Content-Encoding declared.
 */
const CODINGS = /** @type {const} */ ({
  br: { suffix: '.br', sendType: 'application/octet-stream' },
  gzip: { suffix: '.gz', sendType: 'application/gzip' },
});

/**
 * @typedef {{ file: string; type: string; br: boolean; gzip: boolean }} PrecompressedEntry
 *   `file`: URL path of the plain file (e.g. `/about.html`); `br`/`gzip`: a fresh sibling exists.
 * @typedef {{
 *   entries: Map<string, PrecompressedEntry>;
 *   headers: Map<string, { key: string; value: string }[]>;
 * }} PrecompressedIndex
 *   `entries` by decoded request path; `headers`: the adapter's `_headers.json` by pathname.
 */

/** Indexes already built, by absolute output directory. */
const indexes = new Map();

/**
 * The precompressed files of a build, read once per output directory (a synchronous walk of a
 * few dozen files on the first request; the build does not change under a running server).
 *
 * Request paths map to files the way the adapter (build.format 'file', trailingSlash 'never')
 * does: `/x.ext` → `x.ext`, and `/x` → `x.html` unless `x` is a directory (the adapter would
 * then serve `x/index.html`). A sibling counts only if it is not older than its plain file, so
 * a hand-edited file is never answered with stale compressed bytes. Unknown paths are simply
 * not precompressed: they still get per-request compression.
 *
 * @param {string} outDir absolute Astro output directory (holds `client/` and `_headers.json`)
 * @returns {PrecompressedIndex}
 */
export function precompressedFor(outDir) {
  const cached = indexes.get(outDir);
  if (cached) return cached;
  /** @type {PrecompressedIndex} */
  const index = { entries: new Map(), headers: new Map() };
  const client = join(outDir, 'client');
  if (existsSync(client)) {
    /** @type {Set<string>} */
    const names = new Set();
    for (const e of readdirSync(client, { withFileTypes: true, recursive: true })) {
      if (e.isFile()) names.add(join(e.parentPath, e.name));
    }
    /** @param {string} path @returns {number} */
    const mtime = (path) => statSync(path).mtimeMs;
    for (const path of names) {
      const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
      if (!Object.hasOwn(PRECOMPRESSED_TYPES, ext)) continue;
      const type = PRECOMPRESSED_TYPES[/** @type {keyof typeof PRECOMPRESSED_TYPES} */ (ext)];
      const fresh = (/** @type {string} */ suffix) =>
        names.has(path + suffix) && mtime(path + suffix) >= mtime(path);
      const entry = {
        file: '/' + relative(client, path).split(sep).join('/'),
        type,
        br: fresh(CODINGS.br.suffix),
        gzip: fresh(CODINGS.gzip.suffix),
      };
      if (!entry.br && !entry.gzip) continue;
      index.entries.set(entry.file, entry);
      if (ext === 'html') {
        const bare = entry.file.slice(0, -'.html'.length);
        const dir = join(client, ...bare.split('/'));
        if (bare && !(existsSync(dir) && statSync(dir).isDirectory())) {
          index.entries.set(bare, entry);
        }
      }
    }
  }
  try {
    /** @type {{ pathname: string; headers: { key: string; value: string }[] }[]} */
    const list = JSON.parse(readFileSync(join(outDir, '_headers.json'), 'utf8'));
    for (const { pathname, headers } of list) index.headers.set(pathname, headers);
  } catch {
    // No staticHeaders in this build: the adapter sets no per-page headers either.
  }
  indexes.set(outDir, index);
  return index;
}

/**
 * The content coding to serve from the precompressed siblings for an `Accept-Encoding` value,
 * or null for identity. Honours q-values (`br;q=0` refuses Brotli, `*` covers unlisted codings,
 * `x-gzip` is gzip); on equal weight Brotli wins (smaller). No header means identity, as
 * `compression` does.
 *
 * @param {string | undefined} acceptEncoding
 * @param {{ br: boolean; gzip: boolean }} available which siblings exist
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(acceptEncoding, available) {
  if (!acceptEncoding) return null;
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const coding = name.trim() === 'x-gzip' ? 'gzip' : name.trim();
    if (!coding || q.has(coding)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (/** @type {string} */ c) => q.get(c) ?? q.get('*') ?? 0;
  const br = available.br ? weightOf('br') : 0;
  const gzip = available.gzip ? weightOf('gzip') : 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Appends `Accept-Encoding` to the response's Vary header unless it is already listed.
 *
 * @param {import('node:http').ServerResponse} res
 */
function varyOnEncoding(res) {
  const current = String(res.getHeader('Vary') ?? '');
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/** Default output directory: `../dist` from this file, as server/index.mjs resolves it. */
const DEFAULT_OUT_DIR = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Points a GET/HEAD request for a precompressed file at its `.br`/`.gz` sibling, when the client
 * accepts one. Sets `Vary: Accept-Encoding` for every request of such a path (the 304s and
 * identity answers too), and — since the adapter finds per-page headers by the request path,
 * which no longer matches — the page's `_headers.json` headers (its hashed CSP).
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ coding: 'br' | 'gzip'; type: string } | null} what was chosen, or null when the
 *   request goes on unchanged
 */
function usePrecompressed(req, res, env) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const rawPath = q >= 0 ? url.slice(0, q) : url;
  let path;
  try {
    path = decodeURI(rawPath);
  } catch {
    return null; // the adapter answers 400
  }
  const index = precompressedFor(resolve(env.ASTRO_OUT_DIR || DEFAULT_OUT_DIR));
  const entry = index.entries.get(path);
  if (!entry) return null;
  varyOnEncoding(res);
  // Byte ranges address the plain file; `send` answers them from it, uncompressed.
  if (req.headers.range) return null;
  const coding = chooseEncoding(req.headers['accept-encoding'], entry);
  if (!coding) return null;
  for (const { key, value } of index.headers.get(path) ?? []) res.setHeader(key, value);
  // Keep the raw (still percent-encoded) path and query; only the file name changes.
  const target = path === entry.file ? rawPath : rawPath + entry.file.slice(path.length);
  req.url = target + CODINGS[coding].suffix + (q >= 0 ? url.slice(q) : '');
  return { coding, type: entry.type };
}

/**
 * Decorates one response with the security, caching and compression behaviour of issue #4.
 * Call before the request handler writes anything. For a GET/HEAD of a precompressed file that
 * the client accepts compressed, `req.url` is rewritten to the `.br`/`.gz` sibling (same query);
 * code that runs after this and cares about the path asked for must read it first.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {NodeJS.ProcessEnv} [env]
 */
export function decorate(req, res, env = process.env) {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  if (isHttps(req, env)) res.setHeader('Strict-Transport-Security', HSTS);

  // Before any rewrite: caching rules and logs speak of the path the client asked for.
  const requestPath = (req.url ?? '/').split('?')[0] ?? '/';
  const precompressed = usePrecompressed(req, res, env);

  // Registers compression's own on-headers hook; `next` is synchronous and has nothing to do.
  compress(/** @type {any} */ (req), /** @type {any} */ (res), () => {});

  // Registered after compression's hook, so it runs first: Cache-Control is final before
  // compression looks for `no-transform`.
  onHeaders(res, function finalHeaders() {
    res.removeHeader('X-Powered-By');
    if (
      precompressed &&
      res.statusCode === 200 &&
      res.getHeader('Content-Type') === CODINGS[precompressed.coding].sendType
    ) {
      // `send` streamed the sibling (typed by its .br/.gz name): declare what it really is.
      // `compression` then sees a Content-Encoding and leaves the body alone.
      res.setHeader('Content-Type', precompressed.type);
      res.setHeader('Content-Encoding', precompressed.coding);
    }
    const contentType = String(res.getHeader('Content-Type') ?? '');
    const isHtml = /^text\/html\b/i.test(contentType);
    if (!res.hasHeader('Content-Security-Policy')) {
      res.setHeader('Content-Security-Policy', isHtml ? FALLBACK_HTML_CSP : FALLBACK_CSP);
    }
    const current = res.getHeader('Cache-Control');
    const cacheControl = cacheControlFor({
      method: req.method ?? 'GET',
      path: requestPath,
      status: res.statusCode,
      contentType,
      ...(current === undefined ? {} : { current: String(current) }),
    });
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
  });
}
