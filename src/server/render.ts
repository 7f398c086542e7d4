/**
 * Renders the route table on the server: once into a buffer (the page store) or streamed per
 * request. The router's `Request` is built on `SITE_URL`, never the request's `Host`, so no
 * header can change what is rendered (docs/decisions/007-site-url-required-in-production.md).
 */
import { Writable } from 'node:stream';
import type {
  NextFunction,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express';
import type { Logger } from 'pino';
import type { ClientAssets, InlineCode, RenderOptions, RenderResult } from '../entry-server.tsx';
import type { SiteServices } from '../app/services.ts';
import { pageCsp } from './csp.ts';

/** What `<build>/server/entry-server.js` (or its development twin) exports. */
export interface ServerEntry {
  render(request: Request, options: RenderOptions): Promise<RenderResult>;
}

export interface RenderedPage {
  status: number;
  /** The router's headers plus `Content-Type` and the page's `Content-Security-Policy`. */
  headers: Record<string, string>;
  inline: InlineCode;
  html: Buffer;
}

/**
 * Appended as text, so `//host/…` or `/\host` stay paths of `origin`.
 * @throws TypeError when the result is not a URL
 */
export function requestOn(origin: string, pathAndQuery: string, init: RequestInit = {}): Request {
  return new Request(new URL(`${origin}${pathAndQuery}`), init);
}

function collect(pipe: (destination: Writable) => Writable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    sink.on('error', reject);
    pipe(sink);
  });
}

/**
 * @returns the page, every Suspense boundary resolved, or the router's own `Response` (a redirect)
 * @throws when the shell cannot render
 */
export async function renderPage(
  entry: ServerEntry,
  request: Request,
  options: RenderOptions,
  dev: boolean,
): Promise<RenderedPage | Response> {
  const result = await entry.render(request, options);
  if (result.kind === 'response') return result.response;
  const html = await collect((sink) => result.pipe(sink));
  const headers: Record<string, string> = {};
  result.headers.forEach((value, key) => (headers[key] = value));
  headers['content-security-policy'] = pageCsp(result.inline, dev);
  return { status: result.status, headers, inline: result.inline, html };
}

/** Copies a Fetch `Response` (the router's redirects) onto the Express response. */
async function sendResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  res.setHeader('Cache-Control', 'no-store');
  if (!response.body) {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

export interface RenderRouteDeps {
  /** The server entry; called per request (development reloads it on change). */
  entry: () => Promise<ServerEntry>;
  assets: () => Promise<ClientAssets>;
  /** `SITE_URL` */
  origin: string;
  services: (req: ExpressRequest) => SiteServices;
  logger: Logger;
  dev: boolean;
}

/**
 * The Fetch `Request` a react-router handler renders: on `origin`, never the request's `Host`;
 * aborted when the client goes away; the body is `req.body` as a Buffer, already read.
 * @throws TypeError when `origin` plus the path is not a URL (see {@link requestOn})
 */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? '';
    if (!name.startsWith(':')) headers.append(name, req.rawHeaders[i + 1] ?? '');
  }
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : null;
  }
  return requestOn(origin, req.originalUrl, init);
}

/**
 * Renders per request (the contact form's POST; every page in development), each response with its
 * own CSP; a POST's answer is `no-store`: it holds what the visitor typed. A 404 is logged by path,
 * never the query string (personal data). Mount it after every other route.
 */
export function renderRoute(deps: RenderRouteDeps): RequestHandler {
  return async (req, res, next: NextFunction) => {
    try {
      const [entry, assets] = await Promise.all([deps.entry(), deps.assets()]);
      const result = await entry.render(fetchRequestOf(req, res, deps.origin), {
        assets,
        services: deps.services(req),
        onError: (error) => deps.logger.error({ err: error, path: req.path }, 'render error'),
      });
      if (result.kind === 'response') {
        await sendResponse(result.response, res);
        return;
      }
      if (result.status === 404)
        deps.logger.warn({ path: req.path, status: 404 }, 'page not found');
      res.status(result.status);
      result.headers.forEach((value, key) => res.setHeader(key, value));
      res.setHeader('Content-Security-Policy', pageCsp(result.inline, deps.dev));
      res.setHeader(
        'Cache-Control',
        req.method === 'GET' || req.method === 'HEAD' ? 'no-cache' : 'no-store',
      );
      if (req.method === 'HEAD') {
        result.abort();
        res.end();
        return;
      }
      res.on('close', () => {
        if (!res.writableFinished) result.abort();
      });
      result.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
