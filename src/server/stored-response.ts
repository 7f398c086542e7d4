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
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Request, Response } from 'express';

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
  representations: Readonly<Record<Encoding, Representation>>;
}

/**
 * Compresses `body` once into every encoding (off the main thread: zlib's asynchronous API runs
 * in libuv's thread pool) and tags each representation. The tags share the identity body's
 * SHA-256, so a validator from any encoding of the same content matches.
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
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    status,
    headers,
    representations: {
      br: { body: br, etag: `"${tag}-br"` },
      gzip: { body: gz, etag: `"${tag}-gz"` },
      identity: { body: identity, etag: `"${tag}"` },
    },
  };
}

/** True when `If-None-Match` names any representation of `stored` (or is `*`). */
function notModified(req: Request, stored: StoredResponse): boolean {
  const header = req.get('if-none-match');
  if (!header) return false;
  const tags = new Set(Object.values(stored.representations).map((r) => r.etag));
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tags.has(tag));
}

/**
 * Sends `stored`: the client's preferred encoding (Accept-Encoding, brotli first on a tie),
 * `Vary: Accept-Encoding`, the strong `ETag`, `304 Not Modified` when `If-None-Match` matches
 * (the weak comparison of RFC 9110 §13.1.2), and no body for `HEAD`.
 */
export function sendStored(req: Request, res: Response, stored: StoredResponse): void {
  const encoding = (req.acceptsEncodings([...ENCODINGS]) || 'identity') as Encoding;
  const representation = stored.representations[encoding];
  res.setHeaders(new Map(Object.entries(stored.headers)));
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', representation.etag);
  if (stored.status < 300 && notModified(req, stored)) {
    res.status(304).end();
    return;
  }
  res.status(stored.status);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', representation.body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(representation.body);
}
