/**
 * The staff area's side of the app (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md,
 * docs/decisions/092-one-path-per-request.md): on its own port (`STAFF_PORT`) only `/staff` and
 * what its pages load; on the public port `/staff` only when the staff area is on; and the load
 * context of a staff page, which reads no public content.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { RouterContextProvider } from 'react-router';
import { isStaffPath, STAFF_BASE } from '../lib/staff-paths.ts';
import type { MediaStore } from './content/media.ts';
import { hashIp } from './enquiries/secret.ts';
import { loadContext, type SiteServers } from './react-router.ts';
import type { StaffRuntime } from './staff/runtime.ts';

export interface StaffSurfaceDeps {
  /** The staff area's server side, when it is served on this port. */
  staff: StaffRuntime | undefined;
  /** This app is the staff area's own port. */
  ownPort: boolean;
  media: MediaStore | undefined;
  servers: SiteServers;
  now: () => number;
  /** What a path this port does not serve gets (the public port's stored 404). */
  notFound: RequestHandler;
}

export interface StaffSurface {
  /** On its own port, in place of the site's robots file and home page. */
  early: RequestHandler[];
  /** Before the post guard: a path this port does not serve is a 404. */
  gate: RequestHandler;
  context(req: Request, res: Response): RouterContextProvider;
}

export function staffSurface(deps: StaffSurfaceDeps): StaffSurface {
  const { staff, ownPort } = deps;
  const early: RequestHandler[] = [];
  if (ownPort) {
    const router = express.Router();
    router.get('/robots.txt', (_req, res) => {
      res.type('text/plain').set('Cache-Control', 'no-store').send('User-agent: *\nDisallow: /\n');
    });
    router.get('/', (_req, res) => res.set('Cache-Control', 'no-store').redirect(302, STAFF_BASE));
    early.push(router);
  }
  return {
    early,
    gate: (req, res, next) => {
      const staffPath = isStaffPath(req.path);
      if (ownPort ? staffPath || req.path === '/__manifest' : !staffPath || staff) next();
      else deps.notFound(req, res, next);
    },
    context(req, res) {
      const ip = req.ip ?? req.socket.remoteAddress ?? '';
      const nonce = res.locals['nonce'] as string | undefined;
      const year = new Date(deps.now()).getFullYear();
      return loadContext(
        deps.servers.site(year, undefined, { ip, crossSite: false }),
        { inlineCss: {}, fontPreloads: [], nonce },
        staff && { ...staff, clientKey: hashIp(staff.secret, ip), media: deps.media },
      );
    },
  };
}
