/**
 * Responses computed once and served many times (pages, robots.txt, the sitemap), compressed ahead
 * of time with a strong `ETag` each, so a request costs a buffer copy or a `304`, never React or
 * zlib (docs/decisions/006-pages-rendered-once-per-release.md).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import Negotiator from 'negotiator';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** In the server's order of preference. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** One encoded body and its strong entity tag, quoted (`"3q2-7w…-br"`). */
interface Representation {
  body: Buffer;
  etag: string;
}

export interface StoredResponse {
  status: number;
  /** Lowercase names; `Vary`, `ETag`, `Content-Encoding` and `Content-Length` are added when sent. */
  headers: Map<string, string>;
  /** Replaced once, by {@link strengthen}. */
  representations: Readonly<Record<Encoding, Representation>>;
}

/** Quality of the brotli body made at start, before the full-strength one replaces it. */
const QUICK_BROTLI_QUALITY = 5;

/** `quality` 0–11, with a window no larger than the body needs; runs in libuv's thread pool. */
function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  const window = Math.ceil(Math.log2(body.length + 1));
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_LGWIN]: Math.min(
        zlib.BROTLI_MAX_WINDOW_BITS,
        Math.max(zlib.BROTLI_MIN_WINDOW_BITS, window),
      ),
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The identity body's SHA-256, base64url, 27 characters. */
const tagOf = (identity: Buffer) =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 27);

/**
 * Compresses `body` into every encoding (brotli quickly, so a server starts in well under a second,
 * until {@link strengthen}); each encoding and quality has its own strong tag.
 * @param headers lowercase names, sent with every representation
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
    headers: new Map(Object.entries(headers)),
    representations: {
      br: { body: br, etag: `"${tag}-br${QUICK_BROTLI_QUALITY}"` },
      gzip: { body: gz, etag: `"${tag}-gz"` },
      identity: { body: identity, etag: `"${tag}"` },
    },
  };
}

/**
 * Replaces each brotli body with one at quality 11 (~100 ms a page on one core), one at a time so
 * it never takes more than one thread from requests. Run it after readiness.
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
 * Sends `stored` in the client's preferred encoding
 * (https://www.rfc-editor.org/rfc/rfc9110#name-content-negotiation), or `304` when `If-None-Match`
 * matches any representation (https://www.rfc-editor.org/rfc/rfc9110#section-13.1.2); `HEAD` gets
 * the headers only. Headers set before stay unless `stored` names them.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredResponse,
): void {
  const encoding = (new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ??
    'identity') as Encoding;
  const representation = stored.representations[encoding];
  res.setHeaders(stored.headers);
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
  res.end(req.method === 'HEAD' ? undefined : representation.body);
}
