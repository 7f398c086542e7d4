/**
 * Counting page views beside the pages, never in them (docs/decisions/100-cookieless-visit-statistics.md):
 * a document request answered 200, or 304 from the browser's cache (a stored page before Express
 * or a rendered one), and a client
 * navigation's beacon are kept in memory, then described and written in batches off the request
 * path; nothing is set on the response. Never counted: staff pages (no public page's path),
 * previews and share links, robots, prefetches, `HEAD`, redirects and other statuses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PREVIEW_PARAM } from '../content/previews.ts';
import type { Logger } from '../logger.ts';
import type { StatisticsStore, EnquiryOrigin, VitalsEntry } from './store.ts';
import {
  captured,
  describer,
  isPrefetch,
  isRobot,
  nodeRequest,
  utcDay,
  visitorHash,
  type CapturedView,
  type DescribedView,
  type RequestLike,
} from './views.ts';

/**
 * Views unlike each other held before a batch is written at once (alike ones are counted in one:
 * {@link alike}); past {@link MAX_WAITING} new ones are dropped.
 */
const BATCH = 500;
const MAX_WAITING = 50_000;
/** ms between batches: a view shows on the statistics page within about this. */
export const FLUSH_MS = 2_000;
/** ms between the end-of-day and retention sweeps. */
const MAINTAIN_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * What makes two views one entry of a batch: all they record, the hour included. A batch spans
 * seconds, far less than a visit's 30-minute gap, so counting alike views together changes no
 * figure; a page reloaded or hammered from one address costs one entry, not one a request.
 */
function alike(v: CapturedView): string {
  const flags = `${v.gpc ? 1 : 0}${v.beacon ? 1 : 0}`;
  return `${Math.floor(v.at / HOUR_MS)}\0${v.route}\0${v.item}\0${v.slug ?? ''}\0${v.ip}\0${v.userAgent}\0${v.referrer}\0${v.query}\0${v.country}\0${flags}`;
}

export interface CounterOptions {
  store: StatisticsStore;
  /** `SITE_URL`: part of every visitor hash, and the referrer that is no source. */
  siteUrl: string;
  /** The public pages by path, each with its route id. */
  pages: ReadonlyMap<string, string>;
  /** The item pages (`ITEM_PAGES` of `src/pages.ts`): route id and path prefix. */
  itemPages?: ReadonlyArray<{ id: string; prefix: string }> | undefined;
  trustProxy: boolean;
  countryHeader: string | undefined;
  retentionMonths: number;
  logger: Logger;
  /** epoch ms; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Default true: batches every {@link FLUSH_MS}; tests call `flush` themselves. */
  timers?: boolean | undefined;
}

export interface Counter {
  /**
   * Wraps the public port's request listener: a `GET` of a public page's path, or of an item
   * page's (`/showcase/<slug>`), is counted when it is answered 200, or 304 to a browser's
   * document request: at once for a stored page (ended before the listener returns), else when
   * the response finishes.
   * @param itemOf the id of the item whose slug `slug` is on item page `route` in the release
   *   shown, undefined for none: an item page's view is kept by its item's id, never its slug
   */
  wrap(
    listener: (req: IncomingMessage, res: ServerResponse) => void,
    itemOf?: ItemOf,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * A client navigation's view, reported by the browser (`src/react/page-views.ts`); on an
   * item page `item` is the slug the browser shows, resolved as the document's.
   */
  beacon(req: IncomingMessage, route: string, item: string): void;
  /**
   * The visit going on for the sender of `req` (flushing what waits first), as an enquiry's
   * origin; undefined without one (no view counted, Sec-GPC, a robot).
   */
  originFor(req: RequestLike, formRoute: string): Promise<EnquiryOrigin | undefined>;
  /**
   * Keeps a new enquiry's origin ({@link Counter.originFor}) with its id; never rejects (a
   * failure is logged: the enquiry is stored already).
   * @param formPath the path the form was posted to
   */
  enquirySent(
    submissionId: string,
    receivedAt: number,
    req: RequestLike,
    formPath: string,
  ): Promise<void>;
  /** A field Web Vitals report the endpoint accepted, kept with the next batch. */
  vitals(entry: VitalsEntry): void;
  /** Writes what waits; resolves when written (a failure is logged, the batch dropped). */
  flush(): Promise<void>;
  /** Ends the past days and applies the retention now. */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A browser's request for a page to show (https://fetch.spec.whatwg.org/#concept-request-destination):
 * `Sec-Fetch-Dest: document`, or without that header one that accepts HTML. A 304 to it is a view
 * of the page from the browser's cache (the stored pages are revalidated on every load).
 */
function isDocument(req: IncomingMessage): boolean {
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined) return dest === 'document';
  return (req.headers.accept ?? '').includes('text/html');
}

/** A request {@link Counter.wrap} counts once it is answered 200 (or a document's 304). */
interface WrappedView {
  route: string;
  slug: string | undefined;
  /** epoch ms: when the request came */
  at: number;
}

/** An item page's slug to its item's id (see {@link Counter.wrap}). */
export type ItemOf = (route: string, slug: string) => Promise<string | undefined>;

export function createCounter(options: CounterOptions): Counter {
  const { store, logger, pages } = options;
  const now = options.now ?? Date.now;
  const describe = describer(options.siteUrl);
  const site = new URL(options.siteUrl).host;
  const { trustProxy, countryHeader } = options;
  let waiting = new Map<string, CapturedView>();
  let vitals: VitalsEntry[] = [];
  let writing = Promise.resolve();
  let dropped = 0;
  let itemOf: ItemOf | undefined;
  const itemPages = options.itemPages ?? [];
  const itemPage = (path: string) => {
    for (const page of itemPages) {
      if (!path.startsWith(page.prefix)) continue;
      const slug = path.slice(page.prefix.length);
      if (/^[\w-]{1,100}$/.test(slug)) return { route: page.id, slug };
    }
    return undefined;
  };

  const keep = (view: CapturedView) => {
    const key = alike(view);
    const same = waiting.get(key);
    if (same) {
      same.views += 1;
      same.lastAt = view.at;
    } else if (waiting.size >= MAX_WAITING) {
      dropped += 1;
    } else {
      waiting.set(key, view);
      if (waiting.size >= BATCH) void flush();
    }
  };

  // isbot's pattern is long: a batch asks it once per user agent.
  const robots = new Map<string, boolean>();
  const robot = (userAgent: string) => {
    let known = robots.get(userAgent);
    if (known === undefined) {
      if (robots.size >= 1000) robots.clear();
      robots.set(userAgent, (known = isRobot(userAgent)));
    }
    return known;
  };
  const write = async (batch: CapturedView[]) => {
    const described: DescribedView[] = [];
    const salts = new Map<string, string>();
    const items = new Map<string, string>();
    for (const view of batch) {
      if (robot(view.userAgent)) continue;
      if (view.slug !== undefined) {
        const key = `${view.route}\0${view.slug}`;
        let item = items.get(key);
        if (item === undefined)
          items.set(key, (item = (await itemOf?.(view.route, view.slug)) ?? ''));
        view.item = item;
      }
      const day = utcDay(view.at);
      let salt = salts.get(day);
      if (salt === undefined) salts.set(day, (salt = await store.salt(day)));
      described.push(describe(view, salt));
    }
    await store.record(described);
  };

  function flush(): Promise<void> {
    const batch = [...waiting.values()];
    const reports = vitals;
    waiting = new Map();
    vitals = [];
    if (dropped > 0) {
      logger.warn({ dropped }, 'statistics: views dropped, the batch queue was full');
      dropped = 0;
    }
    writing = writing.then(async () => {
      if (batch.length > 0) {
        await write(batch).catch((e: unknown) => {
          logger.error({ err: String(e), views: batch.length }, 'statistics batch failed');
        });
      }
      if (reports.length > 0) {
        await store.recordVitals(reports).catch((e: unknown) => {
          logger.error(
            { err: String(e), reports: reports.length },
            'statistics: vitals batch failed',
          );
        });
      }
    });
    return writing;
  }

  const maintain = () =>
    store.maintain(now(), options.retentionMonths).catch((e: unknown) => {
      logger.error({ err: String(e) }, 'statistics sweep failed');
    });

  const timers =
    options.timers === false
      ? []
      : [
          setInterval(() => void flush(), FLUSH_MS).unref(),
          setInterval(() => void maintain(), MAINTAIN_MS).unref(),
        ];
  if (options.timers !== false) void maintain();

  const counts = (req: IncomingMessage) =>
    !isPrefetch(req.headers) && !(req.url ?? '').includes(`${PREVIEW_PARAM}=`);
  /** A `GET` of a public page's path or an item page's, to count once answered. */
  const toCount = (req: IncomingMessage): WrappedView | undefined => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const page = pages.get(path);
    const item = page === undefined && itemOf ? itemPage(path) : undefined;
    const route = page ?? item?.route;
    return route !== undefined && counts(req) ? { route, slug: item?.slug, at: now() } : undefined;
  };

  return {
    wrap(listener, resolve) {
      itemOf = resolve;
      const served = (req: IncomingMessage, res: ServerResponse, view: WrappedView) => {
        if (res.statusCode === 200 || (res.statusCode === 304 && isDocument(req))) {
          const { route, slug, at } = view;
          const captureOf = { route, item: '', slug, at, beacon: false };
          keep(captured(nodeRequest(req, trustProxy), captureOf, countryHeader));
        }
      };
      return (req, res) => {
        const view = req.method === 'GET' ? toCount(req) : undefined;
        listener(req, res);
        if (!view) return;
        // A stored page is answered before the listener returns, its status known at once.
        if (res.writableEnded) served(req, res, view);
        else res.once('finish', () => served(req, res, view));
      };
    },
    beacon(req, route, item) {
      if (isPrefetch(req.headers)) return;
      const slug = itemPages.some((p) => p.id === route) ? item : undefined;
      const view = { route, item: slug === undefined ? item : '', slug, at: now(), beacon: true };
      keep(captured(nodeRequest(req, trustProxy), view, countryHeader));
    },
    async originFor(req, formRoute) {
      const at = now();
      const view = captured(req, { route: formRoute, item: '', at, beacon: false }, countryHeader);
      if (view.gpc || isRobot(view.userAgent)) return undefined;
      await flush();
      const salt = await store.salt(utcDay(view.at));
      const visit = await store.visitOf(visitorHash(salt, site, view.ip, view.userAgent), view.at);
      return (
        visit && {
          entryRoute: visit.entryRoute,
          entryItem: visit.entryItem,
          source: visit.source,
          utmCampaign: visit.utmCampaign,
          formRoute,
          viewsBefore: visit.views,
        }
      );
    },
    async enquirySent(submissionId, receivedAt, req, formPath) {
      try {
        const origin = await this.originFor(req, pages.get(formPath) ?? '');
        if (origin) await store.saveOrigin(submissionId, receivedAt, origin);
      } catch (e) {
        logger.error({ err: String(e) }, 'statistics: the enquiry origin was not kept');
      }
    },
    vitals(entry) {
      if (vitals.length < MAX_WAITING) vitals.push(entry);
    },
    flush,
    maintain,
    async close() {
      for (const timer of timers) clearInterval(timer);
      await flush();
    },
  };
}
