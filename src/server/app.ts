/**
 * The Express app, built without listening so tests drive it with supertest; its last handler is
 * the route tree (`src/server/react-router.ts`). A GET of a stored page is answered before Express
 * (docs/decisions/006-pages-rendered-once-per-release.md); the order of the rest, security headers
 * and request guards first, is `createApp`'s.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { DocumentAssets, SiteServer } from '../app/load-context.ts';
import { enquiryHttp } from './enquiries/http.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { Env } from './env.ts';
import {
  createObservability,
  LIVENESS_PATH,
  READINESS_PATH,
  healthRoutes,
  requestLogs,
  requestMetrics,
  type Observability,
} from './observability.ts';
import { documentCsp, FALLBACK_CSP, newNonce } from './csp.ts';
import { hashIp } from './enquiries/secret.ts';
import { createPageStore, type PageStore } from './page-store.ts';
import { directRenderer, expressRenderer, loadContext, type BuildSource } from './react-router.ts';
import { SEO_PATHS, seoFiles } from './seo.ts';
import { webVitalsRoutes } from './vitals-endpoint.ts';
import { PAGES } from '../pages.ts';
import { isStaffPath, STAFF_BASE } from '../lib/staff-paths.ts';
import type { StaffRuntime } from './staff/runtime.ts';
import type { ServerBuild } from 'react-router';
import * as serverBuild from 'virtual:react-router/server-build';

/** Each page's critical CSS by route id, written by `npm run build` (`scripts/lib/critical-css.ts`). */
export const CRITICAL_CSS_FILE = 'server/critical-css.json';

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
  /** The staff inbox's server side; absent when `STAFF_INBOX` is off. */
  staff?: StaffRuntime | undefined;
  /**
   * `site` (default): the public port, with the inbox unless it has a port of its own;
   * `staff`: the inbox's own port (`STAFF_PORT`), serving only `/staff` and what its pages load.
   */
  surface?: 'site' | 'staff' | undefined;
}

export { FALLBACK_CSP };

/** Browser features no page of the site uses; denied for the page and any frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/** Strict-Transport-Security on HTTPS responses only. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const ONE_YEAR_S = 31_536_000;

/** Anything else is 405 (TRACE included). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** `Host` per https://www.rfc-editor.org/rfc/rfc9110#section-7.2: name or IP, optional port. */
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::(\d{1,5}))?$/;

/** True for a well-formed `Host` header value (absent counts as well-formed: HTTP/1.0). */
export function validHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = HOST_PATTERN.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
}

/**
 * At most one `Host` line, well-formed: a server must answer 400 to more than one
 * (https://www.rfc-editor.org/rfc/rfc9112#section-3.2), and Node would keep the first.
 */
function wellFormedHost(req: IncomingMessage): boolean {
  const lines = req.headersDistinct['host'];
  return (lines === undefined || lines.length === 1) && validHost(req.headers.host);
}

function refuse(res: express.Response, status: number, text: string): void {
  res.status(status).type('text/plain').set('Cache-Control', 'no-store').send(text);
}

/**
 * Refuses malformed requests before any route (405, 400; `OPTIONS`: 204): nothing reads `Host`,
 * but a broken request must get a 4xx, never a 5xx.
 */
export const requestGuards: RequestHandler = (req, res, next) => {
  const allow = ALLOWED_METHODS.join(', ');
  if (req.method === 'OPTIONS') {
    res.status(204).set('Allow', allow).set('Cache-Control', 'no-store').end();
    return;
  }
  if (!(ALLOWED_METHODS as readonly string[]).includes(req.method)) {
    res.set('Allow', allow);
    refuse(res, 405, 'Method Not Allowed');
    return;
  }
  if (!wellFormedHost(req)) {
    refuse(res, 400, 'Bad Request: malformed Host header.');
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    refuse(res, 400, 'Bad Request: malformed path.');
    return;
  }
  next();
};

/**
 * Headers only a document acts on, dropped from scripts, stylesheets and fonts (~430 bytes saved).
 * `Referrer-Policy` stays (a stylesheet's applies to its fonts); SVG, a document too, keeps all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-XSS-Protection',
  'X-Permitted-Cross-Domain-Policies',
] as const;
const SUBRESOURCE = /\.(?:js|css|woff2)$/;

const subresourceHeaders: RequestHandler = (req, res, next) => {
  if (SUBRESOURCE.test(req.path)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  next();
};

/** The client build from its `.br`/`.gz` siblings: hashed `/assets/*` a year, the rest an hour. */
function staticFiles(clientDir: string): RequestHandler[] {
  return [
    express.Router().use(
      '/assets',
      subresourceHeaders,
      expressStaticGzip(`${clientDir}/assets`, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: {
          immutable: true,
          // The name changes with the content; the ETag serves a revalidating cache.
          lastModified: false,
          maxAge: ONE_YEAR_S * 1000,
          fallthrough: false,
          redirect: false,
        },
      }),
    ),
    expressStaticGzip(clientDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      // No trailing-slash redirect for folders: it would echo the request's path into Location.
      serveStatic: { maxAge: 3_600_000, redirect: false },
    }),
  ];
}

/** Security headers of every response; pages replace the CSP with their own. */
export function securityHeaders(): RequestHandler[] {
  const baseHeaders: RequestHandler = (req, res, next) => {
    res.setHeader('Content-Security-Policy', FALLBACK_CSP);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      // Other sites' link previews load the social images.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
    baseHeaders,
  ];
}

/** Per-request compression of what is not stored precompressed (API answers, posted pages). */
export function dynamicCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    // A 256 KB window (2^18) instead of 4 MB: less memory per response; quality 4 as by default.
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });
}

/** The error handler: plain-text 4xx with the reason, 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, next) => {
    const status = Number((err as { status?: unknown }).status ?? 500);
    if (status >= 500) logger.error({ err }, 'request failed');
    if (res.headersSent) {
      next(err);
      return;
    }
    const text =
      status === 413
        ? 'Content Too Large: the form may be at most 64 KB.'
        : status === 415
          ? 'Unsupported Media Type: send the form as form data.'
          : status < 500 && (err as { expose?: boolean }).expose
            ? String((err as Error).message)
            : status < 500
              ? 'Bad Request'
              : 'Internal Server Error';
    refuse(res, status, text);
  };
}

/** The request listener: stored pages first (the page store's fast path), then Express. */
export interface SiteApp {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Settles when every stored page is rendered; rejects when one cannot be. */
  ready: Promise<void>;
  express: express.Express;
  /** As `express().listen`, for the whole listener. */
  listen(port: number, host: string, callback?: () => void): Server;
}

/** The security middleware's headers, recorded once for the fast path. */
function precomputedSecurityHeaders(secure: boolean): Map<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const req = { secure, headers: {} };
  for (const middleware of securityHeaders()) {
    middleware(req as never, res as never, () => undefined);
  }
  return headers;
}

/**
 * Answers a GET or HEAD of a stored page before Express, with the recorded security headers
 * (HSTS on TLS or a trusted proxy's `https`); counted in the metrics, not access-logged.
 */
function storedPagesFirst(
  app: express.Express,
  store: PageStore | undefined,
  record: (method: string, path: string, status: number, startedAt: number) => void,
  trustProxy: boolean,
): (req: IncomingMessage, res: ServerResponse) => void {
  const plainHeaders = precomputedSecurityHeaders(false);
  const secureHeaders = precomputedSecurityHeaders(true);
  const isSecure = (req: IncomingMessage): boolean => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    const proto = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
    return typeof proto === 'string' && proto.split(',')[0]?.trim() === 'https';
  };
  return (req, res) => {
    const startedAt = performance.now();
    if (
      store &&
      wellFormedHost(req) &&
      store.serve(req, res, isSecure(req) ? secureHeaders : plainHeaders)
    ) {
      record(req.method ?? 'GET', req.url?.split('?')[0] ?? '/', res.statusCode, startedAt);
      return;
    }
    app(req, res);
  };
}

const EXPRESS_PATHS: ReadonlySet<string> = new Set([LIVENESS_PATH, READINESS_PATH, ...SEO_PATHS]);

/**
 * Paths answered by something other than the stored 404 page: the build's files (listed once),
 * the API, and the framework's own requests (route data `*.data`, `/__manifest`).
 * @param clientDir `<build>/client`
 */
function expressAnswers(clientDir: string): (path: string) => boolean {
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          '/' + relative(clientDir, join(entry.parentPath, entry.name)).split(sep).join('/'),
      ),
  );
  return (path) =>
    files.has(path) || path.startsWith('/api/') || EXPRESS_PATHS.has(path) || frameworkPath(path);
}

/**
 * The framework's own requests: route data (`/about.data`) and route discovery (`/__manifest`,
 * https://reactrouter.com/explanation/lazy-route-discovery), answered by the route tree.
 */
const frameworkPath = (path: string): boolean => path.endsWith('.data') || path === '/__manifest';

/** The build's critical CSS by route id, and the core font files it names (preloaded). */
function storedDocumentAssets(buildDir: string): DocumentAssets {
  const file = join(buildDir, CRITICAL_CSS_FILE);
  const inlineCss = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  // The core file of both faces, or the text shifts when one arrives
  // (docs/decisions/014-rendering-work-and-fonts-on-phones.md); the rest waits until text needs it.
  const fontPreloads = [
    ...new Set(
      Object.values(inlineCss).flatMap((css) =>
        [...css.matchAll(/url\(["']?(\/assets\/[^)"']*-core-[^)"']*\.woff2)["']?\)/g)].map(
          (match) => match[1] ?? '',
        ),
      ),
    ),
  ];
  return { inlineCss, fontPreloads };
}

/**
 * The route tree bundled with this module (`vite.config.ts`: one server graph), with the origins
 * its actions accept known only at run time (SITE_URL, STAFF_URL): React Router refuses a form
 * post whose `Origin` is neither the request's own nor one of these.
 */
function bundledBuild(origins: readonly string[]): ServerBuild {
  const build = serverBuild as ServerBuild;
  return { ...build, allowedActionOrigins: origins.map((origin) => new URL(origin).host) };
}

export function createApp(deps: AppDeps): SiteApp {
  const { env, runtime, logger } = deps;
  const dev = env.NODE_ENV === 'development';
  const origin = env.SITE_URL;
  const now = deps.now ?? Date.now;
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', env.TRUST_PROXY === '1' ? 1 : false);
  const obs = deps.observability ?? createObservability(runtime);
  const build = deps.build ?? bundledBuild([origin, env.STAFF_URL]);
  const mode = dev ? 'development' : 'production';
  // The inbox's own port, or the public one (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md).
  const staffPort = deps.surface === 'staff';
  const staff =
    env.STAFF_INBOX === 'on' && (staffPort || env.STAFF_PORT === undefined)
      ? deps.staff
      : undefined;

  const enquiries = enquiryHttp(runtime, env.STAFF_URL, (outcome) => obs.enquiry(outcome));
  const site = (year: number, clientIp = ''): SiteServer => ({
    settings: { siteOrigin: origin, year, webVitalsSampleRate: env.WEB_VITALS_SAMPLE_RATE },
    enquiries: enquiries.service,
    clientIp,
    reportError(error, request) {
      logger.error({ err: error, path: new URL(request.url).pathname }, 'render error');
    },
  });
  const yearNow = () => new Date(now()).getFullYear();
  const documentAssets: DocumentAssets = deps.buildDir
    ? storedDocumentAssets(deps.buildDir)
    : { inlineCss: {}, fontPreloads: [] };

  const seo = staffPort ? undefined : seoFiles(origin, now, staff ? [STAFF_BASE] : []);
  const clientDir = deps.buildDir && join(deps.buildDir, 'client');
  const render = directRenderer(build, mode);
  const store =
    clientDir && !dev && !staffPort
      ? createPageStore({
          render: (request, year) => render(request, loadContext(site(year), documentAssets)),
          origin,
          paths: PAGES.map((p) => p.path),
          now,
          logger,
          handledElsewhere: (
            (answers) => (path: string) =>
              answers(path) || (staff !== undefined && isStaffPath(path))
          )(expressAnswers(clientDir)),
        })
      : undefined;
  const ready = Promise.all([seo?.ready, store?.ready]).then(() => undefined);
  let warm = false;
  void ready.then(
    () => (warm = true),
    () => undefined,
  );

  // The inbox's own port adds no request metrics: its requests are few, and the public app's
  // registry, which the metrics port serves, holds one set of these.
  const metrics = staffPort ? undefined : requestMetrics(obs);
  if (metrics) app.use(metrics.middleware);
  if (!dev) app.use(requestLogs(logger));
  app.use(securityHeaders());
  app.use(requestGuards);
  if (seo) {
    // Early: Web Vitals beacons skip the page store, compression and the contact form's POST checks.
    app.use(
      webVitalsRoutes({
        obs,
        origin,
        secret: runtime.secret,
        limit: env.WEB_VITALS_RATE_LIMIT_MAX,
      }),
    );
    app.use(healthRoutes(runtime, obs, () => warm));
    app.use(seo.handler);
  } else {
    app.get('/robots.txt', (_req, res) => {
      res.type('text/plain').set('Cache-Control', 'no-store').send('User-agent: *\nDisallow: /\n');
    });
    app.get('/', (_req, res) => res.set('Cache-Control', 'no-store').redirect(302, STAFF_BASE));
  }
  if (store) app.use(store.pages);
  app.use(dynamicCompression());
  if (deps.devMiddleware) {
    // Vite's dev client and module graph are not covered by the pages' policy.
    app.use((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    });
    app.use(deps.devMiddleware);
  }
  if (clientDir) app.use(staticFiles(clientDir));
  // The inbox's port serves only the inbox; elsewhere, unless it is served here, `/staff` is the
  // 404 page like any path that is not a page.
  app.use((req, res, next) => {
    const inbox = isStaffPath(req.path);
    if (staffPort ? inbox || req.path === '/__manifest' : !inbox || staff) next();
    else if (store && (req.method === 'GET' || req.method === 'HEAD'))
      void store.notFound(req, res, next);
    else refuse(res, 404, 'Not Found');
  });
  app.use(enquiries.router);
  if (store) {
    app.use((req, res, next) =>
      frameworkPath(req.path) || isStaffPath(req.path) ? next() : store.notFound(req, res, next),
    );
  }
  // Rendered per request: a fresh nonce allows this response's scripts. Development runs Vite's
  // and React Router's own inline scripts instead, which carry no nonce. The framework's data and
  // route-discovery answers are no documents: they keep the policy that allows nothing.
  app.use((req, res, next) => {
    const nonce = dev || frameworkPath(req.path) ? undefined : newNonce();
    res.locals['nonce'] = nonce;
    const staffPath = isStaffPath(req.path);
    if (nonce || dev) {
      const scripts = nonce ? [`'nonce-${nonce}'`] : ["'unsafe-inline'"];
      res.setHeader(
        'Content-Security-Policy',
        documentCsp({ staff: staffPath, scripts, styles: [], dev }),
      );
    }
    if (staffPath) {
      // The inbox's routes send their own (`src/staff/session.server.ts`).
      for (const name of ['Cross-Origin-Resource-Policy', 'Referrer-Policy'])
        res.removeHeader(name);
    } else if (req.method === 'POST') {
      // A post's answer holds what the visitor typed; GETs carry their routes' own headers.
      res.setHeader('Cache-Control', 'no-store');
    }
    next();
  });
  app.all(
    '/{*splat}',
    expressRenderer(build, mode, (req, res) => {
      const ip = req.ip ?? req.socket.remoteAddress ?? '';
      return loadContext(
        site(yearNow(), ip),
        { ...documentAssets, nonce: res.locals['nonce'] as string | undefined },
        staff && isStaffPath(req.path)
          ? { ...staff, clientKey: hashIp(staff.secret, ip) }
          : undefined,
      );
    }),
  );
  app.use(errorHandler(logger));

  const fast = storedPagesFirst(app, store, metrics?.record ?? (() => {}), env.TRUST_PROXY === '1');
  return Object.assign(fast, {
    ready,
    express: app,
    listen: (port: number, host: string, callback?: () => void) =>
      createServer(fast).listen(port, host, callback),
  });
}

/**
 * A page of the bundled route tree as `npm run build` reads it for its critical CSS
 * (`scripts/lib/critical-css.ts`): the whole stylesheet linked, nothing inline.
 * @param path e.g. `/about`
 */
export function renderForBuild(origin: string, path: string): Promise<Response> {
  const site: SiteServer = {
    settings: { siteOrigin: origin, year: new Date().getFullYear(), webVitalsSampleRate: 0 },
    enquiries: { submit: () => Promise.reject(new Error('No enquiries while building')) },
    clientIp: '',
    reportError: (error) => {
      throw error;
    },
  };
  const render = directRenderer(bundledBuild([origin]), 'production');
  return render(
    new Request(`${origin}${path}`),
    loadContext(site, { inlineCss: {}, fontPreloads: [] }),
  );
}
