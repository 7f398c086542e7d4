/**
 * The render route (spec §9): turns an Express request into a Fetch `Request`, hands it to the
 * server entry (`src/entry-server.tsx`) with this request's services and CSP nonce, and streams
 * the document with the status the router decided.
 *
 * - The request's `signal` aborts when the client goes away before the answer is complete.
 * - POST bodies arrive already read and checked (`enquiryBody` in `enquiries.ts`).
 * - Crawlers (isbot) get the complete document in one piece (`onAllReady`).
 * - A 404 is logged with its path (no query string: it may hold personal data), spec §3 404.
 */
import type {
  NextFunction,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import type { ClientAssets, RenderOptions, RenderResult } from '../entry-server.tsx';
import type { SiteServices } from '../app/services.ts';

/** What `dist/server/entry-server.js` (or its development twin) exports. */
export interface ServerEntry {
  render(request: Request, options: RenderOptions): Promise<RenderResult>;
}

export interface RenderDeps {
  /** The server entry; called per request (development reloads it on change). */
  entry: () => Promise<ServerEntry>;
  /** The client files pages reference. */
  assets: () => Promise<ClientAssets>;
  /** This request's services (session data, enquiry submission). */
  services: (req: ExpressRequest) => SiteServices;
  logger: Logger;
}

/** The Fetch `Request` for an Express request; aborted if the client disconnects early. */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
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
  return new Request(url, init);
}

/** Copies a Fetch `Response` (the router's redirects) onto the Express response. */
async function sendResponse(response: Response, res: ExpressResponse): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  if (!response.body) {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** The render route; mount it last, after every static and API route. */
export function renderRoute(deps: RenderDeps): RequestHandler {
  return async (req, res, next: NextFunction) => {
    try {
      const [entry, assets] = await Promise.all([deps.entry(), deps.assets()]);
      const nonce = String(res.locals['cspNonce'] ?? '');
      const result = await entry.render(fetchRequestOf(req, res), {
        nonce,
        assets,
        services: deps.services(req),
        waitForAll: isbot(req.get('user-agent') ?? ''),
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
      // The HTML carries this response's nonce: no shared cache may keep it.
      res.setHeader('Cache-Control', 'private, no-cache');
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
