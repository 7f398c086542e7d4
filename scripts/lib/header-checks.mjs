/**
 * Response-header checks of issue #4 ("Security headers", "Caching and compression") as one pure
 * function, shared by the e2e suite (tests/e2e/headers.spec.ts), the unit tests and
 * `npm run bench:pages`, which prints them as a per-route table.
 *
 * Given a URL path and the response headers, `checkHeaders` returns one row per rule:
 * `{ header, ok, detail }`. It never throws; a missing header is a failed row.
 */

/**
 * @typedef {{ header: string; ok: boolean; detail: string }} HeaderCheck
 * @typedef {Headers | Record<string, string | string[] | number | undefined>} HeaderSource
 * @typedef {{
 *   https?: boolean;          // the request was HTTPS (or a trusted proxy said so): expect HSTS
 *   acceptEncoding?: string;  // the request's Accept-Encoding; '' = compression not asked for
 *   method?: string;          // request method (GET)
 * }} CheckOptions
 */

/** Directives every HTML page's CSP must contain (issue #4), as [name, allowed values]. */
export const REQUIRED_CSP = [
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'", "'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

/** Features the Permissions-Policy must deny. */
export const DENIED_FEATURES = ['camera', 'microphone', 'geolocation', 'payment'];

/** MIME types worth compressing (text formats); images and fonts are already compressed. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

/**
 * Reads one header case-insensitively from a fetch `Headers`, Playwright's `headers()` object
 * or Node's `IncomingHttpHeaders`; lists are joined with `, `.
 *
 * @param {HeaderSource} headers
 * @param {string} name
 * @returns {string | undefined}
 */
export function getHeader(headers, name) {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    return headers.get(name) ?? undefined;
  }
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== lower || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : String(value);
  }
  return undefined;
}

/**
 * Parses a CSP into a map of directive name → source list (lower-cased names).
 *
 * @param {string} policy
 * @returns {Map<string, string[]>}
 */
export function parseCsp(policy) {
  const map = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), values);
  }
  return map;
}

/**
 * Which kind of resource `path` is, for choosing the caching rule: `asset` (hashed bundle under
 * `/_astro/`), `action` (`/_actions/*`), `html` (by Content-Type, or an extension-less path when
 * there is none, as on a 304) or `other` (icons, social images, robots.txt, manifest…).
 *
 * @param {string} path
 * @param {string} contentType
 * @returns {'asset' | 'action' | 'html' | 'other'}
 */
export function resourceKind(path, contentType) {
  if (path.startsWith('/_astro/')) return 'asset';
  if (path.startsWith('/_actions/')) return 'action';
  if (contentType) return /^text\/html\b/i.test(contentType) ? 'html' : 'other';
  const last = path.split('?')[0]?.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html') ? 'html' : 'other';
}

/** @param {string} header @param {boolean} ok @param {string} detail @returns {HeaderCheck} */
const row = (header, ok, detail) => ({ header, ok, detail });

/**
 * Checks one response's headers against issue #4.
 *
 * @param {string} path URL path of the request (query ignored)
 * @param {HeaderSource} headers response headers
 * @param {CheckOptions} [options]
 * @returns {HeaderCheck[]}
 */
export function checkHeaders(path, headers, options = {}) {
  // Callers that pass something else (e.g. a status code) get the defaults.
  const opts = options && typeof options === 'object' ? options : {};
  const { https = false, acceptEncoding = 'br, gzip', method = 'GET' } = opts;
  const cleanPath = path.split(/[?#]/)[0] || '/';
  const contentType = getHeader(headers, 'content-type') ?? '';
  const kind = resourceKind(cleanPath, contentType);
  /** @type {HeaderCheck[]} */
  const checks = [];

  // Content-Security-Policy
  const csp = getHeader(headers, 'content-security-policy');
  if (!csp) {
    checks.push(row('Content-Security-Policy', false, 'missing'));
  } else if (kind === 'html') {
    const directives = parseCsp(csp);
    const problems = [];
    for (const [name, allowed] of REQUIRED_CSP) {
      const values = directives.get(name);
      if (!values) problems.push(`no ${name}`);
      else if (!values.every((v) => allowed.includes(v)))
        problems.push(`${name} ${values.join(' ')}`);
    }
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    if (!scriptSrc) problems.push('no script-src/default-src');
    else if (scriptSrc.includes("'unsafe-inline'"))
      problems.push("script-src allows 'unsafe-inline'");
    if (scriptSrc?.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
    checks.push(
      row(
        'Content-Security-Policy',
        problems.length === 0,
        problems.length === 0 ? 'hashed scripts, required directives present' : problems.join('; '),
      ),
    );
  } else {
    const directives = parseCsp(csp);
    const ok = directives.has('default-src') || directives.has('frame-ancestors');
    checks.push(row('Content-Security-Policy', ok, ok ? 'present' : `weak: ${csp}`));
  }

  // Strict-Transport-Security
  const hsts = getHeader(headers, 'strict-transport-security');
  if (https) {
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? 0);
    const ok = maxAge >= 31_536_000 && /includesubdomains/i.test(hsts ?? '');
    checks.push(row('Strict-Transport-Security', ok, hsts ?? 'missing on HTTPS'));
  } else {
    checks.push(
      row(
        'Strict-Transport-Security',
        !hsts,
        hsts ? `sent over plain HTTP: ${hsts}` : 'n/a (HTTP)',
      ),
    );
  }

  // The fixed security headers
  const nosniff = getHeader(headers, 'x-content-type-options');
  checks.push(
    row('X-Content-Type-Options', nosniff?.toLowerCase() === 'nosniff', nosniff ?? 'missing'),
  );
  const referrer = getHeader(headers, 'referrer-policy');
  checks.push(
    row('Referrer-Policy', referrer === 'strict-origin-when-cross-origin', referrer ?? 'missing'),
  );
  const permissions = getHeader(headers, 'permissions-policy');
  const undenied = DENIED_FEATURES.filter(
    (f) => !new RegExp(`(^|[,\\s])${f}=\\(\\)`).test(permissions ?? ''),
  );
  checks.push(
    row(
      'Permissions-Policy',
      Boolean(permissions) && undenied.length === 0,
      !permissions ? 'missing' : undenied.length ? `allows ${undenied.join(', ')}` : 'restrictive',
    ),
  );
  const poweredBy = getHeader(headers, 'x-powered-by');
  checks.push(row('X-Powered-By', !poweredBy, poweredBy ? `leaks "${poweredBy}"` : 'absent'));

  // Cache-Control
  const cache = getHeader(headers, 'cache-control') ?? '';
  const tokens = cache.toLowerCase().split(/\s*,\s*/);
  let cacheOk;
  let expected;
  if (method !== 'GET' && method !== 'HEAD') {
    expected = 'no-store';
    cacheOk = tokens.includes('no-store') || tokens.includes('no-cache');
  } else if (kind === 'asset') {
    expected = 'public, max-age=31536000, immutable';
    cacheOk =
      tokens.includes('public') &&
      tokens.includes('max-age=31536000') &&
      tokens.includes('immutable');
  } else if (kind === 'action') {
    expected = 'no-store';
    cacheOk = tokens.includes('no-store');
  } else if (kind === 'html') {
    expected = 'no-cache or max-age=0, must-revalidate';
    cacheOk =
      tokens.includes('no-cache') ||
      tokens.includes('no-store') ||
      (tokens.includes('max-age=0') && tokens.includes('must-revalidate'));
  } else {
    expected = 'any explicit policy';
    cacheOk = cache !== '';
  }
  checks.push(row('Cache-Control', cacheOk, `${cache || 'missing'} (want ${expected})`));

  // Compression: only meaningful when the client asked for it and the body is text.
  const encoding = (getHeader(headers, 'content-encoding') ?? '').toLowerCase();
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((s) => s.trim().split(';')[0]);
  const length = Number(getHeader(headers, 'content-length') ?? NaN);
  const vary = (getHeader(headers, 'vary') ?? '').toLowerCase();
  if (!COMPRESSIBLE.test(contentType) || !accepted.some((a) => a === 'br' || a === 'gzip')) {
    checks.push(row('Content-Encoding', true, `n/a (${contentType || 'no body type'})`));
  } else if (encoding === 'br' || encoding === 'gzip') {
    const ok = accepted.includes(encoding) && vary.includes('accept-encoding');
    checks.push(
      row('Content-Encoding', ok, ok ? encoding : `${encoding} without Vary: Accept-Encoding`),
    );
  } else if (Number.isFinite(length) && length < 1024) {
    checks.push(row('Content-Encoding', true, `identity (${length} B, below 1 KiB threshold)`));
  } else {
    checks.push(row('Content-Encoding', false, `not compressed (${encoding || 'identity'})`));
  }

  return checks;
}

/**
 * Renders checks as a compact `header ✓/✗ detail` text block (for logs and assertion messages).
 *
 * @param {HeaderCheck[]} checks
 * @returns {string}
 */
export function formatChecks(checks) {
  return checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.header}: ${c.detail}`).join('\n');
}
