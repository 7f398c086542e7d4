/**
 * The Express app, unlistened so tests drive it with supertest, built from named middleware in
 * one order (docs/decisions/092-one-path-per-request.md): the guards every request passes
 * (`./http/`), then the public site's part (`./site-surface.ts`) or the staff area's
 * (`./staff-surface.ts`), then the route tree (`./react-router.ts`). Stored pages are answered
 * before Express (docs/decisions/041-stored-pages-as-one-lookup.md).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import * as serverBuild from 'virtual:react-router/server-build';
import { isStaffPath } from '../lib/staff-paths.ts';
import type { ContentSource } from './content/source.ts';
import type { PreviewStore } from './content/previews.ts';
import type { MediaStore } from './content/media.ts';
import { mediaRoutes } from './content/media-upload.ts';
import { enquiryHttp } from './enquiries/http.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { Env } from './env.ts';
import { dynamicCompression } from './http/compression.ts';
import { errorHandler } from './http/errors.ts';
import { postGuard } from './http/post-guard.ts';
import { refuse, requestGuards } from './http/request-guards.ts';
import { documentPolicy, securityHeaders, type SeenHeaders } from './http/security-headers.ts';
import { staticFiles } from './http/static-files.ts';
import {
  createObservability,
  requestLogs,
  requestMetrics,
  type Observability,
} from './observability.ts';
import { expressRenderer, siteServers, type BuildSource } from './react-router.ts';
import { toOriginForm } from './request-target.ts';
import { OUTCOMES } from '../lib/enquiry-outcomes.ts';
import { siteSurface } from './site-surface.ts';
import { staffSurface } from './staff-surface.ts';
import type { StaffRuntime } from './staff/runtime.ts';
import type { Counter } from './statistics/counter.ts';

export { ALLOWED_METHODS } from './http/request-guards.ts';

export interface AppDeps {
  env: Env;
  runtime: EnquiryRuntime;
  logger: Logger;
  /** The route tree's server build. Default: the one bundled with this module (production). */
  build?: BuildSource | undefined;
  /** Production: the build folder (`<build>/client`, the critical CSS), and the pages stored. */
  buildDir?: string | undefined;
  devMiddleware?: RequestHandler | undefined;
  /** Metrics and readiness state; one is made when omitted (tests). */
  observability?: Observability | undefined;
  /** The clock, ms since the epoch (tests move it across 1 January). Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * The published content the pages show: stored pages follow its newest release
   * (docs/decisions/048-content-in-the-database.md).
   */
  content: ContentSource;
  /** Opens `?preview=<token>` (docs/decisions/054-previews-and-share-links.md); none: no previews. */
  previews?: Pick<PreviewStore, 'open'> | undefined;
  /** ms between looks for a new content release; default 1,000. */
  contentPollMs?: number | undefined;
  /** Uploaded images: served at `/media/`, uploaded from the staff area (`./content/media-upload.ts`). */
  media?: MediaStore | undefined;
  /** The staff area's server side; absent when `STAFF_AREA` is off. */
  staff?: StaffRuntime | undefined;
  /**
   * `site` (default): the public port, with the staff area unless it has a port of its own;
   * `staff`: the staff area's own port (`STAFF_PORT`), serving only `/staff` and what its pages load.
   */
  surface?: 'site' | 'staff' | undefined;
  /** Counts page views on the public port (`./statistics/counter.ts`); none: nothing counted. */
  statistics?: Counter | undefined;
}

/** The request listener, its `listen`, and `ready`: rejects when a page cannot be stored. */
export type SiteApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  ready: Promise<void>;
  listen(port: number, host: string, callback?: () => void): Server;
};

/** The public port's app, or the staff area's; a page that cannot be stored rejects `ready`. */
export function createApp(deps: AppDeps): SiteApp {
  const { env, runtime, logger } = deps;
  const dev = env.NODE_ENV === 'development';
  const now = deps.now ?? Date.now;
  const obs = deps.observability ?? createObservability(runtime);
  const build = deps.build ?? (serverBuild as ServerBuild);
  const mode = dev ? 'development' : 'production';
  const ownPort = deps.surface === 'staff';
  const staff =
    env.STAFF_AREA === 'on' && (ownPort || env.STAFF_PORT === undefined) ? deps.staff : undefined;
  const counter = ownPort ? undefined : deps.statistics;
  const enquiries = enquiryHttp(runtime, (metric) => obs.enquiry(metric), counter);
  const servers = siteServers(env, enquiries.service, deps.media, logger);
  const clientDir = deps.buildDir && join(deps.buildDir, 'client');
  const seen: SeenHeaders = {};

  const site = ownPort
    ? undefined
    : siteSurface({
        env,
        runtime,
        logger,
        obs,
        content: deps.content,
        media: deps.media,
        previews: deps.previews,
        statistics: counter,
        build,
        render: createRequestHandler(build, mode),
        servers,
        seen,
        clientDir,
        buildDir: deps.buildDir,
        dev,
        staffServed: staff !== undefined,
        now,
        contentPollMs: deps.contentPollMs,
      });
  const staffSide = staffSurface({
    staff,
    ownPort,
    media: deps.media,
    servers,
    now,
    notFound: site?.notFound ?? ((_req, res) => refuse(res, 404, 'Not Found')),
  });

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', env.TRUST_PROXY === '1' ? 1 : false);
  // None on the staff port: the metrics port serves the public app's registry, one set of these.
  const metrics = ownPort ? undefined : requestMetrics(obs);
  const chain: RequestHandler[] = [
    ...(metrics ? [metrics.middleware] : []),
    ...(dev ? [] : [requestLogs(logger)]),
    ...securityHeaders(seen),
    requestGuards,
    ...(site?.early ?? staffSide.early),
    dynamicCompression(),
  ];
  if (deps.devMiddleware) {
    // Vite's dev client and module graph are not covered by the pages' policy.
    chain.push((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    }, deps.devMiddleware);
  }
  if (site) chain.push(site.cards);
  if (clientDir) chain.push(...staticFiles(clientDir));
  if (deps.media) chain.push(mediaRoutes({ media: deps.media, staff, logger }));
  chain.push(
    staffSide.gate,
    postGuard({
      siteUrl: env.SITE_URL,
      staffOrigin: env.STAFF_URL,
      logger,
      onRefusal: (kind) => obs.enquiry(OUTCOMES[kind].metric),
    }),
    enquiries.router,
    ...(site?.pagePaths ?? []),
    documentPolicy(dev),
  );
  app.use(chain);
  app.all(
    '/{*splat}',
    expressRenderer(build, mode, (req, res) =>
      site && !isStaffPath(req.path) ? site.context(req, res) : staffSide.context(req, res),
    ),
  );
  app.use(errorHandler(logger));

  const answer = site ? site.listener(app, metrics?.record ?? (() => {})) : app;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    toOriginForm(req);
    answer(req, res);
  };
  return Object.assign(listener, {
    ready: site?.ready ?? Promise.resolve(),
    listen: (port: number, host: string, callback?: () => void) =>
      createServer(listener).listen(port, host, callback),
  });
}
