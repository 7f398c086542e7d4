/**
 * `createApp(deps)`: the Express application, built without listening (issue #7 "Server";
 * design.md "Server code behind interfaces"), so `server.ts` listens and supertest drives it.
 *
 * Order (after epic-stack's `server/index.ts`): compression → security headers with a fresh CSP
 * nonce → request log → health → static files (hashed `/assets/*` immutable for a year) → the
 * enquiry API → page POST bodies → the render route → errors.
 */
import { randomBytes } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { SiteServices } from '../app/services.ts';
import { signRenderTime } from '../lib/enquiries/secret.ts';
import type { EnquiryRuntime } from '../lib/enquiries/runtime.ts';
import type { ClientAssets } from '../entry-server.tsx';
import {
  createEnquiryService,
  enquiryApi,
  enquiryBody,
  formFields,
  submitRequestOf,
} from './enquiries.ts';
import type { Env } from './env.ts';
import { renderRoute, type ServerEntry } from './render.ts';

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
}

/** One year, seconds: the lifetime of fingerprinted assets. */
const ONE_YEAR_S = 31_536_000;

/** A fresh CSP nonce per response (`res.locals.cspNonce`). */
const nonce: RequestHandler = (_req, res, next) => {
  res.locals['cspNonce'] = randomBytes(16).toString('base64');
  next();
};

/** Builds the app; see the module comment for the order of its parts. */
export function createApp(deps: AppDeps): express.Express {
  const { env, runtime, logger } = deps;
  const dev = env.NODE_ENV === 'development';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY === '1' ? 1 : false);

  app.use(
    compression({
      threshold: 1024,
      // Brotli's default window makes per-request compression of HTML ~3× slower (stack notes).
      brotli: {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  );
  app.use(nonce);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${String((res as express.Response).locals['cspNonce'])}'`,
          ],
          styleSrc: dev
            ? ["'self'", "'unsafe-inline'"]
            : [
                "'self'",
                (_req, res) => `'nonce-${String((res as express.Response).locals['cspNonce'])}'`,
              ],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: dev ? ["'self'", 'ws:'] : ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: false,
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir) {
    app.use(
      '/assets',
      express.static(`${deps.clientDir}/assets`, {
        immutable: true,
        maxAge: ONE_YEAR_S * 1000,
        index: false,
        fallthrough: false,
      }),
    );
    app.use(express.static(deps.clientDir, { index: false, maxAge: 3_600_000 }));
  }

  const enquiries = createEnquiryService(runtime);
  app.post('/api/enquiries', ...enquiryApi(enquiries));
  // Page POSTs (the no-JavaScript contact form) carry a checked body to the route action.
  app.post('/{*splat}', ...enquiryBody());

  const siteOrigin = env.SITE_URL ? new URL(env.SITE_URL).origin : undefined;
  const services = (req: express.Request): SiteServices => ({
    session: () => ({
      siteOrigin: siteOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`,
      formToken: signRenderTime(runtime.secret, Date.now()),
      year: new Date().getFullYear(),
    }),
    submitEnquiry: async () => enquiries.submit(await formFields(req), submitRequestOf(req)),
  });
  app.all('/{*splat}', renderRoute({ entry: deps.entry, assets: deps.assets, services, logger }));

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
