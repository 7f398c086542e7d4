/**
 * The page store: in production every page, its `?sent=1` variant and the 404 are rendered once,
 * through the route tree's own request handler, before readiness
 * (docs/decisions/006-pages-rendered-once-per-release.md). The footer's year changes without a
 * release, so the first request of a new year renders them all again and waits.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { CONFIRMATION_PARAM, CONFIRMATION_SEARCH } from '../lib/enquiry-fields.ts';
import { documentCsp, hashSource, inlineCode } from './csp.ts';
import { sendStored, storeResponse, strengthen, type StoredResponse } from './stored-response.ts';

/**
 * Unreserved characters and `/` only (https://www.rfc-editor.org/rfc/rfc3986#section-2.3):
 * nothing to decode or refuse, so the fast path may answer it.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~/]*$/;

/** A path no page has: its render is the 404 page served for every unknown path. */
export const NOT_FOUND_PROBE = '/.well-known/not-a-page';

/** A CDN keeps a page 10 minutes, browsers revalidate every time; a release purges the CDN. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=60';

/** Unknown paths are many: a minute in shared caches is enough. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

export interface PageStoreDeps {
  /**
   * Answers a request of `SITE_URL` with the route tree, as a page stored at start: no nonce, the
   * root loader's year `year`.
   */
  render: (request: globalThis.Request, year: number) => Promise<Response>;
  /** `SITE_URL` */
  origin: string;
  /** Page paths to render (`/`, `/about`…); the 404 is added. */
  paths: readonly string[];
  /** The clock, ms since the epoch (tests move it across 1 January). */
  now: () => number;
  /** True for a path Express answers (static files, the API…): the fast path leaves it alone. */
  handledElsewhere: (path: string) => boolean;
  logger: Logger;
}

interface Rendition {
  year: number;
  /** Keyed by path, or path + `?sent=1`. */
  pages: ReadonlyMap<string, StoredResponse>;
  notFound: StoredResponse;
}

export interface PageStore {
  /** Settles when every page has been rendered (readiness waits for it). */
  readonly ready: Promise<void>;
  readonly warm: boolean;
  /** GET/HEAD of a page path: the stored page; case and trailing-slash variants 301 to it. */
  pages: RequestHandler;
  /** GET/HEAD of anything no earlier route answered: the stored 404 page. */
  notFound: RequestHandler;
  /**
   * The fast path before Express, once this year's pages are ready: a GET/HEAD of exactly a stored
   * page, or the stored 404 for a plain path that is no page, variant or `handledElsewhere`.
   * @param headers the security headers Express would add, sent first
   * @returns false, having sent nothing, for anything else (redirects and refusals included)
   */
  serve(req: IncomingMessage, res: ServerResponse, headers: Map<string, string>): boolean;
}

/**
 * One page as the route tree answers it, with the hash-based policy of its inline scripts and
 * styles (`src/server/csp.ts`).
 * @throws Error when the answer is not a page (a redirect, an error)
 */
export async function renderStored(
  deps: Pick<PageStoreDeps, 'render' | 'origin'>,
  pathAndQuery: string,
  year: number,
): Promise<{ status: number; headers: Record<string, string>; html: Buffer }> {
  const response = await deps.render(new globalThis.Request(`${deps.origin}${pathAndQuery}`), year);
  const html = Buffer.from(await response.arrayBuffer());
  if (
    !(response.headers.get('content-type') ?? '').startsWith('text/html') ||
    response.status >= 500
  ) {
    throw new Error(`${pathAndQuery} answered ${response.status} instead of a page`);
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  const inline = inlineCode(html.toString('utf8'));
  headers['content-security-policy'] = documentCsp({
    scripts: inline.scripts.map(hashSource),
    styles: inline.styles.map(hashSource),
  });
  return { status: response.status, headers, html };
}

async function renderAll(deps: PageStoreDeps, year: number): Promise<Rendition> {
  const render = async (pathAndQuery: string, cacheControl: string) => {
    const page = await renderStored(deps, pathAndQuery, year);
    page.headers['cache-control'] = cacheControl;
    return page;
  };
  const pages = new Map<string, StoredResponse>();
  const jobs = deps.paths.map(async (path) => {
    const base = await render(path, PAGE_CACHE_CONTROL);
    const sent = await render(`${path}${CONFIRMATION_SEARCH}`, PAGE_CACHE_CONTROL);
    const [stored, storedSent] = await Promise.all([
      storeResponse(base.status, base.headers, base.html),
      sent.html.equals(base.html) ? undefined : storeResponse(sent.status, sent.headers, sent.html),
    ]);
    pages.set(path, stored);
    pages.set(`${path}${CONFIRMATION_SEARCH}`, storedSent ?? stored);
  });
  const notFound = render(NOT_FOUND_PROBE, NOT_FOUND_CACHE_CONTROL).then((page) =>
    storeResponse(page.status, page.headers, page.html),
  );
  const [stored404] = await Promise.all([notFound, ...jobs]);
  return { year, pages, notFound: stored404 };
}

/** Lowercase, without trailing slashes (`/` stays `/`). */
export function canonicalPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

function wantsConfirmation(req: Request): boolean {
  return req.query[CONFIRMATION_PARAM] === '1';
}

/** Starts rendering every page; a failed render is logged and rejects `ready`. */
export function createPageStore(deps: PageStoreDeps): PageStore {
  const yearOf = (ms: number) => new Date(ms).getFullYear();
  let current = renderAll(deps, yearOf(deps.now()));
  let warm = false;
  /** What the fast path may use; undefined while a rendition is under way. */
  let settled: Rendition | undefined;
  const ready = current.then((first) => {
    settled = first;
    warm = true;
    // Full-strength brotli after readiness, off the request path.
    void strengthen([...first.pages.values(), first.notFound]).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'brotli compression failed'),
    );
  });
  ready.catch((error: unknown) => deps.logger.error({ err: error }, 'pages failed to render'));

  const rendition = async (): Promise<Rendition> => {
    const now = await current;
    const year = yearOf(deps.now());
    if (now.year !== year) {
      const next = renderAll(deps, year);
      current = next.catch(() => now);
      settled = undefined;
      void current.then(async (rendition) => {
        settled = rendition;
        await strengthen([...rendition.pages.values(), rendition.notFound]);
      });
      return current;
    }
    return now;
  };

  const isRead = (req: Request) => req.method === 'GET' || req.method === 'HEAD';

  const pages: RequestHandler = async (req, res, next) => {
    if (!isRead(req)) return next();
    try {
      const { pages: stored } = await rendition();
      const page = stored.get(
        wantsConfirmation(req) ? `${req.path}${CONFIRMATION_SEARCH}` : req.path,
      );
      if (page) return sendStored(req, res, page);
      const canonical = canonicalPath(req.path);
      if (canonical !== req.path && stored.has(canonical)) {
        const query = req.originalUrl.indexOf('?');
        const search = query === -1 ? '' : req.originalUrl.slice(query);
        res.set('Cache-Control', 'public, max-age=3600').redirect(301, canonical + search);
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };

  const notFound: RequestHandler = async (req, res, next) => {
    if (!isRead(req)) return next();
    try {
      const { notFound: page } = await rendition();
      deps.logger.warn({ path: req.path, status: 404 }, 'page not found');
      sendStored(req, res, page);
    } catch (error) {
      next(error);
    }
  };

  /** A path Express would answer with the stored 404 page anyway. */
  const serveNotFound = (
    rendition: Rendition,
    path: string,
    req: IncomingMessage,
    res: ServerResponse,
    headers: Map<string, string>,
  ): boolean => {
    if (!PLAIN_PATH.test(path) || deps.handledElsewhere(path)) return false;
    if (rendition.pages.has(canonicalPath(path))) return false;
    deps.logger.warn({ path, status: 404 }, 'page not found');
    sendStored(req, res, rendition.notFound, headers);
    return true;
  };

  const serve: PageStore['serve'] = (req, res, headers) => {
    if (!settled || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (settled.year !== yearOf(deps.now())) return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!settled.pages.has(path)) return serveNotFound(settled, path, req, res, headers);
    const sent =
      query !== -1 &&
      new URLSearchParams(url.slice(query + 1)).getAll(CONFIRMATION_PARAM).join() === '1';
    const page = settled.pages.get(sent ? `${path}${CONFIRMATION_SEARCH}` : path);
    if (!page) return false;
    sendStored(req, res, page, headers);
    return true;
  };

  return {
    ready,
    get warm() {
      return warm;
    },
    pages,
    notFound,
    serve,
  };
}
