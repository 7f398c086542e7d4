/**
 * The Express app, built without listening so tests drive it with supertest; its last handler is
 * the route tree (`src/server/react-router.ts`). A GET of a stored page is answered by its early
 * middleware, an unknown path by the stored render of the route tree's catch-all
 * (docs/decisions/041-stored-pages-as-one-lookup.md); the order of the rest is `createApp`'s.
 */
import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Logger } from 'pino';
import type { DocumentAssets, SiteServer } from '../app/load-context.ts';
import { enquiryHttp } from './enquiries/http.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { Env } from './env.ts';
import {
  createObservability,
  healthRoutes,
  requestLogs,
  requestMetrics,
  type Observability,
} from './observability.ts';
import { documentCsp, FALLBACK_CSP, newNonce } from './csp.ts';
import { hashIp } from './enquiries/secret.ts';
import { CATCH_ALL, createPageStore, type PageStore } from './page-store.ts';
import {
  directRenderer,
  expressRenderer,
  loadContext,
  routeMatcher,
  type BuildSource,
} from './react-router.ts';
import { seoFiles } from './seo.ts';
import { sendStored } from './stored-response.ts';
import { webVitalsRoutes } from './vitals-endpoint.ts';
import { CONFIRMATION_PARAM, CONFIRMATION_SEARCH } from '../lib/enquiry-fields.ts';
import { NOT_FOUND_PAGE, PAGES } from '../pages.ts';
import { isStaffPath, STAFF_BASE } from '../staff/paths.ts';
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

/** Browser features no page of the site uses; denied for the page and any frame. */
const PERMISSIONS_POLICY = [
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
 * The security headers of every response, defined once for every path of the app: those only a
 * document acts on (`document`) are dropped from scripts, stylesheets and fonts (~430 bytes);
 * `Referrer-Policy` stays (a stylesheet's applies to its fonts); pages replace the CSP with their
 * own. Names and values as https://owasp.org/www-project-secure-headers/ recommends.
 */
const SECURITY_HEADERS = {
  every: {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Other sites' link previews load the social images.
    'cross-origin-resource-policy': 'cross-origin',
  },
  document: {
    'content-security-policy': FALLBACK_CSP,
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-xss-protection': '0',
    'x-permitted-cross-domain-policies': 'none',
  },
  /** Over TLS, directly or through the trusted proxy (`TRUST_PROXY=1`). */
  secure: { 'strict-transport-security': 'max-age=31536000; includeSubDomains' },
} as const;

const PLAIN_HEADERS = new Map(
  Object.entries({ ...SECURITY_HEADERS.every, ...SECURITY_HEADERS.document }),
);
const SECURE_HEADERS = new Map([...PLAIN_HEADERS, ...Object.entries(SECURITY_HEADERS.secure)]);

const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeaders(req.secure ? SECURE_HEADERS : PLAIN_HEADERS);
  next();
};

const SUBRESOURCE = /\.(?:js|css|woff2)$/;

const subresourceHeaders: RequestHandler = (req, res, next) => {
  if (SUBRESOURCE.test(req.path))
    for (const name of Object.keys(SECURITY_HEADERS.document)) res.removeHeader(name);
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

/** Answers from the store after compression's place in the chain (404s, redirects): left as they are. */
const storedAnswers = new WeakSet<object>();

/** Per-request compression of what is not stored precompressed (API answers, posted pages). */
function dynamicCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => !storedAnswers.has(res) && compression.filter(req, res),
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
              ? (STATUS_CODES[status] ?? 'Bad Request')
              : 'Internal Server Error';
    refuse(res, status, text);
  };
}

/** The Express app, and when every stored page is rendered (rejects when one cannot be). */
export type SiteApp = express.Express & { ready: Promise<void> };

/**
 * The framework's own requests: route data (`/about.data`) and route discovery (`/__manifest`,
 * https://reactrouter.com/explanation/lazy-route-discovery); they are no documents.
 */
const frameworkPath = (path: string): boolean => path.endsWith('.data') || path === '/__manifest';

const isRead = (req: express.Request) => req.method === 'GET' || req.method === 'HEAD';

/** Sends what {@link PageStore.find} found, once found; `next()` when it is no stored page. */
function sendFound(
  found: ReturnType<PageStore['find']>,
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): void {
  if (found instanceof Promise) found.then((page) => sendFound(page, req, res, next), next);
  else if (found) sendStored(req, res, found);
  else next();
}

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

  const enquiries = enquiryHttp(runtime, (outcome) => obs.enquiry(outcome));
  const site = (year: number, ip?: string): SiteServer => ({
    session: { siteOrigin: origin, year, webVitalsSampleRate: env.WEB_VITALS_SAMPLE_RATE },
    async submitEnquiry(form, request) {
      if (ip === undefined) throw new Error('Stored pages have no action');
      return enquiries.submit(form, request, ip);
    },
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
        })
      : undefined;
  const ready = Promise.all([seo?.ready, store?.ready]).then(() => undefined);
  let warm = false;
  void ready.then(
    () => (warm = true),
    () => undefined,
  );
  const notFound: RequestHandler = (req, res, next) => {
    if (!store || !isRead(req)) return refuse(res, 404, 'Not Found');
    storedAnswers.add(res);
    sendFound(store.find(CATCH_ALL), req, res, next);
  };

  // The inbox's own port adds no request metrics: its requests are few, and the public app's
  // registry, which the metrics port serves, holds one set of these.
  if (!staffPort) app.use(requestMetrics(obs).middleware);
  app.use(securityHeaders);
  if (store) {
    // A stored page costs a lookup and a buffer copy: no access log line (docs/decisions/041).
    app.use((req, res, next) => {
      if (!isRead(req) || !wellFormedHost(req)) return next();
      const sent = req.query[CONFIRMATION_PARAM] === '1';
      sendFound(store.find(sent ? req.path + CONFIRMATION_SEARCH : req.path), req, res, next);
    });
  }
  if (!dev) app.use(requestLogs(logger));
  app.use(requestGuards);
  if (seo) {
    // Early: Web Vitals beacons skip compression and the contact form's POST checks.
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
    else notFound(req, res, next);
  });
  app.use((req, res, next) => (isStaffPath(req.path) ? next() : enquiries.router(req, res, next)));
  if (store && typeof build !== 'function') {
    // What the route tree answers from the store: its catch-all, and a page's other spellings
    // (case, trailing slashes), which lead to the page's one URL.
    const routeOf = routeMatcher(build);
    app.use((req, res, next) => {
      if (!isRead(req) || frameworkPath(req.path)) return next();
      const route = routeOf(req.path);
      const page = PAGES.find((p) => p.id === route);
      if (route === NOT_FOUND_PAGE.id) notFound(req, res, next);
      else if (!page || page.path === req.path) next();
      else {
        storedAnswers.add(res);
        const query = req.originalUrl.indexOf('?');
        const search = query === -1 ? '' : req.originalUrl.slice(query);
        res.set('Cache-Control', 'public, max-age=3600').redirect(301, page.path + search);
      }
    });
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
  return Object.assign(app, { ready });
}

/**
 * A page of the bundled route tree as `npm run build` reads it for its critical CSS
 * (`scripts/lib/critical-css.ts`): the whole stylesheet linked, nothing inline.
 * @param path e.g. `/about`
 */
export function renderForBuild(origin: string, path: string): Promise<Response> {
  const site: SiteServer = {
    session: { siteOrigin: origin, year: new Date().getFullYear(), webVitalsSampleRate: 0 },
    submitEnquiry: () => Promise.reject(new Error('No enquiries while building')),
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
