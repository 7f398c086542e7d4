/** Pages rendered once per release, stored encoded: docs/decisions/006-pages-rendered-once-per-release.md */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { CONFIRMATION_SEARCH } from '../lib/enquiry-fields.ts';
import { storedPageCsp } from './csp.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Representation {
  body: Buffer;
  etag: string;
}

export interface StoredResponse {
  status: number;
  /** Lowercase names; `Vary`, `ETag`, `Content-Encoding` and `Content-Length` are added when sent. */
  headers: Map<string, string>;
  representations: Readonly<Record<Encoding, Representation>>;
  /** Every tag its body has in any encoding (quick and full brotli): each revalidates with a `304`. */
  readonly tags: ReadonlySet<string>;
}

const QUICK_BROTLI_QUALITY = 5;

/** `quality` 0–11, with a window no larger than the body needs; runs in libuv's thread pool. */
function brotliAt(body: Buffer, quality: number): Promise<Buffer> {
  const window = Math.ceil(Math.log2(body.length + 1));
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_LGWIN]: Math.min(
        zlib.BROTLI_MAX_WINDOW_BITS,
        Math.max(zlib.BROTLI_MIN_WINDOW_BITS, window),
      ),
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

const tagOf = (identity: Buffer) =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 27);

const fullBrotliTag = (tag: string) => `"${tag}-br"`;

/** Every encoding, each with a strong tag; quick brotli until {@link strengthen}, so a start takes < 1 s. */
export async function storeResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer | string,
): Promise<StoredResponse> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gz] = await Promise.all([
    brotliAt(identity, QUICK_BROTLI_QUALITY),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const tag = tagOf(identity);
  const representations = {
    br: { body: br, etag: `"${tag}-br${QUICK_BROTLI_QUALITY}"` },
    gzip: { body: gz, etag: `"${tag}-gz"` },
    identity: { body: identity, etag: `"${tag}"` },
  };
  return {
    status,
    headers: new Map(Object.entries(headers)),
    representations,
    tags: new Set([...Object.values(representations).map((r) => r.etag), fullBrotliTag(tag)]),
  };
}

const strengthened = new WeakSet<StoredResponse>();

/** Brotli 11 (~100 ms a page), one at a time so requests keep the other threads. */
export async function strengthen(responses: Iterable<StoredResponse>): Promise<void> {
  for (const stored of new Set(responses)) {
    if (strengthened.has(stored)) continue;
    strengthened.add(stored);
    const identity = stored.representations.identity.body;
    const br = await brotliAt(identity, zlib.BROTLI_MAX_QUALITY);
    const etag = fullBrotliTag(tagOf(identity));
    stored.representations = { ...stored.representations, br: { body: br, etag } };
  }
}

function notModified(req: IncomingMessage, stored: StoredResponse): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const tags = stored.tags;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tags.has(tag));
}

/** Preferred encoding (https://www.rfc-editor.org/rfc/rfc9110#name-content-negotiation) or `304`. */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: StoredResponse,
): void {
  const encoding = (new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ??
    'identity') as Encoding;
  const representation = stored.representations[encoding];
  res.setHeaders(stored.headers);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', representation.etag);
  if (stored.status < 300 && notModified(req, stored)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = stored.status;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', representation.body.length);
  res.end(req.method === 'HEAD' ? undefined : representation.body);
}

/** The key of the catch-all's render: the route's own path, which no request path equals. */
export const CATCH_ALL = '*';

const NOT_FOUND_PROBE = '/.well-known/not-a-page';

/** A CDN keeps a page 10 minutes, browsers revalidate every time; a release purges the CDN. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=60';

/** Unknown paths are many: a minute in shared caches is enough. */
const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** A release's item pages and its items' old paths (`StoredPagesDeps.items`). */
export interface ItemPages {
  /** Rendered on first request, then kept in the bounded cache (`StoredPagesDeps.cacheBytes`). */
  paths: readonly string[];
  moved: ReadonlyMap<string, { status: 301; location: string } | { status: 410 }>;
}

const NO_ITEM_PAGES: ItemPages = { paths: [], moved: new Map() };

export interface StoredPagesDeps {
  /** No nonce; the footer's year `year`; release 0 without {@link StoredPagesDeps.release}. */
  render: (request: Request, year: number, release: number) => Promise<RenderedResponse>;
  origin: string;
  paths: readonly string[];
  /** Item pages (no `?sent=1`: no form) and old paths, each a `301` or a `410` (`src/server/content/slugs.ts`). */
  items?: (release: number) => Promise<ItemPages>;
  /** The framework's data requests to answer from the store, as asked (`/about.data?_routes=about`). */
  data?: readonly string[];
  now: () => number;
  logger: Logger;
  /** The newest published content release's number, polled every `pollMs` (default 1,000). */
  release?: () => Promise<number>;
  pollMs?: number | undefined;
  /** Stored or failed (old pages kept), and the seconds rendering took. */
  onReleaseRender?: (result: 'stored' | 'failed', seconds: number, pages?: number) => void;
  /**
   * Bytes (all encodings) of item pages kept after their first request, least recently used
   * dropped first; default {@link ITEM_CACHE_BYTES}
   * (docs/decisions/094-item-pages-rendered-on-first-request.md).
   */
  cacheBytes?: number | undefined;
  /** An item page rendered on its first request (or its first since a release changed it). */
  onItemRender?: (seconds: number, cachedBytes: number) => void;
  /** Whether a page of `from` with these reads shows a change of `to`; undefined: every page again. */
  changes?: (
    from: number,
    to: number,
    year: number,
  ) => Promise<((reads: ReadonlySet<string>) => boolean) | undefined>;
}

/** A render's answer and, when known, the content it read (`dependencies` of `src/content/reader.ts`). */
export type RenderedResponse = Response & { reads?: ReadonlySet<string> | undefined };

/** ms: docs/decisions/059-release-poll-every-second.md */
const RELEASE_POLL_MS = 1_000;

/** 64 MiB: about 1,500 item pages of 15 KB in all three encodings. */
export const ITEM_CACHE_BYTES = 64 * 1024 * 1024;

interface Rendition {
  year: number;
  release: number;
  /** Keyed by path, path + `?sent=1`, or {@link CATCH_ALL}. */
  pages: ReadonlyMap<string, StoredResponse>;
  /** What each page's render read, by the same keys; a page without is always rendered again. */
  reads: ReadonlyMap<string, ReadonlySet<string>>;
  /** The item pages of the release, rendered on first request. */
  items: ReadonlySet<string>;
  rendered: number;
}

/** An item page once rendered, valid while no release touches its reads. */
interface CachedPage {
  stored: StoredResponse;
  reads: ReadonlySet<string> | undefined;
}

interface Previous {
  rendition: Rendition;
  touched: (reads: ReadonlySet<string>) => boolean;
}

export interface StoredPages {
  /** Settles when every page has been rendered (readiness waits for it); rejects when one fails. */
  readonly ready: Promise<void>;
  /** A promise while the year's pages or an item page are rendered; undefined for a key that is no stored page. */
  find(key: string): StoredResponse | undefined | Promise<StoredResponse | undefined>;
  shownRelease(): number | undefined;
  readsOf(key: string): ReadonlySet<string> | undefined;
  stop(): void;
}

interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  html: Buffer;
  reads: ReadonlySet<string> | undefined;
}

/** With its inline code's hashes as CSP (`src/server/csp.ts`); throws on what is not a page. */
async function renderPage(
  deps: StoredPagesDeps,
  path: string,
  year: number,
  release: number,
): Promise<RenderedPage> {
  const response = await deps.render(new Request(`${deps.origin}${path}`), year, release);
  const html = Buffer.from(await response.arrayBuffer());
  if (!response.headers.get('content-type')?.startsWith('text/html') || response.status >= 500) {
    throw new Error(`${path} answered ${response.status} instead of a page`);
  }
  const csp = storedPageCsp(html.toString('utf8'));
  return {
    status: response.status,
    headers: { ...Object.fromEntries(response.headers), 'content-security-policy': csp },
    html,
    reads: response.reads,
  };
}

/** A page's data for a client navigation: no document, so no CSP of its own. */
async function renderData(
  deps: StoredPagesDeps,
  url: string,
  year: number,
  release: number,
): Promise<{ stored: StoredResponse; reads: ReadonlySet<string> | undefined }> {
  const response = await deps.render(new Request(`${deps.origin}${url}`), year, release);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const stored = await storeResponse(
    200,
    { ...Object.fromEntries(response.headers), 'cache-control': PAGE_CACHE_CONTROL },
    body,
  );
  return { stored, reads: response.reads };
}

/** An old path's redirect: a shared cache keeps it a day, as the page it names may move again. */
const MOVED_CACHE_CONTROL = 'public, max-age=3600, s-maxage=86400';

/**
 * The release's fixed pages, data answers and old paths; its item pages are only listed, rendered
 * on first request. With `previous`, a page its changes leave alone keeps its stored answer.
 */
async function renderAll(
  deps: StoredPagesDeps,
  year: number,
  release: number,
  previous?: Previous,
): Promise<Rendition> {
  const store = ({ status, headers, html }: RenderedPage, cacheControl: string) =>
    storeResponse(status, { ...headers, 'cache-control': cacheControl }, html);
  const pages = new Map<string, StoredResponse>();
  const reads = new Map<string, ReadonlySet<string>>();
  let rendered = 0;
  const kept = (key: string): StoredResponse | undefined => {
    const before = previous?.rendition;
    const read = before?.reads.get(key);
    if (!before || !read || previous.touched(read)) return undefined;
    const page = before.pages.get(key);
    if (page) reads.set(key, read);
    return page;
  };
  const render = async (path: string) => {
    rendered++;
    const page = await renderPage(deps, path, year, release);
    if (page.reads) reads.set(path, page.reads);
    return page;
  };
  const items = (await deps.items?.(release)) ?? NO_ITEM_PAGES;
  const keptNotFound = kept(CATCH_ALL);
  const notFound = keptNotFound ? undefined : render(NOT_FOUND_PROBE);
  const notFoundPage = async (): Promise<StoredResponse> =>
    keptNotFound ?? (await store(await notFound!, NOT_FOUND_CACHE_CONTROL));
  // One `410` for every gone path: thousands of renamed or removed items share its bytes.
  let gone: Promise<StoredResponse> | undefined;
  const gonePage = (): Promise<StoredResponse> => (gone ??= goneOnce());
  const goneOnce = async (): Promise<StoredResponse> => {
    const page = notFound ? await notFound : undefined;
    if (page) return store({ ...page, status: 410 }, NOT_FOUND_CACHE_CONTROL);
    const html = keptNotFound!.representations.identity.body;
    const headers = Object.fromEntries(keptNotFound!.headers);
    return store({ status: 410, headers, html, reads: undefined }, NOT_FOUND_CACHE_CONTROL);
  };
  await Promise.all([
    notFoundPage().then((page) => {
      pages.set(CATCH_ALL, page);
      const read = notFound ? reads.get(NOT_FOUND_PROBE) : undefined;
      if (read) reads.set(CATCH_ALL, read);
    }),
    ...deps.paths.map(async (path) => {
      const sentKey = path + CONFIRMATION_SEARCH;
      const keptPage = kept(path);
      const keptSent = keptPage && kept(sentKey);
      if (keptPage && keptSent) {
        pages.set(path, keptPage);
        pages.set(sentKey, keptSent);
        return;
      }
      const [page, sent] = await Promise.all([render(path), render(sentKey)]);
      const stored = await store(page, PAGE_CACHE_CONTROL);
      pages.set(path, stored);
      const same = sent.html.equals(page.html);
      pages.set(sentKey, same ? stored : await store(sent, PAGE_CACHE_CONTROL));
    }),
    ...[...items.moved].map(async ([path, answer]) =>
      pages.set(
        path,
        answer.status === 301
          ? await storeResponse(
              301,
              {
                location: answer.location,
                'content-type': 'text/plain; charset=utf-8',
                'cache-control': MOVED_CACHE_CONTROL,
              },
              `Moved Permanently: ${answer.location}\n`,
            )
          : await gonePage(),
      ),
    ),
    ...(deps.data ?? []).map(async (url) => {
      const keptData = kept(url);
      if (keptData) return void pages.set(url, keptData);
      rendered++;
      const data = await renderData(deps, url, year, release);
      if (data.reads) reads.set(url, data.reads);
      pages.set(url, data.stored);
    }),
  ]);
  reads.delete(NOT_FOUND_PROBE);
  return { year, release, pages, reads, items: new Set(items.paths), rendered };
}

/** Bytes a stored response holds in all its encodings (at least 1, as the cache asks). */
const sizeOf = (stored: StoredResponse): number =>
  Math.max(
    1,
    Object.values(stored.representations).reduce((sum, r) => sum + r.body.length, 0),
  );

/**
 * A new release renders its fixed pages beside the old ones, swapped in when all are done (a
 * failure keeps the old); its item pages are rendered on first request and kept in a cache bounded
 * by bytes, where a release that leaves an item page's reads alone keeps it
 * (docs/decisions/094-item-pages-rendered-on-first-request.md).
 */
export function createStoredPages(deps: StoredPagesDeps): StoredPages {
  const yearNow = () => new Date(deps.now()).getFullYear();
  let settled: Rendition | undefined;
  let pending: { year: number; rendition: Promise<Rendition> } | undefined;
  let release = 0;
  const cache = new LRUCache<string, CachedPage>({
    maxSize: deps.cacheBytes ?? ITEM_CACHE_BYTES,
    sizeCalculation: (page) => sizeOf(page.stored),
  });
  // First requests of one item page share its render; a swap forgets the old release's.
  const rendering = new Map<string, Promise<StoredResponse | undefined>>();
  // Full-strength brotli one page at a time, so requests keep libuv's other threads.
  let strengthening = Promise.resolve();
  const strengthenLater = (responses: Iterable<StoredResponse>) => {
    const list = [...responses];
    strengthening = strengthening
      .then(() => strengthen(list))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'brotli compression failed'));
  };
  // Item pages waiting for theirs, by key only: one dropped meanwhile is not held for it.
  const weakItems = new Set<string>();
  let strengtheningItems = false;
  const strengthenItemLater = (key: string) => {
    weakItems.add(key);
    if (strengtheningItems) return;
    strengtheningItems = true;
    void (async () => {
      for (const next of weakItems) {
        weakItems.delete(next);
        const page = cache.peek(next);
        if (page) {
          await strengthen([page.stored]).catch((error: unknown) =>
            deps.logger.error({ err: error }, 'brotli compression failed'),
          );
        }
      }
      strengtheningItems = false;
    })();
  };
  /** Shows `next`; item pages whose reads `touched` (every one without it) are dropped. */
  const swapIn = (next: Rendition, touched?: (reads: ReadonlySet<string>) => boolean): number => {
    settled = next;
    rendering.clear();
    const dropped = [...cache.entries()]
      .filter(
        ([key, page]) => !touched || !page.reads || !next.items.has(key) || touched(page.reads),
      )
      .map(([key]) => key);
    for (const key of dropped) cache.delete(key);
    return dropped.length;
  };
  const renderItem = (shown: Rendition, key: string): Promise<StoredResponse | undefined> => {
    const under = rendering.get(key);
    if (under && settled === shown) return under;
    const started = performance.now();
    const rendered = (async () => {
      const page = await renderPage(deps, key, shown.year, shown.release);
      if (page.status !== 200) throw new Error(`${key} answered ${page.status} instead of a page`);
      const stored = await storeResponse(
        page.status,
        { ...page.headers, 'cache-control': PAGE_CACHE_CONTROL },
        page.html,
      );
      // A release swapped in meanwhile: this answer is its request's, not kept.
      if (settled === shown) {
        cache.set(key, { stored, reads: page.reads });
        strengthenItemLater(key);
      }
      deps.onItemRender?.((performance.now() - started) / 1000, cache.calculatedSize);
      return stored;
    })().then(
      (stored) => stored,
      (error: unknown) => {
        // The app renders it as any page; the next request tries the store again.
        deps.logger.error({ err: error, path: key }, 'an item page failed to render');
        return undefined;
      },
    );
    if (settled === shown) {
      rendering.set(key, rendered);
      void rendered.finally(() => {
        if (rendering.get(key) === rendered) rendering.delete(key);
      });
    }
    return rendered;
  };
  const pageOf = (shown: Rendition, key: string) =>
    shown.pages.get(key) ??
    (shown.items.has(key) ? (cache.get(key)?.stored ?? renderItem(shown, key)) : undefined);

  const renderYear = (year: number): Promise<Rendition> => {
    const previous = settled;
    settled = undefined;
    const rendition = renderAll(deps, year, release).then(
      (next) => {
        swapIn(next);
        strengthenLater(next.pages.values());
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
  const startYear = yearNow();
  const initial = deps.release
    ? deps.release().then((number) => {
        release = number;
        return renderYear(startYear);
      })
    : renderYear(startYear);
  pending = { year: startYear, rendition: initial };
  const ready = initial.then(() => undefined);
  ready.catch(() => undefined);

  let busy = false;
  let refused: number | undefined;
  const look = async (source: () => Promise<number>) => {
    if (busy || !settled) return;
    busy = true;
    try {
      const newest = await source();
      const shown = settled;
      if (newest === release || newest === refused || !shown) return;
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      try {
        const touched = await deps.changes?.(shown.release, newest, shown.year);
        const previous = touched && { rendition: shown, touched };
        const next = await renderAll(deps, shown.year, newest, previous);
        release = newest;
        // A year's render that started meanwhile renders this release again.
        const dropped = settled === shown ? swapIn(next, touched) : 0;
        strengthenLater(next.pages.values());
        const renderMs = took();
        deps.onReleaseRender?.('stored', renderMs / 1000, next.rendered);
        deps.logger.info(
          {
            release: newest,
            renderMs,
            rendered: next.rendered,
            kept: next.pages.size - next.rendered,
            itemPagesDropped: dropped,
            itemPagesKept: cache.size,
          },
          'pages of a new content release stored',
        );
      } catch (error) {
        refused = newest;
        const renderMs = took();
        deps.onReleaseRender?.('failed', renderMs / 1000);
        deps.logger.error(
          { err: error, release: newest, kept: shown.release, renderMs },
          'pages of a new content release failed to render; the old pages stay',
        );
      }
    } finally {
      busy = false;
    }
  };
  const source = deps.release;
  const timer = source
    ? setInterval(
        () =>
          void look(source).catch((error: unknown) =>
            deps.logger.error({ err: error }, 'content release check failed'),
          ),
        deps.pollMs ?? RELEASE_POLL_MS,
      )
    : undefined;
  timer?.unref();

  const keys = new Set([
    CATCH_ALL,
    ...deps.paths.flatMap((p) => [p, p + CONFIRMATION_SEARCH]),
    ...(deps.data ?? []),
  ]);
  // The item pages and old paths vary by release: those of the pages shown last.
  let shownLast: Rendition | undefined;
  return {
    ready,
    find(key) {
      if (settled) shownLast = settled;
      const year = yearNow();
      if (settled?.year === year) return pageOf(settled, key);
      if (!keys.has(key) && !shownLast?.pages.has(key) && !shownLast?.items.has(key)) {
        return undefined;
      }
      const rendition = pending?.year === year ? pending.rendition : renderYear(year);
      return rendition.then((r) => pageOf(r, key));
    },
    shownRelease: () => settled?.release,
    readsOf: (key) => settled?.reads.get(key),
    stop: () => clearInterval(timer),
  };
}
