/**
 * The Express app, unlistened so tests drive it with supertest. Stored pages are answered before
 * Express; the rest goes through `createApp`'s order, ending in the route tree
 * (`src/server/react-router.ts`; docs/decisions/041-stored-pages-as-one-lookup.md).
 */
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { DocumentAssets, SiteServer } from '../react/load-context.ts';
import { enquiryHttp } from './enquiries/http.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { Env } from './env.ts';
import {
  createObservability,
  healthRoutes,
  LIVENESS_PATH,
  READINESS_PATH,
  requestLogs,
  requestMetrics,
  type Observability,
} from './observability.ts';
import { documentCsp, FALLBACK_CSP, newNonce } from './csp.ts';
import { hashIp } from './enquiries/secret.ts';
import {
  CATCH_ALL,
  createStoredPages,
  sendStored,
  type StoredPages,
  type StoredResponse,
} from './stored-pages.ts';
import { expressRenderer, loadContext, routeMatcher, type BuildSource } from './react-router.ts';
import { criticalCssFinder } from './critical-css.ts';
import { SEO_PATHS, seoFiles } from './seo.ts';
import { socialCards } from './social-cards.ts';
import { answerUnreadBody } from './unread-body.ts';
import { HOST_PATTERN, originFormTarget, toOriginForm } from './request-target.ts';
import { expressClaims, notFoundLog } from './unknown-paths.ts';
import { MEDIA_PREFIX } from '../lib/media.ts';
import { webVitalsRoutes } from './vitals-endpoint.ts';
import { CONFIRMATION_PARAM, CONFIRMATION_SEARCH, START_PATH } from '../lib/enquiry-fields.ts';
import { isReleasePage, NOT_FOUND_PAGE, PAGES } from '../pages.ts';
import { itemPageSamples, itemPaths, newsListingPaths } from './item-pages.ts';
import { FEED_PATHS, feedFiles } from './news-feeds.ts';
import { isStaffPath, STAFF_BASE } from '../lib/staff-paths.ts';
import type { StaffRuntime } from './staff/runtime.ts';
import type { Counter } from './statistics/counter.ts';
import type { SiteContent } from '../content/images.ts';
import { noContentReader, readerOf } from '../content/reader.ts';
import type { ContentSource } from './content/source.ts';
import { contentForPages } from './content/pages-content.ts';
import { withChanges } from './content/items.ts';
import { PREVIEW_PARAM, type PreviewStore } from './content/previews.ts';
import type { MediaStore } from './content/media.ts';
import { mediaRoutes } from './content/media-upload.ts';
import { createRequestHandler, type ServerBuild } from 'react-router';
import * as serverBuild from 'virtual:react-router/server-build';

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

/** Helmet's headers (pages replace the CSP); HSTS only over TLS, or the trusted proxy's. */
function securityHeaders(): RequestHandler[] {
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
    (req, res, next) => {
      res.setHeader('Content-Security-Policy', FALLBACK_CSP);
      // Browser features no page of the site uses, denied for the page and any frame.
      res.setHeader(
        'Permissions-Policy',
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
      );
      if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
      next();
    },
  ];
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Only a document acts on these: dropped from scripts, stylesheets and fonts. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
  'x-permitted-cross-domain-policies',
];

/** Anything else is 405 (TRACE included). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** Each request's Host verdict, judged once whichever way (stored page or Express) it takes. */
const hostVerdicts = new WeakMap<IncomingMessage, boolean>();

/** One well-formed `Host` (https://www.rfc-editor.org/rfc/rfc9112#section-3.2) or none (1.0). */
function wellFormedHost(req: IncomingMessage): boolean {
  const known = hostVerdicts.get(req);
  if (known !== undefined) return known;
  const lines = req.headersDistinct['host'];
  const match = lines?.length === 1 ? HOST_PATTERN.exec(lines[0] ?? '') : null;
  const port = Number(match?.[1] ?? 1);
  const verdict = lines === undefined || (match !== null && port >= 1 && port <= 65_535);
  hostVerdicts.set(req, verdict);
  return verdict;
}

/** A plain-text refusal that a client still sending a body can read (`./unread-body.ts`). */
function refuse(res: express.Response, status: number, text: string): void {
  res.status(status).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
  answerUnreadBody(res.req, res, text);
}

/** 405, 400 (or 204 for `OPTIONS`) before any route: a broken request gets a 4xx, never a 5xx. */
const requestGuards: RequestHandler = (req, res, next) => {
  const allowed = (ALLOWED_METHODS as readonly string[]).includes(req.method);
  if (req.method === 'OPTIONS' || !allowed) res.set('Allow', ALLOWED_METHODS.join(', '));
  if (req.method === 'OPTIONS') return void res.status(204).set('Cache-Control', 'no-store').end();
  if (!allowed) return refuse(res, 405, 'Method Not Allowed');
  if (!originFormTarget(req)) return refuse(res, 400, 'Bad Request: malformed request target.');
  if (!wellFormedHost(req)) return refuse(res, 400, 'Bad Request: malformed Host header.');
  try {
    decodeURIComponent(req.path);
  } catch {
    return refuse(res, 400, 'Bad Request: malformed path.');
  }
  next();
};

/** The client build from its `.br`/`.gz` siblings: hashed `/assets/*` a year, the rest an hour. */
function staticFiles(clientDir: string): RequestHandler[] {
  // No trailing-slash redirect for folders: it would echo the request's path into Location.
  const files = (dir: string, serveStatic: object) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: { redirect: false, ...serveStatic },
    });
  return [
    express.Router().use(
      '/assets',
      (req, res, next) => {
        if (/\.(?:js|css|woff2)$/.test(req.path))
          for (const h of DOCUMENT_ONLY_HEADERS) res.removeHeader(h);
        next();
      },
      // The name changes with the content; the ETag serves a revalidating cache.
      files(`${clientDir}/assets`, {
        immutable: true,
        lastModified: false,
        maxAge: 31_536_000_000,
        fallthrough: false,
      }),
    ),
    files(clientDir, { maxAge: 3_600_000 }),
  ];
}

/** Stored answers after compression's place in the chain (404s, redirects): as they are. */
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
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: { status?: number; expose?: boolean; message?: string }, _req, res, next) => {
    const status = Number(err.status ?? 500);
    if (status >= 500) logger.error({ err }, 'request failed');
    if (res.headersSent) return next(err);
    const reasons: Record<number, string> = {
      413: 'Content Too Large: the form may be at most 64 KB.',
      415: 'Unsupported Media Type: send the form as form data.',
    };
    const text = status >= 500 ? 'Internal Server Error' : err.expose ? String(err.message) : '';
    refuse(res, status, reasons[status] ?? (text || (STATUS_CODES[status] ?? 'Bad Request')));
  };
}

/** The request listener, its `listen`, and `ready`: rejects when a page cannot be stored. */
export type SiteApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  ready: Promise<void>;
  listen(port: number, host: string, callback?: () => void): Server;
};

/** No documents: https://reactrouter.com/explanation/lazy-route-discovery, and route data. */
const frameworkPath = (path: string): boolean => path.endsWith('.data') || path === '/__manifest';

const isRead = (req: IncomingMessage) => req.method === 'GET' || req.method === 'HEAD';

/**
 * The framework's data request for a page's own loader after a client navigation (the root and
 * the site layout never revalidate): `/about.data?_routes=about`, `/_.data?_routes=home`
 * (`singleFetchUrl` in react-router's `lib/dom/ssr/single-fetch.js`).
 */
const dataUrl = (page: { id: string; path: string }): string =>
  `${page.path === '/' ? '/_' : page.path}.data?_routes=${page.id}`;

/**
 * A GET or HEAD's key in the stored pages: its path, with `?sent=1` the page's confirmation, or
 * a page's data request as it is asked ({@link dataUrl}).
 */
function storedKey(req: IncomingMessage): string | undefined {
  if (!isRead(req) || !wellFormedHost(req)) return undefined;
  const url = req.url ?? '/';
  if (!url.startsWith('/')) return undefined;
  const query = url.indexOf('?');
  if (query === -1) return url;
  if (url.slice(0, query).endsWith('.data')) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  if (params.has(PREVIEW_PARAM)) return undefined;
  const sent = params.getAll(CONFIRMATION_PARAM).join() === '1';
  return url.slice(0, query) + (sent ? CONFIRMATION_SEARCH : '');
}

/** The security headers helmet set on the first real response without TLS and with it. */
type SeenHeaders = Partial<Record<'plain' | 'secure', Map<string, string | number | string[]>>>;

/**
 * A stored page before Express, with the headers Express sent on a response of the same kind
 * (TLS or not); not access-logged. Anything else, and all before Express first answers: `app`.
 */
function storedPagesFirst(
  app: express.Express,
  pages: StoredPages,
  record: (method: string, path: string, status: number, startedAt: number) => void,
  trustProxy: boolean,
  seen: SeenHeaders,
  unknown?: { is: (path: string) => boolean; log: (path: string) => void },
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const startedAt = performance.now();
    const key = storedKey(req);
    const proto = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
    const secure =
      (req.socket as { encrypted?: boolean }).encrypted ||
      (typeof proto === 'string' && proto.split(',')[0]?.trim() === 'https');
    const headers = seen[secure ? 'secure' : 'plain'];
    let found = key !== undefined && headers && pages.find(key);
    const path = key?.split('?')[0] ?? '/';
    const notFound = !found && headers && unknown?.is(path);
    if (notFound) found = pages.find(CATCH_ALL);
    const send = (page: StoredResponse | undefined) => {
      if (!page || !headers) return void app(req, res);
      res.setHeaders(headers);
      sendStored(req, res, page);
      record(req.method ?? 'GET', path, res.statusCode, startedAt);
      if (notFound) unknown?.log(path);
    };
    if (found instanceof Promise) found.then(send, () => void app(req, res));
    else if (found) send(found);
    else app(req, res);
  };
}

/** The core font files `inlineCss` names, to preload. */
function fontPreloadsOf(inlineCss: Readonly<Record<string, string>>): string[] {
  // The core file of both faces, or the text shifts when one arrives
  // (docs/decisions/014-rendering-work-and-fonts-on-phones.md); the rest waits until text needs it.
  const core = /url\(["']?(\/assets\/[^)"']*-core-[^)"']*\.woff2)["']?\)/g;
  return [
    ...new Set(
      Object.values(inlineCss).flatMap((css) => [...css.matchAll(core)].map((m) => m[1] ?? '')),
    ),
  ];
}

/** The bundled route tree (`vite.config.ts`), also accepting form posts from these origins. */
function bundledBuild(origins: readonly string[]): ServerBuild {
  const build = serverBuild as ServerBuild;
  return { ...build, allowedActionOrigins: origins.map((origin) => new URL(origin).host) };
}

/** The public port's app, or the staff area's; a page that cannot be stored rejects `ready`. */
export function createApp(deps: AppDeps): SiteApp {
  const { env, runtime, logger, content: source } = deps;
  const pageContent = contentForPages(source, deps.media);
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
  // The staff area's own port, or the public one (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md).
  const staffPort = deps.surface === 'staff';
  const staff =
    env.STAFF_AREA === 'on' && (staffPort || env.STAFF_PORT === undefined) ? deps.staff : undefined;

  const counter = staffPort ? undefined : deps.statistics;
  const enquiries = enquiryHttp(runtime, env.STAFF_URL, (outcome) => obs.enquiry(outcome), counter);
  /** @param content the public release's content; undefined for a staff request */
  const site = (
    year: number,
    content: SiteContent | undefined,
    clientIp = '',
    preview?: SiteServer['preview'],
  ): SiteServer => ({
    settings: { siteOrigin: origin, year, webVitalsSampleRate: env.WEB_VITALS_SAMPLE_RATE },
    content: content ? readerOf(content) : noContentReader(),
    preview,
    enquiries: enquiries.service,
    media: deps.media,
    clientIp,
    reportError(error, request) {
      logger.error({ err: error, path: new URL(request.url).pathname }, 'render error');
    },
  });
  const yearNow = () => new Date(now()).getFullYear();
  const noCss: DocumentAssets = { inlineCss: {}, fontPreloads: [] };

  const clientDir = deps.buildDir && join(deps.buildDir, 'client');
  const render = createRequestHandler(build, mode);
  // Each release's critical CSS by route id, found on its pages rendered with nothing inline.
  const findCss = clientDir && criticalCssFinder(clientDir);
  const releaseCss = new Map<number, Promise<DocumentAssets>>();
  const storedAssets = (year: number, release: number, content: SiteContent) => {
    if (!findCss) return noCss;
    let assets = releaseCss.get(release);
    if (!assets) {
      assets = (async () => {
        const inlineCss: Record<string, string> = {};
        for (const page of [...PAGES, NOT_FOUND_PAGE, ...itemPageSamples(content)]) {
          const request = new Request(`${origin}${page.path}`);
          const bare = await render(request, loadContext(site(year, content), noCss));
          inlineCss[page.id] = await findCss(await bare.text());
        }
        return { inlineCss, fontPreloads: fontPreloadsOf(inlineCss) };
      })();
      assets.catch(() => releaseCss.delete(release));
      releaseCss.set(release, assets);
      for (const old of [...releaseCss.keys()].slice(0, -2)) releaseCss.delete(old);
    }
    return assets;
  };
  const pages =
    clientDir && !dev && !staffPort
      ? createStoredPages({
          render: async (request, year, release) => {
            const content = await pageContent.shown(release);
            const assets = await storedAssets(year, release, content);
            return render(request, loadContext(site(year, content), assets));
          },
          origin,
          paths: PAGES.map((p) => p.path),
          items: async (release) => ({
            paths: [
              ...itemPaths(await pageContent.shown(release)),
              ...newsListingPaths(await pageContent.shown(release)),
            ],
            moved: (await source.moved?.(release)) ?? new Map(),
          }),
          data: PAGES.map(dataUrl),
          now,
          logger,
          release: () => source.latest(),
          pollMs: deps.contentPollMs,
          onReleaseRender: (result, seconds) => obs.contentRender(result, seconds),
        })
      : undefined;
  // Per-request renders (form posts, other data requests) and the sitemap's lastmod follow the
  // stored pages' release; a preview lays its changes over the newest.
  const shownRelease = async () => pages?.shownRelease() ?? (await source.latest());
  const shownContent = async () => pageContent.shown(await shownRelease());
  const seo = staffPort
    ? undefined
    : seoFiles(
        origin,
        {
          shown: shownRelease,
          publishedAt: (release) => source.publishedAt(release),
          paths: async (release) => itemPaths(await pageContent.shown(release)),
        },
        now,
        staff ? [STAFF_BASE] : [],
      );
  const previewed = async (previews: NonNullable<AppDeps['previews']>, token: string) => {
    const found = await previews.open(token, now());
    if (found.state !== 'shown') return { content: await shownContent(), preview: found };
    const content = await pageContent.show(
      withChanges(await source.read(await source.latest()), found.changes),
    );
    return { content, preview: { state: found.state, expiresAt: found.expiresAt } };
  };
  const ready = Promise.all([seo?.ready, pages?.ready]).then(() => undefined);
  let warm = false;
  void ready.then(
    () => (warm = true),
    () => undefined,
  );
  // The staff area's branch is left out of the matching: each route costs every call time.
  const routeOf = pages && typeof build !== 'function' ? routeMatcher(build, 'staff') : undefined;
  const claimed = expressClaims({
    clientDir,
    exact: [...SEO_PATHS, ...FEED_PATHS, LIVENESS_PATH, READINESS_PATH, START_PATH],
    prefixes: ['/assets', '/og', MEDIA_PREFIX],
  });
  // Paths with `%` go the Express way: the guards' 400, and `/%61bout`'s 301 to its page.
  const notFoundPaths = notFoundLog(logger);
  const unknownPaths = routeOf && {
    is: (path: string) =>
      !path.includes('%') &&
      !frameworkPath(path) &&
      !isStaffPath(path) &&
      !claimed(path) &&
      // An item page not stored is no item's: its stored pages and old paths are found first.
      (routeOf(path) === NOT_FOUND_PAGE.id || isReleasePage(routeOf(path))),
    log: (path: string) => notFoundPaths.record(path),
  };
  const notFound: RequestHandler = (req, res, next) => {
    if (!pages || !isRead(req)) return refuse(res, 404, 'Not Found');
    storedAnswers.add(res);
    void Promise.resolve(pages.find(CATCH_ALL)).then(
      (page) => (page ? sendStored(req, res, page) : next()),
      next,
    );
  };

  // None on the staff port: the metrics port serves the public app's registry, one set of these.
  const metrics = staffPort ? undefined : requestMetrics(obs);
  if (metrics) app.use(metrics.middleware);
  if (!dev) app.use(requestLogs(logger));
  const seen: SeenHeaders = {};
  const recordSeen: RequestHandler = (req, res, next) => {
    seen[req.secure ? 'secure' : 'plain'] ??= new Map(
      Object.entries(res.getHeaders()).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value]],
      ),
    );
    next();
  };
  app.use(securityHeaders(), recordSeen);
  app.use(requestGuards);
  if (pages) {
    app.use((req, res, next) => {
      const key = storedKey(req);
      if (key === undefined) return next();
      void Promise.resolve(pages.find(key)).then(
        (page) => (page ? sendStored(req, res, page) : next()),
        next,
      );
    });
  }
  if (seo) {
    // Early: Web Vitals beacons skip compression and the contact form's POST checks.
    app.use(
      webVitalsRoutes({
        obs,
        origin,
        secret: runtime.secret,
        limit: env.WEB_VITALS_RATE_LIMIT_MAX,
        onView: counter && ((req, view) => counter.beacon(req, view.view, view.item ?? '')),
      }),
    );
    app.use(healthRoutes(runtime, obs, () => warm));
    app.use(seo.handler);
    app.use(feedFiles(origin, { shown: shownRelease, content: (n) => pageContent.shown(n) }));
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
  if (!staffPort) {
    app.use(
      socialCards(async (id) => (await shownContent())['pages.yaml'][id].title, deps.buildDir),
    );
  }
  if (clientDir) app.use(staticFiles(clientDir));
  if (deps.media) app.use(mediaRoutes({ media: deps.media, staff, logger }));
  // The staff port serves only the staff area; elsewhere `/staff` is a 404 unless served here.
  app.use((req, res, next) => {
    const staffPath = isStaffPath(req.path);
    if (staffPort ? staffPath || req.path === '/__manifest' : !staffPath || staff) next();
    else notFound(req, res, next);
  });
  app.use(enquiries.router);
  if (pages && routeOf) {
    // From the store: the catch-all, and 301s from a page's other spellings (case, slashes).
    app.use((req, res, next) => {
      if (!isRead(req) || frameworkPath(req.path) || isStaffPath(req.path)) return next();
      const route = routeOf(req.path);
      const page = PAGES.find((p) => p.id === route);
      const preview = req.query[PREVIEW_PARAM] !== undefined;
      if (route === NOT_FOUND_PAGE.id || (isReleasePage(route) && !preview)) {
        return notFound(req, res, next);
      }
      if (!page || page.path === req.path) return next();
      storedAnswers.add(res);
      const query = req.originalUrl.indexOf('?');
      const search = query === -1 ? '' : req.originalUrl.slice(query);
      return res.set('Cache-Control', 'public, max-age=3600').redirect(301, page.path + search);
    });
  }
  // A fresh nonce per response; development's inline scripts (Vite's) carry none. Framework
  // data and discovery answers are no documents: they keep the policy that allows nothing.
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
      // The staff area's routes send their own (`src/staff/session.server.ts`).
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
    expressRenderer(build, mode, async (req, res) => {
      const ip = req.ip ?? req.socket.remoteAddress ?? '';
      const nonce = res.locals['nonce'] as string | undefined;
      if (isStaffPath(req.path)) {
        return loadContext(
          site(yearNow(), undefined, ip),
          { ...noCss, nonce },
          staff && { ...staff, clientKey: hashIp(staff.secret, ip), media: deps.media },
        );
      }
      const { previews } = deps;
      const token = previews ? req.query[PREVIEW_PARAM] : undefined;
      if (token !== undefined) res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
      const { content, preview } =
        previews && token !== undefined
          ? await previewed(previews, typeof token === 'string' ? token : '')
          : { content: await shownContent(), preview: undefined };
      return loadContext(site(yearNow(), content, ip, preview), { ...noCss, nonce });
    }),
  );
  app.use(errorHandler(logger));

  const answer = pages
    ? storedPagesFirst(
        app,
        pages,
        metrics?.record ?? (() => {}),
        env.TRUST_PROXY === '1',
        seen,
        unknownPaths,
      )
    : app;
  const counted = counter ? counter.wrap(answer) : answer;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    toOriginForm(req);
    counted(req, res);
  };
  return Object.assign(listener, {
    ready,
    listen: (port: number, host: string, callback?: () => void) =>
      createServer(listener).listen(port, host, callback),
  });
}
