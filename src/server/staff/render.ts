/**
 * Renders the staff app per request, `no-store`, with a fresh CSP nonce. The Fetch `Request` is
 * built on the staff origin, never the request's `Host`, with the form body the CSRF check read.
 */
import type {
  NextFunction,
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express';
import type { Logger } from 'pino';
import type {
  StaffAssets,
  StaffRenderOptions,
  StaffRenderResult,
} from '../../staff/entry-server.tsx';
import type { StaffServices } from '../../staff/services.ts';
import { fetchRequestOf } from '../render.ts';
import { newNonce, staffCsp } from './csp.ts';

/** What `<build>/server/staff-entry-server.js` (or its development twin) exports. */
export interface StaffServerEntry {
  render(request: Request, options: StaffRenderOptions): Promise<StaffRenderResult>;
}

export interface StaffRenderDeps {
  /** Called per request (development reloads it on change). */
  entry: () => Promise<StaffServerEntry>;
  assets: () => Promise<StaffAssets>;
  /** STAFF_URL */
  origin: string;
  services: (req: ExpressRequest, res: ExpressResponse) => StaffServices;
  logger: Logger;
  dev: boolean;
}

/** Mount it after the session and CSRF checks. */
export function renderStaff(deps: StaffRenderDeps): RequestHandler {
  return async (req, res, next: NextFunction) => {
    try {
      const [entry, assets] = await Promise.all([deps.entry(), deps.assets()]);
      const nonce = newNonce();
      const result = await entry.render(fetchRequestOf(req, res, deps.origin), {
        assets,
        services: deps.services(req, res),
        nonce,
        onError: (error) => deps.logger.error({ err: error, path: req.path }, 'staff render error'),
      });
      res.setHeader('Cache-Control', 'no-store');
      if (result.kind === 'response') {
        const { response } = result;
        res.status(response.status);
        response.headers.forEach((value, key) => res.append(key, value));
        res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
        return;
      }
      res.status(result.status);
      result.headers.forEach((value, key) => res.setHeader(key, value));
      res.setHeader('Content-Security-Policy', staffCsp(nonce, deps.dev));
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
