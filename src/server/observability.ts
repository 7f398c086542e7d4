/**
 * What operators and monitoring see of the server (docs/product.md#health-and-monitoring):
 *
 * - `/healthz` — liveness: the process answers. No I/O, never rate-limited, not logged.
 * - `/readyz` — readiness: the enquiry store answers a query within {@link READY_TIMEOUT_MS}
 *   (migrations ran before the server listened) and the process is not draining; 503 from the
 *   moment SIGTERM arrives while in-flight requests finish. Email delivery is never part of it.
 *   Both answer JSON `{ status, version, uptime }` (uptime in seconds) with `no-store`.
 * - Prometheus metrics (prom-client) for the separate metrics port: request counts and latency
 *   by route and status, enquiries by outcome, and per notification channel the outbox backlog,
 *   the age of its oldest item, delivery attempts and the last failure (README "Health and
 *   metrics" lists them).
 * - Structured request logs (pino-http): method, route, status, duration; no IP, no query
 *   string, no body, no cookies, so no personal data.
 */
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import packageJson from '../../package.json' with { type: 'json' };
import { START_PATH } from '../lib/enquiry-fields.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { DeliveryFigures } from './enquiries/store.ts';
import type { Channel } from './inbox/types.ts';
import { PAGES } from '../pages.ts';

/** Liveness: the process answers (Kubernetes' livenessProbe, Docker's HEALTHCHECK). */
export const LIVENESS_PATH = '/healthz';
/** Readiness: send traffic here (pages rendered, the store answers, not draining). */
export const READINESS_PATH = '/readyz';

/** Longest a readiness query of the store may take, ms. */
export const READY_TIMEOUT_MS = 1000;

/** The app's version (`package.json`, which the image ships), reported by the health endpoints. */
export const VERSION: string = packageJson.version;

/** The page paths (`src/pages.ts`), the only values of the `route` label besides a few fixed ones. */
const PAGE_ROUTES: ReadonlySet<string> = new Set(PAGES.map((p) => p.path));

/**
 * A bounded `route` label for a request path (label values must not grow with traffic):
 * a page path, `/assets`, `/api/enquiries`, a health path, `/staff` (the inbox, all of it),
 * `static` or `not-found`.
 */
export function routeLabel(path: string, status: number): string {
  if (PAGE_ROUTES.has(path)) return path;
  if (path.startsWith('/assets/')) return '/assets';
  if (path === '/api/enquiries' || path === START_PATH) return path;
  if (path === LIVENESS_PATH || path === READINESS_PATH) return path;
  if (status === 404) return 'not-found';
  if (path === '/staff' || path.startsWith('/staff/')) return '/staff';
  return 'static';
}

/** The process's metrics and the state the health endpoints report. */
export interface Observability {
  registry: Registry;
  /** Count one enquiry outcome (a metric label of `src/lib/enquiry-outcomes.ts`). */
  enquiry(outcome: string): void;
  /** Readiness turns 503 from now on (SIGTERM). */
  drain(): void;
  readonly draining: boolean;
}

/** Creates the registry and the metrics; `runtime` feeds the outbox gauges on each scrape. */
export function createObservability(runtime: EnquiryRuntime): Observability {
  const registry = new Registry();
  // The event-loop lag histogram samples on a timer of this period (ms). prom-client's default,
  // 10 ms, woke every idle instance 100 times a second (about 5 ms of CPU a second); lag is still
  // measured to the nanosecond, only sampled ten times a second.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  let draining = false;
  const enquiries = new Counter({
    name: 'enquiries_total',
    help: 'Enquiries by outcome (accepted, spam, invalid, forbidden-origin, rate-limited, too-large, wrong-type, unavailable).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // The label `channel` takes only the channels this instance delivers to (e-mail always: its
  // rows are queued even without SMTP_URL, and that backlog is what an alert must see).
  const channels = (): readonly Channel[] => runtime.channels;
  // One store read serves the three channel gauges of a scrape.
  let pending: Promise<DeliveryFigures> | undefined;
  const figures = (): Promise<DeliveryFigures> => {
    pending ??= runtime.store.deliveryFigures().finally(() => {
      setImmediate(() => (pending = undefined));
    });
    return pending;
  };
  new Gauge({
    name: 'outbox_backlog',
    help: 'Notifications not yet delivered (nor cancelled), per channel.',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const channel of channels()) {
        this.set({ channel }, f.channels.find((c) => c.channel === channel)?.backlog ?? 0);
      }
    },
  });
  new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest undelivered notification per channel, seconds (0 when none).',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      const now = runtime.now();
      for (const channel of channels()) {
        const at = f.channels.find((c) => c.channel === channel)?.oldestQueuedAt ?? null;
        this.set({ channel }, at === null ? 0 : Math.max(0, (now - at) / 1000));
      }
    },
  });
  new Gauge({
    name: 'outbox_last_failure_timestamp_seconds',
    help: "Unix time of the channel's last failed delivery attempt, seconds (0 if none).",
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const f = await figures();
      this.reset();
      for (const channel of channels()) {
        const at = f.channels.find((c) => c.channel === channel)?.lastFailureAt ?? null;
        this.set({ channel }, at === null ? 0 : at / 1000);
      }
    },
  });
  const deliveries = new Counter({
    name: 'outbox_deliveries_total',
    help: 'Delivery attempts per channel by result (delivered, failed).',
    labelNames: ['channel', 'result'],
    registers: [registry],
  });
  for (const channel of channels()) {
    for (const result of ['delivered', 'failed']) deliveries.inc({ channel, result }, 0);
  }
  runtime.onAttempt((channel, result) => deliveries.inc({ channel, result }));
  return {
    registry,
    enquiry: (outcome) => enquiries.inc({ outcome }),
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

/** Records one finished request: labels and the time it took since `startedAt` (ms). */
export type RecordRequest = (
  method: string,
  path: string,
  status: number,
  startedAt: number,
) => void;

/**
 * Request counter and latency histogram (labels: method, route, status): the middleware for
 * Express, and the same recorder for responses served before Express (the page store's fast
 * path).
 */
export function requestMetrics(obs: Observability): {
  middleware: RequestHandler;
  record: RecordRequest;
} {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [obs.registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the end of the response, seconds.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [obs.registry],
  });
  const record: RecordRequest = (method, path, status, startedAt) => {
    const labels = { method, route: routeLabel(path, status), status: String(status) };
    requests.inc(labels);
    latency.observe(labels, (performance.now() - startedAt) / 1000);
  };
  const middleware: RequestHandler = (req, res, next) => {
    const startedAt = performance.now();
    res.once('finish', () => record(req.method, req.path, res.statusCode, startedAt));
    next();
  };
  return { middleware, record };
}

/** JSON request logs without personal data; successful health checks are not logged. */
export function requestLogs(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    autoLogging: {
      ignore: (req) =>
        (req.url === LIVENESS_PATH || req.url === READINESS_PATH) &&
        (req.method ?? 'GET') === 'GET',
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        path: (req.url ?? '').split('?')[0],
      }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
    },
  });
}

/** `/healthz` and `/readyz` (see the module comment). */
export function healthRoutes(
  runtime: EnquiryRuntime,
  obs: Observability,
  warm: () => boolean = () => true,
): express.Router {
  const router = express.Router();
  const body = (status: string) => ({
    status,
    version: VERSION,
    uptime: Math.round(process.uptime()),
  });
  router.get(LIVENESS_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(body('ok'));
  });
  router.get(READINESS_PATH, async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (obs.draining) {
      res.status(503).json({ ...body('draining') });
      return;
    }
    if (!warm()) {
      res.status(503).json({ ...body('starting') });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        runtime.store.ping(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('store timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      res.json({ ...body('ready'), store: runtime.store.kind });
    } catch {
      res.status(503).json({ ...body('unavailable'), store: runtime.store.kind });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

/** The metrics app for `METRICS_PORT`: `GET /metrics` in Prometheus text format, nothing else. */
export function createMetricsApp(obs: Observability): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', obs.registry.contentType).send(await obs.registry.metrics());
  });
  return app;
}
