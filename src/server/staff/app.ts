/**
 * The staff inbox on its own port (`STAFF_PORT`), off the public edge: the public app's headers,
 * guards, logs and error handler, then only the inbox; robots.txt disallows everything
 * (docs/decisions/028-staff-app-apart-from-the-public-pages.md).
 */
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { dynamicCompression, errorHandler, requestGuards, securityHeaders } from '../app.ts';
import type { Env } from '../env.ts';
import { requestLogs } from '../observability.ts';
import { STAFF_BASE } from '../../staff/paths.ts';
import { staffRoutes, type StaffMount } from './http.ts';

export interface StaffAppDeps {
  env: Pick<Env, 'NODE_ENV' | 'TRUST_PROXY'>;
  logger: Logger;
  staff: StaffMount;
  devMiddleware?: RequestHandler | undefined;
}

export function createStaffApp(deps: StaffAppDeps): express.Express {
  const { env, logger } = deps;
  const dev = env.NODE_ENV === 'development';
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', env.TRUST_PROXY === '1' ? 1 : false);
  if (!dev) app.use(requestLogs(logger));
  app.use(securityHeaders());
  app.use(requestGuards);
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store').send('User-agent: *\nDisallow: /\n');
  });
  app.get('/', (_req, res) => {
    res.set('Cache-Control', 'no-store').redirect(302, STAFF_BASE);
  });
  app.use(dynamicCompression());
  if (deps.devMiddleware) {
    app.use((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    });
    app.use(deps.devMiddleware);
  }
  app.use(staffRoutes({ ...deps.staff, logger, dev }));
  app.use((_req, res) => {
    res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not Found');
  });
  app.use(errorHandler(logger));
  return app;
}
