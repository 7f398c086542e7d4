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
 * - Compression uses the `compression` package (Brotli preferred, gzip otherwise, text types
 *   only, 1 KiB threshold, `Vary: Accept-Encoding`); range requests stay uncompressed so
 *   `Content-Range` offsets remain true, and 304/HEAD responses have no body to compress.
 *
 * Env: TRUST_PROXY=1 — believe `X-Forwarded-Proto` from the reverse proxy in front of us when
 * deciding whether the request came over HTTPS (for HSTS).
 */
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

const compress = compression({ filter: shouldCompress, threshold: 1024 });

/**
 * Decorates one response with the security, caching and compression behaviour of issue #4.
 * Call before the request handler writes anything.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {NodeJS.ProcessEnv} [env]
 */
export function decorate(req, res, env = process.env) {
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value);
  if (isHttps(req, env)) res.setHeader('Strict-Transport-Security', HSTS);

  // Registers compression's own on-headers hook; `next` is synchronous and has nothing to do.
  compress(/** @type {any} */ (req), /** @type {any} */ (res), () => {});

  // Registered after compression's hook, so it runs first: Cache-Control is final before
  // compression looks for `no-transform`.
  onHeaders(res, function finalHeaders() {
    res.removeHeader('X-Powered-By');
    const contentType = String(res.getHeader('Content-Type') ?? '');
    const isHtml = /^text\/html\b/i.test(contentType);
    if (!res.hasHeader('Content-Security-Policy')) {
      res.setHeader('Content-Security-Policy', isHtml ? FALLBACK_HTML_CSP : FALLBACK_CSP);
    }
    const current = res.getHeader('Cache-Control');
    const cacheControl = cacheControlFor({
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      status: res.statusCode,
      contentType,
      ...(current === undefined ? {} : { current: String(current) }),
    });
    if (cacheControl) res.setHeader('Cache-Control', cacheControl);
  });
}
