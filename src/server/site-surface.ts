/** The public site's side of the app (docs/decisions/092-one-path-per-request.md). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as express from 'express';
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import type { DocumentAssets, SiteServer } from '../react/load-context.ts';
import type { SiteContent } from '../content/images.ts';
import { isReleasePage, NOT_FOUND_PAGE, PAGES } from '../pages.ts';
import { isStaffPath, STAFF_BASE } from '../lib/staff-paths.ts';
import { MEDIA_PREFIX } from '../lib/media.ts';
import { CONFIRMATION_PARAM, CONFIRMATION_SEARCH, START_PATH } from '../lib/enquiry-fields.ts';
import type { ContentSource } from './content/source.ts';
import type { MediaStore } from './content/media.ts';
import { contentForPages } from './content/pages-content.ts';
import { contentChanges, lastChange, pageTouched } from './content/page-dependencies.ts';
import { COLLECTIONS } from '../content/collections.ts';
import { withChanges } from './content/items.ts';
import { PREVIEW_PARAM, type PreviewStore } from './content/previews.ts';
import { criticalCssFinder } from './critical-css.ts';
import type { EnquiryRuntime } from './enquiries/runtime.ts';
import type { Env } from './env.ts';
import { sendAsStored } from './http/compression.ts';
import { frameworkPath, isRead, refuse, wellFormedHost } from './http/request-guards.ts';
import { isSecure, type SeenHeaders } from './http/security-headers.ts';
import {
  itemCardOf,
  itemIdOf,
  itemReadOf,
  itemPageSamples,
  itemPaths,
  listingPagePaths,
} from './item-pages.ts';
import { FEED_PATHS, feedFiles } from './news-feeds.ts';
import {
  healthRoutes,
  LIVENESS_PATH,
  READINESS_PATH,
  type Observability,
} from './observability.ts';
import { loadContext, routeMatcher, type SiteServers } from './react-router.ts';
import { SEO_PATHS, seoFiles } from './seo.ts';
import { socialCards } from './social-cards.ts';
import type { Counter } from './statistics/counter.ts';
import {
  CATCH_ALL,
  createStoredPages,
  sendStored,
  type StoredPages,
  type StoredResponse,
} from './stored-pages.ts';
import { expressClaims, notFoundLog } from './unknown-paths.ts';
import { webVitalsRoutes } from './vitals-endpoint.ts';
import { vitalsModuleUrl } from './client-entries.ts';

export interface SiteSurfaceDeps {
  env: Env;
  runtime: EnquiryRuntime;
  logger: Logger;
  obs: Observability;
  content: ContentSource;
  media: MediaStore | undefined;
  previews: Pick<PreviewStore, 'open'> | undefined;
  statistics: Counter | undefined;
  /** The built route tree; a function (development) stores no pages. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  render: (request: Request, context: RouterContextProvider) => Promise<Response>;
  servers: SiteServers;
  /** The security headers Express sent, which the stored pages answered before it repeat. */
  seen: SeenHeaders;
  /** `<build>/client` in production; none: no stored pages, no critical CSS. */
  clientDir: string | undefined;
  buildDir: string | undefined;
  dev: boolean;
  staffServed: boolean;
  now: () => number;
  contentPollMs: number | undefined;
}

export interface SiteSurface {
  ready: Promise<void>;
  /** Before compression: stored pages, Web Vitals, health, robots, sitemap, security.txt. */
  early: RequestHandler[];
  cards: RequestHandler;
  notFound: RequestHandler;
  /** Just before the route tree: 301s from a page's other spellings, the store's 404 and 410s. */
  pagePaths: RequestHandler[];
  context(req: express.Request, res: express.Response): Promise<RouterContextProvider>;
  /** The request listener: a stored page before Express, counted; else `app`. */
  listener(
    app: Express,
    record: RecordRequest,
  ): (req: IncomingMessage, res: ServerResponse) => void;
}

type RecordRequest = (method: string, path: string, status: number, startedAt: number) => void;

const ONE_ITEM_FILES: ReadonlySet<string> = new Set(
  Object.values(COLLECTIONS).flatMap((c) => (c.shape === 'one' ? [c.file] : [])),
);

const noCss: DocumentAssets = { inlineCss: {}, fontPreloads: [] };

/** A page loader's data request after a client navigation (`singleFetchUrl`, react-router's `lib/dom/ssr/single-fetch.js`). */
const dataUrl = (page: { id: string; path: string }): string =>
  `${page.path === '/' ? '/_' : page.path}.data?_routes=${page.id}`;

/** A GET or HEAD's stored key: the path, with `?sent=1`, or a data request as asked. */
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

function fontPreloadsOf(inlineCss: Readonly<Record<string, string>>): string[] {
  // Both faces' core files, or the text shifts (docs/decisions/014-rendering-work-and-fonts-on-phones.md).
  const core = /url\(["']?(\/assets\/[^)"']*-core-[^)"']*\.woff2)["']?\)/g;
  return [
    ...new Set(
      Object.values(inlineCss).flatMap((css) => [...css.matchAll(core)].map((m) => m[1] ?? '')),
    ),
  ];
}

export function siteSurface(deps: SiteSurfaceDeps): SiteSurface {
  const { env, logger, obs, content: source, now, servers } = deps;
  const origin = env.SITE_URL;
  const pageContent = contentForPages(source, deps.media);
  const yearNow = () => new Date(now()).getFullYear();
  const counter = deps.statistics;

  const findCss = deps.clientDir && criticalCssFinder(deps.clientDir);
  const vitalsModule = vitalsModuleUrl(deps.clientDir, deps.dev);
  /** A release's critical CSS, and per page id the sample it came from and what that read. */
  interface ReleaseCss {
    assets: DocumentAssets;
    samples: Map<string, { path: string; css: string; reads: ReadonlySet<string> }>;
  }
  const releaseCss = new Map<number, Promise<ReleaseCss>>();
  /**
   * `release`'s critical CSS; with `since`, a page whose sample is the same path and whose reads
   * the changes since that release leave alone keeps its CSS (its markup is the same).
   */
  const storedCss = (
    year: number,
    release: number,
    content: SiteContent,
    since?: { release: number; touched: (reads: ReadonlySet<string>) => boolean },
  ): Promise<ReleaseCss> | undefined => {
    if (!findCss) return undefined;
    let found = releaseCss.get(release);
    if (!found) {
      found = (async () => {
        const earlier = since && (await releaseCss.get(since.release)?.catch(() => undefined));
        const samples: ReleaseCss['samples'] = new Map();
        for (const page of [...PAGES, NOT_FOUND_PAGE, ...itemPageSamples(content)]) {
          const kept = earlier?.samples.get(page.id);
          if (kept && kept.path === page.path && !since!.touched(kept.reads)) {
            samples.set(page.id, kept);
            continue;
          }
          const request = new Request(`${origin}${page.path}`);
          const server = servers.site(year, content);
          const bare = await deps.render(request, loadContext(server, noCss));
          const css = await findCss(await bare.text());
          samples.set(page.id, { path: page.path, css, reads: server.content.dependencies });
        }
        const inlineCss = Object.fromEntries([...samples].map(([id, { css }]) => [id, css]));
        const assets = { inlineCss, fontPreloads: fontPreloadsOf(inlineCss), vitalsModule };
        return { assets, samples };
      })();
      found.catch(() => releaseCss.delete(release));
      releaseCss.set(release, found);
      for (const old of [...releaseCss.keys()].slice(0, -2)) releaseCss.delete(old);
    }
    return found;
  };
  const storedAssets = async (year: number, release: number, content: SiteContent) =>
    (await storedCss(year, release, content))?.assets ?? { ...noCss, vitalsModule };
  const pages: StoredPages | undefined =
    deps.clientDir && !deps.dev
      ? createStoredPages({
          render: async (request, year, release) => {
            const content = await pageContent.shown(release);
            const assets = await storedAssets(year, release, content);
            const server = servers.site(year, content);
            const response = await deps.render(request, loadContext(server, assets));
            return Object.assign(response, { reads: server.content.dependencies });
          },
          // A page no changed item's read touches keeps its bytes; new critical CSS renders every page.
          changes: async (from, to, year) => {
            const [before, after] = await Promise.all([
              pageContent.shown(from),
              pageContent.shown(to),
            ]);
            const changed = contentChanges(before, after, ONE_ITEM_FILES);
            const touched = (reads: ReadonlySet<string>) => pageTouched(reads, changed);
            const cssBefore = await storedAssets(year, from, before);
            const cssAfter = (await storedCss(year, to, after, { release: from, touched }))?.assets;
            if (
              JSON.stringify(cssBefore) !== JSON.stringify(cssAfter ?? { ...noCss, vitalsModule })
            ) {
              return undefined;
            }
            return touched;
          },
          origin,
          paths: PAGES.map((p) => p.path),
          items: async (release) => ({
            paths: [
              ...itemPaths(await pageContent.shown(release)),
              ...listingPagePaths(await pageContent.shown(release)),
            ],
            moved: (await source.moved?.(release)) ?? new Map(),
          }),
          data: PAGES.map(dataUrl),
          now,
          logger,
          release: () => source.latest(),
          pollMs: deps.contentPollMs,
          cacheBytes: env.ITEM_PAGE_CACHE_MB * 1024 * 1024,
          onReleaseRender: (result, seconds, rendered) =>
            obs.contentRender(result, seconds, rendered),
          onItemRender: (seconds, cachedBytes) => obs.itemPageRender(seconds, cachedBytes),
        })
      : undefined;
  // Renders and the sitemap follow the stored pages' release; a preview lays changes over the newest.
  const shownRelease = async () => pages?.shownRelease() ?? (await source.latest());
  const shownContent = async () => pageContent.shown(await shownRelease());
  const seo = seoFiles(
    origin,
    {
      shown: shownRelease,
      publishedAt: (release) => source.publishedAt(release),
      paths: async (release) => itemPaths(await pageContent.shown(release)),
      // Each page's last published change of what it read, the same on every instance.
      lastmods: async (release) => {
        const changedAt = await source.changedAt?.(release);
        await pages?.ready.catch(() => undefined);
        if (!changedAt || !pages || pages.shownRelease() !== release) return () => undefined;
        const content = await pageContent.shown(release);
        return (path) => {
          // An item page's own change: whether an instance has rendered it yet must not matter.
          const item = itemReadOf(content, path);
          if (item !== undefined) return changedAt.get(item);
          const reads = pages.readsOf(path);
          return reads && lastChange(reads, changedAt);
        };
      },
    },
    now,
    deps.staffServed ? [STAFF_BASE] : [],
  );
  const previewed = async (previews: NonNullable<SiteSurfaceDeps['previews']>, token: string) => {
    const found = await previews.open(token, now());
    if (found.state !== 'shown') return { content: await shownContent(), preview: found };
    const content = await pageContent.show(
      withChanges(await source.read(await source.latest()), found.changes),
    );
    return { content, preview: { state: found.state, expiresAt: found.expiresAt } };
  };
  const ready = Promise.all([seo.ready, pages?.ready]).then(() => undefined);
  let warm = false;
  void ready.then(
    () => (warm = true),
    () => undefined,
  );

  // The staff area's branch is left out of the matching: each route costs every call time.
  const build = deps.build;
  const routeOf = pages && typeof build !== 'function' ? routeMatcher(build, 'staff') : undefined;
  const claimed = expressClaims({
    clientDir: deps.clientDir,
    exact: [...SEO_PATHS, ...FEED_PATHS, LIVENESS_PATH, READINESS_PATH, START_PATH],
    prefixes: ['/assets', '/og', MEDIA_PREFIX],
  });
  const notFoundPaths = notFoundLog(logger);
  const isUnknownRoute = (route: string | undefined) =>
    route === NOT_FOUND_PAGE.id || isReleasePage(route);
  // Paths with `%` go the Express way: the guards' 400, and `/%61bout`'s 301 to its page.
  const unknownPath = (path: string) =>
    routeOf !== undefined &&
    !path.includes('%') &&
    !frameworkPath(path) &&
    !isStaffPath(path) &&
    !claimed(path) &&
    // An item page not stored is no item's: its stored pages and old paths are found first.
    isUnknownRoute(routeOf(path));

  const notFound: RequestHandler = (req, res, next) => {
    if (!pages || !isRead(req)) return refuse(res, 404, 'Not Found');
    sendAsStored(res);
    void Promise.resolve(pages.find(CATCH_ALL)).then(
      (page) => (page ? sendStored(req, res, page) : next()),
      next,
    );
  };

  const early: RequestHandler[] = [];
  if (pages) {
    early.push((req, res, next) => {
      const key = storedKey(req);
      if (key === undefined) return next();
      void Promise.resolve(pages.find(key)).then(
        (page) => (page ? sendStored(req, res, page) : next()),
        next,
      );
    });
  }
  early.push(
    // Early: Web Vitals beacons skip compression and the post guard.
    webVitalsRoutes({
      obs,
      origin,
      secret: deps.runtime.secret,
      limit: env.WEB_VITALS_RATE_LIMIT_MAX,
      onView: counter && ((req, view) => counter.beacon(req, view.view, view.item ?? '')),
      onReport:
        counter &&
        ((report) => {
          const { route, LCP, INP, CLS } = report;
          counter.vitals({ at: now(), route, values: { LCP, INP, CLS } });
        }),
    }),
    healthRoutes(deps.runtime, obs, () => warm),
    seo.handler,
    feedFiles(origin, { shown: shownRelease, content: (n) => pageContent.shown(n) }),
  );

  const pagePaths: RequestHandler[] = [];
  if (pages && routeOf) {
    pagePaths.push((req, res, next) => {
      if (!isRead(req) || frameworkPath(req.path) || isStaffPath(req.path)) return next();
      const route = routeOf(req.path);
      const page = PAGES.find((p) => p.id === route);
      const preview = req.query[PREVIEW_PARAM] !== undefined;
      if (route === NOT_FOUND_PAGE.id || (isReleasePage(route) && !preview)) {
        return notFound(req, res, next);
      }
      if (!page || page.path === req.path) return next();
      sendAsStored(res);
      const query = req.originalUrl.indexOf('?');
      const search = query === -1 ? '' : req.originalUrl.slice(query);
      return res.set('Cache-Control', 'public, max-age=3600').redirect(301, page.path + search);
    });
  }

  const previews = deps.previews;
  return {
    ready,
    early,
    cards: socialCards(
      async (id) => (await shownContent())['pages.yaml'][id].title,
      deps.buildDir,
      async (route, id) => itemCardOf(await shownContent(), route, id),
    ),
    notFound,
    pagePaths,
    async context(req, res) {
      const ip = req.ip ?? req.socket.remoteAddress ?? '';
      const nonce = res.locals['nonce'] as string | undefined;
      const token = previews ? req.query[PREVIEW_PARAM] : undefined;
      if (token !== undefined) res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
      const { content, preview } =
        previews && token !== undefined
          ? await previewed(previews, typeof token === 'string' ? token : '')
          : { content: await shownContent(), preview: undefined };
      const server: SiteServer = servers.site(yearNow(), content, {
        ip,
        crossSite: res.locals['crossSite'] === true,
        preview,
      });
      return loadContext(server, { ...noCss, vitalsModule, nonce });
    },
    listener(app, record) {
      const trustProxy = env.TRUST_PROXY === '1';
      const { seen } = deps;
      const answer = (req: IncomingMessage, res: ServerResponse) => {
        if (!pages) return void app(req, res);
        const startedAt = performance.now();
        const key = storedKey(req);
        const headers = seen[isSecure(req, trustProxy) ? 'secure' : 'plain'];
        let found = key !== undefined && headers && pages.find(key);
        const path = key?.split('?')[0] ?? '/';
        const unknown = !found && headers && unknownPath(path);
        if (unknown) found = pages.find(CATCH_ALL);
        const send = (page: StoredResponse | undefined) => {
          if (!page || !headers) return void app(req, res);
          res.setHeaders(headers);
          sendStored(req, res, page);
          record(req.method ?? 'GET', path, res.statusCode, startedAt);
          if (unknown) notFoundPaths.record(path);
        };
        if (found instanceof Promise) found.then(send, () => void app(req, res));
        else if (found) send(found);
        else app(req, res);
      };
      return counter
        ? counter.wrap(answer, async (route, slug) => itemIdOf(await shownContent(), route, slug))
        : answer;
    },
  };
}
