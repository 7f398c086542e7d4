/**
 * The page store: in production every page of the page list, its `?sent=1` variant and the route
 * tree's catch-all (the 404 page) are rendered once, through the route tree's own request
 * handler, before readiness, and looked up by path
 * (docs/decisions/006-pages-rendered-once-per-release.md,
 * docs/decisions/041-stored-pages-as-one-lookup.md). The footer's year changes without a release,
 * so the first request of a new year renders them all again and waits.
 */
import type { Logger } from 'pino';
import { CONFIRMATION_SEARCH } from '../lib/enquiry-fields.ts';
import { storedPageCsp } from './csp.ts';
import { storeResponse, strengthen, type StoredResponse } from './stored-response.ts';

/** The key of the catch-all's render: the route's own path, which no request path equals. */
export const CATCH_ALL = '*';

/** A path no page has: its render is the catch-all's. */
const NOT_FOUND_PROBE = '/.well-known/not-a-page';

/** A CDN keeps a page 10 minutes, browsers revalidate every time; a release purges the CDN. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=60';

/** Unknown paths are many: a minute in shared caches is enough. */
const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

export interface PageStoreDeps {
  /**
   * Answers a request of `SITE_URL` with the route tree, as a page stored at start: no nonce, the
   * root loader's year `year`.
   */
  render: (request: Request, year: number) => Promise<Response>;
  /** `SITE_URL` */
  origin: string;
  /** Page paths to render (`/`, `/about`…); the catch-all is added. */
  paths: readonly string[];
  /** The clock, ms since the epoch (tests move it across 1 January). */
  now: () => number;
  logger: Logger;
}

interface Rendition {
  year: number;
  /** Keyed by path, path + `?sent=1`, or {@link CATCH_ALL}. */
  pages: ReadonlyMap<string, StoredResponse>;
}

export interface PageStore {
  /** Settles when every page has been rendered (readiness waits for it); rejects when one fails. */
  readonly ready: Promise<void>;
  /**
   * The one lookup: this year's stored answer for `key` (a page path, that path + `?sent=1`, or
   * {@link CATCH_ALL}), at once when rendered, as a promise while they are (start, 1 January).
   * @returns undefined for a key that is no stored page
   */
  find(key: string): StoredResponse | undefined | Promise<StoredResponse | undefined>;
}

interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  html: Buffer;
}

/**
 * One answer of the route tree, with the hash-based policy of its inline scripts and styles
 * (`src/server/csp.ts`).
 * @throws Error when the answer is not a page (a redirect, an error)
 */
async function renderPage(deps: PageStoreDeps, path: string, year: number): Promise<RenderedPage> {
  const response = await deps.render(new Request(`${deps.origin}${path}`), year);
  const html = Buffer.from(await response.arrayBuffer());
  if (!response.headers.get('content-type')?.startsWith('text/html') || response.status >= 500) {
    throw new Error(`${path} answered ${response.status} instead of a page`);
  }
  const csp = storedPageCsp(html.toString('utf8'));
  return {
    status: response.status,
    headers: { ...Object.fromEntries(response.headers), 'content-security-policy': csp },
    html,
  };
}

async function renderAll(deps: PageStoreDeps, year: number): Promise<Rendition> {
  const render = (path: string) => renderPage(deps, path, year);
  const store = ({ status, headers, html }: RenderedPage, cacheControl: string) =>
    storeResponse(status, { ...headers, 'cache-control': cacheControl }, html);
  const pages = new Map<string, StoredResponse>();
  await Promise.all([
    render(NOT_FOUND_PROBE).then(async (page) =>
      pages.set(CATCH_ALL, await store(page, NOT_FOUND_CACHE_CONTROL)),
    ),
    ...deps.paths.map(async (path) => {
      const [page, sent] = await Promise.all([render(path), render(path + CONFIRMATION_SEARCH)]);
      const stored = await store(page, PAGE_CACHE_CONTROL);
      pages.set(path, stored);
      const same = sent.html.equals(page.html);
      pages.set(path + CONFIRMATION_SEARCH, same ? stored : await store(sent, PAGE_CACHE_CONTROL));
    }),
  ]);
  return { year, pages };
}

/** Starts rendering every page; a failed render is logged and rejects `ready`. */
export function createPageStore(deps: PageStoreDeps): PageStore {
  const yearNow = () => new Date(deps.now()).getFullYear();
  /** The rendition lookups answer from at once; unset while the year's is under way. */
  let settled: Rendition | undefined;
  let pending: { year: number; rendition: Promise<Rendition> } | undefined;
  const renderYear = (year: number): Promise<Rendition> => {
    const previous = settled;
    settled = undefined;
    const rendition = renderAll(deps, year).then(
      (next) => {
        settled = next;
        // Full-strength brotli after readiness, off the request path.
        void strengthen(next.pages.values()).catch((error: unknown) =>
          deps.logger.error({ err: error }, 'brotli compression failed'),
        );
        return next;
      },
      (error: unknown) => {
        deps.logger.error({ err: error }, 'pages failed to render');
        if (!previous) throw error;
        // Last year's pages until a later request renders this year's.
        pending = undefined;
        settled = previous;
        return previous;
      },
    );
    pending = { year, rendition };
    return rendition;
  };
  const ready = renderYear(yearNow()).then(() => undefined);
  ready.catch(() => undefined);
  const keys = new Set([CATCH_ALL, ...deps.paths.flatMap((p) => [p, p + CONFIRMATION_SEARCH])]);
  return {
    ready,
    find(key) {
      if (!keys.has(key)) return undefined;
      const year = yearNow();
      if (settled?.year === year) return settled.pages.get(key);
      const rendition = pending?.year === year ? pending.rendition : renderYear(year);
      return rendition.then((r) => r.pages.get(key));
    },
  };
}
