/**
 * The Express app (spec §9; issue #7 §5, issue #8 §2), built without listening so tests drive it
 * with supertest and `server.ts` only parses config, builds and listens. In order:
 *
 * 1. request metrics and JSON request logs (no personal data; health checks not logged);
 * 2. security headers on every response (helmet): nosniff, `Referrer-Policy:
 *    strict-origin-when-cross-origin`, `X-Frame-Options: DENY`, COOP, a Permissions-Policy
 *    denying unused features, HSTS on HTTPS requests (behind a TLS proxy with TRUST_PROXY=1),
 *    and a deny-all CSP that pages replace with their own;
 * 3. `/healthz` (liveness) and `/readyz` (readiness: store query, 503 while draining);
 * 4. compression (gzip and brotli; brotli at quality 4 / window 18 so it never slows rendering);
 * 5. static files: `/assets/*` (hashed) `immutable` for a year, other public files for an hour,
 *    served from the `.br`/`.gz` siblings the build wrote when the client accepts them;
 *    robots.txt and sitemap.xml for the configured origin;
 * 6. `POST /api/enquiries` (JSON, for the form with JavaScript) and the checked body of page
 *    POSTs (413 over 64 KB, 415 for other than form data);
 * 7. every other request renders the router: CSP with a fresh nonce per response and no
 *    `'unsafe-inline'` script, `Cache-Control: private, no-cache`, the router's status (404 for
 *    unknown paths);
 * 8. the error handler: plain-text 413/415/400, 500 without details.
 */
import { randomBytes } from 'node:crypto';
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
  healthRoutes,
  requestLogs,
  requestMetrics,
  type Observability,
} from './observability.ts';
import { renderRoute, type ServerEntry } from './render.ts';
import { seoRoutes } from './seo.ts';

export interface AppDeps {
  env: Env;
  runtime: EnquiryRuntime;
  logger: Logger;
  /** The server entry (production: the built bundle; development: through Vite). */
  entry: () => Promise<ServerEntry>;
  assets: () => Promise<ClientAssets>;
  /** Production: `<build>/client`, served as static files. Undefined in development. */
  clientDir?: string | undefined;
  /** Development: Vite's middlewares (HMR, source transforms). */
  devMiddleware?: RequestHandler | undefined;
  /** Metrics and readiness state; one is made when omitted (tests). */
  observability?: Observability | undefined;
}

/** Policy for every response that is not a page: it may load and run nothing. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

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

/** A fresh CSP nonce per response (`res.locals.cspNonce`). */
const nonce: RequestHandler = (_req, res, next) => {
  res.locals['cspNonce'] = randomBytes(16).toString('base64');
  next();
};

/**
 * The pages' Content-Security-Policy: scripts and the inline stylesheet only with this
 * response's nonce (`res.locals.cspNonce`), everything else same-origin. Development relaxes
 * styles and connections for Vite's injected CSS and hot-reload socket.
 */
function pageCsp(dev: boolean): RequestHandler {
  const withNonce = (_req: unknown, res: unknown) =>
    `'nonce-${String((res as express.Response).locals['cspNonce'])}'`;
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", withNonce],
      styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", withNonce],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
}

/** Builds the app; see the module comment for the order of its parts. */
export function createApp(deps: AppDeps): express.Express {
  const { env, runtime, logger } = deps;
  const dev = env.NODE_ENV === 'development';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY === '1' ? 1 : false);
  const obs = deps.observability ?? createObservability(runtime);

  app.use(requestMetrics(obs));
  if (!dev) app.use(requestLogs(logger));
  app.use(
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
  );
  const baseHeaders: RequestHandler = (req, res, next) => {
    res.setHeader('Content-Security-Policy', FALLBACK_CSP);
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  app.use(baseHeaders);
  app.use(healthRoutes(runtime, obs));
  app.use(
    compression({
      threshold: 1024,
      // Brotli's default window makes per-request compression of HTML ~3× slower (stack notes).
      brotli: {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  );

  if (deps.devMiddleware) {
    // Vite's dev client and module graph are not covered by the pages' policy.
    app.use((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    });
    app.use(deps.devMiddleware);
  }
  if (deps.clientDir) {
    app.use(
      '/assets',
      expressStaticGzip(`${deps.clientDir}/assets`, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { immutable: true, maxAge: ONE_YEAR_S * 1000, fallthrough: false },
      }),
    );
    app.use(
      expressStaticGzip(deps.clientDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gz'],
        index: false,
        serveStatic: { maxAge: 3_600_000 },
      }),
    );
  }

  const siteOrigin = env.SITE_URL ? new URL(env.SITE_URL).origin : undefined;
  const originOf = (req: express.Request) =>
    siteOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  app.use(seoRoutes(originOf));

  // The form's start cookie, its JSON endpoint and the checked body of page POSTs.
  const enquiries = enquiryRoutes(runtime, (outcome) => obs.enquiry(outcome));
  app.use(enquiries.router);

  const services = (req: express.Request): SiteServices => ({
    session: () => ({
      siteOrigin: originOf(req),
      year: new Date().getFullYear(),
    }),
    submitEnquiry: () => enquiries.submitPage(req),
  });
  app.all(
    '/{*splat}',
    nonce,
    pageCsp(dev),
    renderRoute({ entry: deps.entry, assets: deps.assets, services, logger }),
  );

  const errors: ErrorRequestHandler = (err: unknown, _req, res, next) => {
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
    res.status(status).type('text/plain').set('Cache-Control', 'no-store').send(text);
  };
  app.use(errors);
  return app;
}
