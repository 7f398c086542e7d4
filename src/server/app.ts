/**
 * The Express app, built without listening so tests drive it with supertest and `server.ts` only
 * parses config, builds and listens. In order:
 *
 * 1. request metrics and JSON request logs (no personal data; health checks not logged);
 * 2. security headers on every response (helmet): nosniff, `Referrer-Policy:
 *    strict-origin-when-cross-origin`, `X-Frame-Options: DENY`, COOP, a Permissions-Policy
 *    denying unused features, HSTS on HTTPS requests (behind a TLS proxy with TRUST_PROXY=1),
 *    and a deny-all CSP that pages replace with their own;
 * 3. request guards: 405 for methods other than GET/HEAD/POST, 400 for a malformed or repeated
 *    `Host` or a malformed path;
 * 4. `POST /api/vitals` (the pages' field Web Vitals, `web-vitals.ts`), `/healthz` (liveness) and
 *    `/readyz` (readiness: pages rendered, store answers, not draining);
 * 5. robots.txt, sitemap.xml and, in production, the stored pages: rendered once, compressed
 *    once, served with ETag and CDN-friendly caching (`pages.ts`,
 *    docs/decisions/006-pages-rendered-once-per-release.md); case and trailing-slash variants of
 *    a page path redirect to it;
 * 6. compression for what remains dynamic, then static files: `/assets/*` (hashed) `immutable`
 *    for a year, other public files for an hour, from the build's `.br`/`.gz` siblings;
 * 7. `POST /api/enquiries` (JSON, for the form with JavaScript) and the checked body of page
 *    POSTs (413 over 64 KB, 415 for other than form data);
 * 8. the stored 404 page for every other GET; form POSTs (and, in development, every page)
 *    render per request with their own CSP hashes and `no-store`;
 * 9. the error handler: plain-text 4xx with the reason, 500 without details.
 */
import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { SiteServices } from '../app/services.ts';
import type { ClientAssets } from '../entry-server.tsx';
import { enquiryRoutes } from './enquiries/http.ts';
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
import { FALLBACK_CSP } from './csp.ts';
import { createPageStore, type PageStore } from './pages.ts';
import { renderRoute, type ServerEntry } from './render.ts';
import { isStaffPath, staffRoutes, type StaffMount } from './staff/http.ts';
import { SEO_PATHS, seoFiles } from './seo.ts';
import { webVitalsRoutes } from './web-vitals.ts';
import { PAGES } from '../pages.ts';
import { STAFF_BASE } from '../staff/paths.ts';

export interface AppDeps {
  env: Env;
  runtime: EnquiryRuntime;
  logger: Logger;
  /**
   * Production: the built server entry, the client assets and `<build>/client` (served as static
   * files); pages are rendered once into the page store.
   */
  production?: { entry: ServerEntry; assets: ClientAssets; clientDir: string } | undefined;
  /** Development: the server entry through Vite, reloaded on change (rendered per request). */
  entry: () => Promise<ServerEntry>;
  assets: () => Promise<ClientAssets>;
  /** Development: Vite's middlewares (HMR, source transforms). */
  devMiddleware?: RequestHandler | undefined;
  /** Metrics and readiness state; one is made when omitted (tests). */
  observability?: Observability | undefined;
  /** The clock, ms since the epoch (tests move it across 1 January). Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * The staff inbox, served under `/staff` by this app when `STAFF_INBOX` is on and it has no
   * port of its own (`STAFF_PORT`); otherwise `/staff` is the 404 page here.
   */
  staff?: StaffMount | undefined;
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

/** Strict-Transport-Security on HTTPS responses: one year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** One year, seconds: the lifetime of fingerprinted assets. */
const ONE_YEAR_S = 31_536_000;

/** The methods the site answers; anything else is 405 (TRACE included). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** `Host` as RFC 9110 §7.2 allows it: a name or IP literal and an optional port 1–65535. */
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
 * True when the request has at most one `Host` field line and it is well-formed
 * ({@link validHost}). RFC 9112 §3.2 (https://www.rfc-editor.org/rfc/rfc9112#section-3.2): a
 * server must answer 400 to a request with more than one; Node keeps the first and drops the rest.
 * (An HTTP/1.1 request without `Host` never gets here: Node answers it 400 itself.)
 */
function wellFormedHost(req: IncomingMessage): boolean {
  const lines = req.headersDistinct['host'];
  return (lines === undefined || lines.length === 1) && validHost(req.headers.host);
}

/** A plain-text refusal that no cache keeps. */
function refuse(res: express.Response, status: number, text: string): void {
  res.status(status).type('text/plain').set('Cache-Control', 'no-store').send(text);
}

/**
 * Refuses malformed requests before any route sees them: a method the site does not serve
 * (405 with `Allow`; `OPTIONS` answers 204 with `Allow`), a malformed `Host` (400), a path that
 * cannot be decoded (400). Nothing downstream reads `Host`, but a request with a broken one is
 * broken and must get a 4xx, never a 5xx.
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
 * Headers that only a document acts on (https://html.spec.whatwg.org/multipage/browsers.html,
 * https://w3c.github.io/webappsec-permissions-policy/, the CSP and `X-Frame-Options` of a
 * navigation): a script, stylesheet or font never reads them. Dropped from those files, they
 * save about 430 bytes of every asset response, 4–5 KB of a page's first load. `nosniff`,
 * `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a stylesheet's applies to the fonts it loads)
 * and HSTS stay; SVG files keep everything, since one opened on its own is a document.
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

/** Removes {@link DOCUMENT_ONLY_HEADERS} from script, stylesheet and font responses. */
const subresourceHeaders: RequestHandler = (req, res, next) => {
  if (SUBRESOURCE.test(req.path)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  next();
};

/** Static files of the client build: hashed `/assets/*` for a year, the rest for an hour. */
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
          // The name changes with the content; the ETag is enough for a revalidating cache.
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
      // Same-origin only would block nothing we serve cross-origin, but social images are
      // fetched by other sites' crawlers and previews.
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
    // Brotli's default window makes per-request compression of HTML ~3× slower.
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

/**
 * The site's request listener: stored pages answered before Express (the page store's fast
 * path), everything else by the Express app.
 */
export interface SiteApp {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Settles when every stored page is rendered; rejects when one cannot be. */
  ready: Promise<void>;
  /** The Express app behind the fast path. */
  express: express.Express;
  /** Creates an HTTP server for the listener and listens (as `express().listen`). */
  listen(port: number, host: string, callback?: () => void): Server;
}

/**
 * The headers Express's security middleware would set on a page, computed once for the fast
 * path by running the same middleware against a recording response.
 */
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
 * The node request listener: a GET or HEAD of a stored page (`store.serve`) is answered before
 * the Express stack, with security headers computed once at start (helmet run on a recording
 * response; HSTS only on HTTPS: the socket is TLS, or `trustProxy` and the first
 * `X-Forwarded-Proto` is `https`); the request is counted in the metrics but not access-logged
 * (docs/decisions/006-pages-rendered-once-per-release.md). Everything else goes to `app`.
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

/**
 * What the routes get from the server (docs/decisions/003-server-services-through-router-context.md)
 * for a render in `year`: the session data of the root loader and, for a page POST (`req`), the
 * contact form's action. A stored page has no request; its action throws if ever called.
 */
function pageServices(
  origin: string,
  webVitalsSampleRate: number,
  enquiries: ReturnType<typeof enquiryRoutes>,
): (year: number, req?: express.Request) => SiteServices {
  return (year, req) => ({
    session: () => ({ siteOrigin: origin, year, webVitalsSampleRate }),
    submitEnquiry: async () => {
      if (!req) throw new Error('Stored pages have no action');
      return enquiries.submitPage(req);
    },
  });
}

/** Paths Express answers itself, besides static files and `/api/…`. */
const EXPRESS_PATHS: ReadonlySet<string> = new Set([LIVENESS_PATH, READINESS_PATH, ...SEO_PATHS]);

/**
 * Which paths the Express stack answers with something other than the 404 page: every file of
 * the client build (listed once: a release never changes them), the enquiry API and the fixed
 * routes above. The page store's fast path answers every other plain path with the stored 404.
 *
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
  return (path) => files.has(path) || path.startsWith('/api/') || EXPRESS_PATHS.has(path);
}

/** True when the staff inbox is served by the public app (see {@link AppDeps.staff}). */
export function staffOnPublicPort(env: Env, staff: StaffMount | undefined): staff is StaffMount {
  return staff !== undefined && env.STAFF_INBOX === 'on' && env.STAFF_PORT === undefined;
}

/** Builds the app; see the module comment for the order of its parts. */
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

  const enquiries = enquiryRoutes(runtime, (outcome) => obs.enquiry(outcome));
  const services = pageServices(origin, env.WEB_VITALS_SAMPLE_RATE, enquiries);
  const staff = staffOnPublicPort(env, deps.staff) ? deps.staff : undefined;
  const seo = seoFiles(origin, now, staff ? [STAFF_BASE] : []);
  const store =
    deps.production && !dev
      ? createPageStore({
          entry: deps.production.entry,
          assets: deps.production.assets,
          origin,
          paths: PAGES.map((p) => p.path),
          services: (year) => services(year),
          now,
          logger,
          handledElsewhere: (
            (answers) => (path: string) =>
              answers(path) || (staff !== undefined && isStaffPath(path))
          )(expressAnswers(deps.production.clientDir)),
        })
      : undefined;
  const ready = Promise.all([seo.ready, store?.ready]).then(() => undefined);
  let warm = false;
  void ready.then(
    () => (warm = true),
    () => undefined,
  );

  const metrics = requestMetrics(obs);
  app.use(metrics.middleware);
  if (!dev) app.use(requestLogs(logger));
  app.use(securityHeaders());
  app.use(requestGuards);
  // Field Web Vitals reports, one a page view: early, so they pass nothing they do not need
  // (page store, compression, static files), and before the enquiry router's check of POSTs.
  app.use(
    webVitalsRoutes({ obs, origin, secret: runtime.secret, limit: env.WEB_VITALS_RATE_LIMIT_MAX }),
  );
  app.use(healthRoutes(runtime, obs, () => warm));
  app.use(seo.handler);
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
  if (deps.production) app.use(staticFiles(deps.production.clientDir));
  // The staff inbox, before the enquiry routes read every POST's body as a contact form.
  if (staff) app.use(staffRoutes({ ...staff, logger, dev }));

  // The form's start cookie, its JSON endpoint and the checked body of page POSTs.
  app.use(enquiries.router);
  if (store) app.use(store.notFound);
  const production = deps.production;
  app.all(
    '/{*splat}',
    renderRoute({
      entry: production ? () => Promise.resolve(production.entry) : deps.entry,
      assets: production ? () => Promise.resolve(production.assets) : deps.assets,
      origin,
      services: (req) => services(new Date(now()).getFullYear(), req),
      logger,
      dev,
    }),
  );
  app.use(errorHandler(logger));

  const site = storedPagesFirst(app, store, metrics.record, env.TRUST_PROXY === '1');
  return Object.assign(site, {
    ready,
    express: app,
    listen: (port: number, host: string, callback?: () => void) =>
      createServer(site).listen(port, host, callback),
  });
}
