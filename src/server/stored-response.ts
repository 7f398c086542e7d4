/**
 * Responses computed once and served many times: a page rendered at startup, robots.txt, the
 * sitemap. Each body is compressed once, at full strength, into gzip and brotli, and every
 * representation gets a strong `ETag`, so the server answers with a buffer copy, a `304`, or a
 * `HEAD` without touching React or zlib per request
 * (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * Standards: content negotiation and validators of RFC 9110
 * (https://www.rfc-editor.org/rfc/rfc9110#name-content-negotiation,
 * https://www.rfc-editor.org/rfc/rfc9110#name-etag); caching of RFC 9111
 * (https://www.rfc-editor.org/rfc/rfc9111).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings a stored response is kept in, in the server's order of preference. */
export const ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** One encoded body with its strong entity tag (quoted, e.g. `"3q2-7w…-br"`). */
export interface Representation {
  body: Buffer;
  etag: string;
}

/** A response ready to serve: status, headers and one representation per encoding. */
export interface StoredResponse {
  status: number;
  /** Headers sent with every representation (Content-Type, Cache-Control, CSP…). */
  headers: Readonly<Record<string, string>>;
  /** The same headers, ready for `res.setHeaders`. */
  headerMap: Map<string, string>;
  /** Replaced once, by {@link strengthen}. */
  representations: Readonly<Record<Encoding, Representation>>;
}

/** Brotli's window for a body of `bytes`: no larger than the body needs (less memory). */
function brotliWindow(bytes: number): number {
  return Math.min(
    zlib.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
}

/** Quality of the brotli body made at start, before the full-strength one replaces it. */
export const QUICK_BROTLI_QUALITY = 5;

/** Brotli-compresses `body` at `quality` (0–11), off the main thread. */
function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The entity-tag stem of an identity body: its SHA-256, base64url, 27 characters. */
const tagOf = (identity: Buffer) =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 27);

/**
 * Compresses `body` into every encoding (off the main thread: zlib's asynchronous API runs in
 * libuv's thread pool) and tags each representation: gzip at level 9, brotli at
 * {@link QUICK_BROTLI_QUALITY} so a server starts in well under a second; {@link strengthen}
 * then replaces the brotli body with the full-strength one (quality 11). The tags share the
 * identity body's SHA-256; each encoding and brotli quality has its own suffix, so a strong
 * tag always names exactly one byte sequence.
 *
 * @param status HTTP status to answer with (200, 404…)
 * @param headers headers of every representation; `Vary`, `ETag`, `Content-Encoding` and
 *   `Content-Length` are added when served
 * @param body the identity body (UTF-8 when a string)
 */
export async function storeResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer | string,
): Promise<StoredResponse> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gz] = await Promise.all([
    brotliAt(identity, QUICK_BROTLI_QUALITY),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const tag = tagOf(identity);
  return {
    status,
    headers,
    headerMap: new Map(Object.entries(headers)),
    representations: {
      br: { body: br, etag: `"${tag}-br${QUICK_BROTLI_QUALITY}"` },
      gzip: { body: gz, etag: `"${tag}-gz"` },
      identity: { body: identity, etag: `"${tag}"` },
    },
  };
}

/**
 * Replaces the brotli body of each response with one at full strength (quality 11), one at a
 * time, so the work never competes with requests for more than one thread and memory stays
 * flat. Brotli 11 takes ~100 ms per page on one core; run it after readiness.
 */
export async function strengthen(responses: Iterable<StoredResponse>): Promise<void> {
  for (const stored of new Set(responses)) {
    const identity = stored.representations.identity.body;
    const br = await brotliAt(identity, zlib.BROTLI_MAX_QUALITY);
    stored.representations = {
      ...stored.representations,
      br: { body: br, etag: `"${tagOf(identity)}-br"` },
    };
  }
}

/** True when `If-None-Match` names any representation of `stored` (or is `*`). */
function notModified(req: IncomingMessage, stored: StoredResponse): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const tags = new Set(Object.values(stored.representations).map((r) => r.etag));
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tags.has(tag));
}

/**
 * Sends `stored` on a plain Node response (Express's or the page store's fast path): the
 * client's preferred encoding (Accept-Encoding, brotli first on a tie, identity when nothing
 * else is acceptable), `Vary: Accept-Encoding`, the strong `ETag`, `304 Not Modified` when
 * `If-None-Match` matches (the weak comparison of RFC 9110 §13.1.2), and no body for `HEAD`.
 *
 * @param extraHeaders headers sent before the stored ones (security headers of the fast path)
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredResponse,
  extraHeaders?: Map<string, string>,
): void {
  const encoding = (new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ??
    'identity') as Encoding;
  const representation = stored.representations[encoding];
  if (extraHeaders) res.setHeaders(extraHeaders);
  res.setHeaders(stored.headerMap);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', representation.etag);
  if (stored.status < 300 && notModified(req, stored)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = stored.status;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', representation.body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(representation.body);
}
