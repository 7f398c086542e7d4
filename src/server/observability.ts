/** Probes, metrics with fixed label lists, logs without personal data (docs/product.md#health-and-monitoring). */
import { totalmem } from 'node:os';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import packageJson from '../../package.json' with { type: 'json' };
import { START_PATH } from '../lib/enquiry-fields.ts';
import { OUTCOMES } from '../lib/enquiry-outcomes.ts';
import {
  VITAL_NAMES,
  VITALS_PATH,
  type VitalName,
  type VitalsRoute,
} from '../lib/vitals-report.ts';
import { lastBackupAt } from './backups/last-backup.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { DeliveryFigures } from './enquiries/store.ts';
import type { Channel } from './inbox/types.ts';
import { ITEM_PAGES, LISTING_PAGES, NOT_FOUND_PAGE, PAGES } from '../pages.ts';
import { isStaffPath } from '../lib/staff-paths.ts';

export const LIVENESS_PATH = '/healthz';
export const READINESS_PATH = '/readyz';

/** Longest a readiness query of the store may take, ms. */
export const READY_TIMEOUT_MS = 1000;

export const VERSION: string = packageJson.version;

const PAGE_ROUTES: ReadonlySet<string> = new Set(PAGES.map((p) => p.path));

/** React Router's data requests: `/contact.data` is `/contact`'s, `/_.data` is `/`'s. */
function pagePathOf(path: string): string {
  if (path.endsWith('/_.data')) return path.slice(0, -'_.data'.length);
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

/** A `route` label from a fixed list, so label values never grow with traffic. */
export function routeLabel(path: string, status: number): string {
  const page = pagePathOf(path);
  if (PAGE_ROUTES.has(page)) return page;
  if (path.startsWith('/assets/')) return '/assets';
  if (path === START_PATH || path === VITALS_PATH) return path;
  if (path === LIVENESS_PATH || path === READINESS_PATH) return path;
  if (status === 404) return 'not-found';
  if (isStaffPath(path)) return '/staff';
  return 'static';
}

/**
 * A page's the same values as the request metrics' `route`; an item page's and a listing's further
 * pages' their route's pattern (`/showcase/:slug`, `/news/*`, as in `src/routes.ts`): one value
 * for all of their paths.
 */
export function vitalsRouteLabel(route: VitalsRoute): string {
  if (route === NOT_FOUND_PAGE.id) return 'not-found';
  const item = ITEM_PAGES.find((p) => p.id === route);
  if (item) return `${item.prefix}:slug`;
  const listing = LISTING_PAGES.find((p) => p.id === route);
  if (listing) return `${listing.prefix}*`;
  return PAGES.find((p) => p.id === route)?.path ?? '/';
}

/** https://web.dev/articles/vitals thresholds as bucket bounds; `scale` turns ms into s (CLS has no unit). */
export const VITAL_HISTOGRAMS: Readonly<
  Record<
    VitalName,
    { name: string; scale: number; good: number; poor: number; buckets: readonly number[] }
  >
> = {
  LCP: {
    name: 'web_vitals_lcp_seconds',
    scale: 1 / 1000,
    good: 2.5,
    poor: 4,
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  },
  INP: {
    name: 'web_vitals_inp_seconds',
    scale: 1 / 1000,
    good: 0.2,
    poor: 0.5,
    buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1, 2],
  },
  CLS: {
    name: 'web_vitals_cls',
    scale: 1,
    good: 0.1,
    poor: 0.25,
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  },
  FCP: {
    name: 'web_vitals_fcp_seconds',
    scale: 1 / 1000,
    good: 1.8,
    poor: 3,
    buckets: [0.5, 1, 1.5, 1.8, 2.4, 3, 4, 6],
  },
  TTFB: {
    name: 'web_vitals_ttfb_seconds',
    scale: 1 / 1000,
    good: 0.8,
    poor: 1.8,
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3, 6],
  },
};

/** The `result` label of `web_vitals_reports_total`: accepted, or refused (400 to 429). */
export const VITALS_RESULTS = [
  'accepted',
  'invalid',
  'forbidden-origin',
  'too-large',
  'wrong-type',
  'rate-limited',
] as const;
export type VitalsResult = (typeof VITALS_RESULTS)[number];

/** ms (the default 10 cost ~5 ms CPU/s idle); deploy/monitoring/rules.yml subtracts it. */
export const EVENT_LOOP_SAMPLE_MS = 100;

/** The cgroup memory limit, bytes; undefined when none or no smaller than the machine's memory. */
export function containerMemoryLimit(): number | undefined {
  const limit = process.constrainedMemory();
  return Number.isFinite(limit) && limit > 0 && limit < totalmem() ? limit : undefined;
}

export interface Observability {
  registry: Registry;
  /** @param outcome a metric label of `src/lib/enquiry-outcomes.ts` */
  enquiry(outcome: string): void;
  vitalsReport(result: VitalsResult): void;
  /** @param value in the library's unit (ms; CLS has none) */
  webVital(route: VitalsRoute, name: VitalName, value: number): void;
  readiness(ready: boolean): void;
  /** Stored or failed (old pages kept); `seconds` rendering took; `pages` rendered anew. */
  contentRender(result: 'stored' | 'failed', seconds: number, pages?: number): void;
  /** An item page rendered on request in `seconds`; `cachedBytes` the item pages now kept. */
  itemPageRender(seconds: number, cachedBytes: number): void;
  /** Readiness turns 503 from now on (SIGTERM). */
  drain(): void;
  readonly draining: boolean;
}

export interface ObservabilityOptions {
  /** Bytes; default {@link containerMemoryLimit}. */
  memoryLimit?: () => number | undefined;
  /** Epoch ms; default: read from the runtime's database. */
  lastBackup?: () => Promise<number | null>;
}

export function createObservability(
  runtime: EnquiryRuntime,
  options: ObservabilityOptions = {},
): Observability {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  let draining = false;
  const enquiries = new Counter({
    name: 'enquiries_total',
    help: 'Enquiries by outcome (accepted, spam, invalid, forbidden-origin, rate-limited, too-large, wrong-type, unavailable).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Every outcome exported at 0, so a rate of one that has not happened yet reads 0, not nothing.
  for (const { metric } of Object.values(OUTCOMES)) enquiries.inc({ outcome: metric }, 0);
  const reports = new Counter({
    name: 'web_vitals_reports_total',
    help: 'Web Vitals reports by result (accepted, invalid, forbidden-origin, too-large, wrong-type, rate-limited).',
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of VITALS_RESULTS) reports.inc({ result }, 0);
  const vitals = Object.fromEntries(
    VITAL_NAMES.map((name) => {
      const { name: metricName, buckets } = VITAL_HISTOGRAMS[name];
      const histogram = new Histogram({
        name: metricName,
        help: `Field ${name} of page views by route (${name === 'CLS' ? 'layout shift score' : 'seconds'}), as the pages report it.`,
        labelNames: ['route'],
        buckets: [...buckets],
        registers: [registry],
      });
      return [name, histogram];
    }),
  ) as Record<VitalName, Histogram>;
  const renders = new Counter({
    name: 'content_release_renders_total',
    help: "Renders of a new content release's pages by result: stored (now served), failed (the old pages kept).",
    labelNames: ['result'],
    registers: [registry],
  });
  for (const result of ['stored', 'failed']) renders.inc({ result }, 0);
  const renderSeconds = new Histogram({
    name: 'content_release_render_seconds',
    help: 'Time to render every page of a new content release, stored or failed, seconds.',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers: [registry],
  });
  const pagesRendered = new Counter({
    name: 'content_release_pages_rendered_total',
    help: 'Stored responses rendered for new content releases; a page no change touched is kept, not counted.',
    registers: [registry],
  });
  const itemRenderSeconds = new Histogram({
    name: 'item_page_render_seconds',
    help: 'Time to render an item page on its first request since a release changed it (then kept), seconds.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const itemCacheBytes = new Gauge({
    name: 'item_page_cache_bytes',
    help: 'Bytes of rendered item pages kept in memory, all encodings; bounded by ITEM_PAGE_CACHE_MB.',
    registers: [registry],
  });
  const ready = new Gauge({
    name: 'readiness_status',
    help: 'What /readyz answered last: 1 ready (200), 0 not ready (503, or not asked yet).',
    registers: [registry],
  });
  const readyChanges = new Counter({
    name: 'readiness_changes_total',
    help: 'Times the answer of /readyz changed between ready and not ready.',
    registers: [registry],
  });
  let lastReady: boolean | undefined;
  const memoryLimit = options.memoryLimit ?? containerMemoryLimit;
  if (memoryLimit() !== undefined) {
    // Registered only under a limit: absent, the memory alert has nothing to compare with.
    new Gauge({
      name: 'cgroup_memory_limit_bytes',
      help: 'Memory limit of the container (cgroup) the process runs in, bytes.',
      registers: [registry],
      collect() {
        this.set(memoryLimit() ?? Number.NaN);
      },
    });
  }
  // E-mail is always among them: its rows queue even without SMTP_URL, and an alert must see that.
  const channels = (): readonly Channel[] => runtime.channels;
  // One store read serves the three channel gauges of a scrape.
  let pending: Promise<DeliveryFigures> | undefined;
  const figures = (): Promise<DeliveryFigures> => {
    pending ??= runtime.store.deliveryFigures().finally(() => {
      setImmediate(() => (pending = undefined));
    });
    return pending;
  };
  const channelGauge = (
    name: string,
    help: string,
    value: (c: DeliveryFigures['channels'][number] | undefined, now: number) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['channel'],
      registers: [registry],
      async collect() {
        const f = await figures();
        this.reset();
        const now = runtime.now();
        for (const channel of channels()) {
          this.set(
            { channel },
            value(
              f.channels.find((c) => c.channel === channel),
              now,
            ),
          );
        }
      },
    });
  channelGauge(
    'outbox_backlog',
    'Notifications not yet delivered (nor cancelled), per channel.',
    (c) => c?.backlog ?? 0,
  );
  channelGauge(
    'outbox_oldest_age_seconds',
    'Age of the oldest undelivered notification per channel, seconds (0 when none).',
    (c, now) => {
      const at = c?.oldestQueuedAt ?? null;
      return at === null ? 0 : Math.max(0, (now - at) / 1000);
    },
  );
  channelGauge(
    'outbox_last_failure_timestamp_seconds',
    "Unix time of the channel's last failed delivery attempt, seconds (0 if none).",
    (c) => {
      const at = c?.lastFailureAt ?? null;
      return at === null ? 0 : at / 1000;
    },
  );
  const lastBackup = options.lastBackup ?? (() => lastBackupAt(runtime.config));
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'Unix time the last successful backup recorded in the database finished, seconds (0 if none).',
    registers: [registry],
    async collect() {
      try {
        const at = await lastBackup();
        this.set(at === null ? 0 : at / 1000);
      } catch {
        // The database is away: readiness and its alerts say so; the last value stands.
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
    vitalsReport: (result) => reports.inc({ result }),
    webVital: (route, name, value) =>
      vitals[name].observe(
        { route: vitalsRouteLabel(route) },
        value * VITAL_HISTOGRAMS[name].scale,
      ),
    contentRender: (result, seconds, pages) => {
      renders.inc({ result });
      renderSeconds.observe(seconds);
      if (pages !== undefined) pagesRendered.inc(pages);
    },
    itemPageRender: (seconds, cachedBytes) => {
      itemRenderSeconds.observe(seconds);
      itemCacheBytes.set(cachedBytes);
    },
    readiness: (isReady) => {
      ready.set(isReady ? 1 : 0);
      if (lastReady !== undefined && lastReady !== isReady) readyChanges.inc();
      lastReady = isReady;
    },
    drain: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

/** @param startedAt `performance.now()` when the request arrived, ms */
export type RecordRequest = (
  method: string,
  path: string,
  status: number,
  startedAt: number,
) => void;

/** Request count and latency: Express's middleware, and `record` for the stored pages' fast path. */
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

/** JSON request logs without personal data. */
export function requestLogs(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    autoLogging: {
      // Web Vitals reports come one a page view and are counted by result instead.
      ignore: (req) =>
        ((req.url === LIVENESS_PATH || req.url === READINESS_PATH) &&
          (req.method ?? 'GET') === 'GET') ||
        ((req.url ?? '').split('?')[0] === VITALS_PATH && req.method === 'POST'),
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

/** `/healthz` and `/readyz`, JSON `{ status, version, uptime }` (uptime in s), `no-store`. */
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
      obs.readiness(false);
      res.status(503).json({ ...body('draining') });
      return;
    }
    if (!warm()) {
      obs.readiness(false);
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
      obs.readiness(true);
      res.json({ ...body('ready'), store: runtime.store.kind });
    } catch {
      obs.readiness(false);
      res.status(503).json({ ...body('unavailable'), store: runtime.store.kind });
    } finally {
      clearTimeout(timer);
    }
  });
  return router;
}

/** `METRICS_PORT`: `GET /metrics` in Prometheus text format, nothing else. */
export function createMetricsApp(obs: Observability): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', obs.registry.contentType).send(await obs.registry.metrics());
  });
  return app;
}
