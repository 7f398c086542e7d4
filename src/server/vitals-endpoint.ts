/** Field Web Vitals, no cookie, nothing of the request kept (docs/decisions/029-field-web-vitals-endpoint.md). */
import { createHmac } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import {
  VITAL_MAX,
  VITAL_NAMES,
  VITALS_BODY_LIMIT_BYTES,
  VITALS_PATH,
  VITALS_ROUTES,
  type PageViewReport,
  type VitalName,
} from '../lib/vitals-report.ts';
import { ITEM_PAGES, NOT_FOUND_PAGE, ROUTE_IDS, type RouteId } from '../pages.ts';
import type { Observability, VitalsResult } from './observability.ts';

/** ms */
export const VITALS_RATE_WINDOW_MS = 60_000;

const reportSchema = z
  .strictObject({
    route: z.enum(VITALS_ROUTES),
    ...(Object.fromEntries(
      VITAL_NAMES.map((name) => [name, z.number().min(0).max(VITAL_MAX[name]).optional()]),
    ) as Record<VitalName, z.ZodOptional<z.ZodNumber>>),
  })
  .refine((report) => VITAL_NAMES.some((name) => report[name] !== undefined), {
    message: 'a report names at least one metric',
  });

/** A report as the endpoint accepts it: a route and one or more metrics (ms; CLS unitless). */
export type AcceptedReport = z.infer<typeof reportSchema>;

const PAGE_ROUTES = ROUTE_IDS.filter((id) => id !== NOT_FOUND_PAGE.id) as [RouteId, ...RouteId[]];
const VIEWED_ROUTES = [...PAGE_ROUTES, ...ITEM_PAGES.map((p) => p.id)] as const;

/**
 * A client navigation's page view (`PageViewReport`): a public page or an item page (with its
 * slug), never the 404 page.
 */
const viewSchema = z.strictObject({
  view: z.enum(VIEWED_ROUTES),
  item: z
    .string()
    .regex(/^[\w-]{1,100}$/)
    .optional(),
});

export interface VitalsRoutesOptions {
  obs: Observability;
  /** `SITE_URL`: the only `Origin` accepted (none is accepted too: not a browser). */
  origin: string;
  /** Key of the HMAC that stands in for client addresses (IPv6 by /56) in the rate limiter. */
  secret: string;
  /** Reports per client per {@link VITALS_RATE_WINDOW_MS}. */
  limit: number;
  /** Counts a client navigation's page view (`src/server/statistics/counter.ts`); none: refused. */
  onView?: ((req: express.Request, view: PageViewReport) => void) | undefined;
  /** Keeps an accepted report for the statistics page (`src/server/statistics/counter.ts`). */
  onReport?: ((report: AcceptedReport) => void) | undefined;
}

/** Mount it before any catch-all POST handler. */
export function webVitalsRoutes(options: VitalsRoutesOptions): express.Router {
  const { obs } = options;
  const refuse = (res: express.Response, result: VitalsResult, status: number, text: string) => {
    obs.vitalsReport(result);
    res.status(status).type('text/plain').set('Cache-Control', 'no-store').send(text);
  };
  const limiter = rateLimit({
    windowMs: VITALS_RATE_WINDOW_MS,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) =>
      createHmac('sha256', options.secret)
        .update(ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? ''))
        .digest('base64url'),
    handler: (_req, res) => refuse(res, 'rate-limited', 429, 'Too Many Requests'),
    // Its creation check reads an Error's stack: with `--enable-source-maps`, ~12 MiB kept. Made with
    // the app. https://express-rate-limit.mintlify.app/reference/configuration#validate
    validate: { creationStack: false },
  });
  const originCheck: RequestHandler = (req, res, next) => {
    const origin = req.get('origin');
    if (origin !== undefined && origin !== options.origin) {
      refuse(res, 'forbidden-origin', 403, 'Forbidden: reports come from the site’s own pages.');
      return;
    }
    next();
  };
  const typeCheck: RequestHandler = (req, res, next) => {
    if (req.is('text/plain') !== 'text/plain') {
      refuse(res, 'wrong-type', 415, 'Unsupported Media Type: send the report as text/plain.');
      return;
    }
    next();
  };
  const text = express.text({ type: () => true, limit: VITALS_BODY_LIMIT_BYTES });
  const readBody: RequestHandler = (req, res, next) => {
    text(req, res, (err?: unknown) => {
      const status = (err as { status?: number } | undefined)?.status;
      if (status === 413) refuse(res, 'too-large', 413, 'Content Too Large');
      else if (status !== undefined && status < 500) refuse(res, 'invalid', status, 'Bad Request');
      else next(err);
    });
  };
  const count: RequestHandler = (req, res) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof req.body === 'string' ? req.body : '');
    } catch {
      refuse(res, 'invalid', 400, 'Bad Request: the report is not JSON.');
      return;
    }
    if (options.onView && typeof parsed === 'object' && parsed !== null && 'view' in parsed) {
      const view = viewSchema.safeParse(parsed);
      if (!view.success) {
        refuse(res, 'invalid', 400, 'Bad Request: not a page view.');
        return;
      }
      options.onView(req, view.data);
      res.status(204).set('Cache-Control', 'no-store').end();
      return;
    }
    const report = reportSchema.safeParse(parsed);
    if (!report.success) {
      refuse(res, 'invalid', 400, 'Bad Request: not a Web Vitals report.');
      return;
    }
    for (const name of VITAL_NAMES) {
      const value = report.data[name];
      if (value !== undefined) obs.webVital(report.data.route, name, value);
    }
    options.onReport?.(report.data);
    obs.vitalsReport('accepted');
    res.status(204).set('Cache-Control', 'no-store').end();
  };
  const router = express.Router();
  router.post(VITALS_PATH, limiter, originCheck, typeCheck, readBody, count);
  return router;
}
