/**
 * Every page, its `?sent=1` variant, each item page of the release (`/showcase/<slug>`) with its
 * old paths' 301s and 410s, and the 404 page rendered once before readiness, again by a
 * new year's first request (the footer's year) and, when a content release source is given, for
 * each new release beside the old pages, swapped in once all are rendered
 * (docs/decisions/048-content-in-the-database.md); each stored response is compressed ahead with a
 * strong `ETag` per encoding, so a request costs a buffer copy or a `304`, never React or zlib
 * (docs/decisions/006-pages-rendered-once-per-release.md,
 * docs/decisions/041-stored-pages-as-one-lookup.md).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { CONFIRMATION_SEARCH } from '../lib/enquiry-fields.ts';
import { storedPageCsp } from './csp.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** One encoded body and its strong entity tag, quoted (`"3q2-7w…-br"`). */
interface Representation {
  body: Buffer;
  etag: string;
}

export interface StoredResponse {
  status: number;
  /** Lowercase names; `Vary`, `ETag`, `Content-Encoding` and `Content-Length` are added when sent. */
  headers: Map<string, string>;
  /** Replaced once, by {@link strengthen}. */
  representations: Readonly<Record<Encoding, Representation>>;
  /**
   * Every tag its body has or will have in any encoding: the quick brotli's and the
   * full-strength one's too, whichever is sent now. Each names the same content, so each
   * revalidates with a `304`: a client that got the quick brotli before {@link strengthen}, or
   * the full-strength one from pages a release swapped out with this same body.
   */
  readonly tags: ReadonlySet<string>;
}

/** Quality of the brotli body made at start, before the full-strength one replaces it. */
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

/** The identity body's SHA-256, base64url, 27 characters. */
const tagOf = (identity: Buffer) =>
  createHash('sha256').update(identity).digest('base64url').slice(0, 27);

/** The full-strength brotli's entity tag, quoted, of the body whose identity tag is `tag`. */
const fullBrotliTag = (tag: string) => `"${tag}-br"`;

/**
 * Every encoding of `body` (UTF-8 if a string), each with its own strong tag; brotli quickly, so a
 * server starts in under a second, until {@link strengthen}. `headers`: lowercase names.
 */
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

/**
 * Brotli quality 11 (~100 ms a page), one at a time so requests keep the other threads; a page
 * kept from the release before is already strong.
 */
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

/**
 * In the preferred encoding (https://www.rfc-editor.org/rfc/rfc9110#name-content-negotiation), or
 * `304` (https://www.rfc-editor.org/rfc/rfc9110#section-13.1.2); headers set before stay.
 */
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

/** A path no page has: its render is the catch-all's. */
const NOT_FOUND_PROBE = '/.well-known/not-a-page';

/** A CDN keeps a page 10 minutes, browsers revalidate every time; a release purges the CDN. */
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=60';

/** Unknown paths are many: a minute in shared caches is enough. */
const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** A release's item pages and its items' old paths (`StoredPagesDeps.items`). */
export interface ItemPages {
  paths: readonly string[];
  moved: ReadonlyMap<string, { status: 301; location: string } | { status: 410 }>;
}

const NO_ITEM_PAGES: ItemPages = { paths: [], moved: new Map() };

export interface StoredPagesDeps {
  /**
   * The route tree's answer for a stored page: no nonce, the footer's year `year`, the content of
   * release `release` (0 without {@link StoredPagesDeps.release}).
   */
  render: (request: Request, year: number, release: number) => Promise<RenderedResponse>;
  /** `SITE_URL` */
  origin: string;
  /** Page paths to render (`/`, `/about`…); the catch-all is added. */
  paths: readonly string[];
  /**
   * A release's item pages (`/showcase/<slug>`, rendered without a `?sent=1` variant: they have
   * no form) and the old paths of its items, each a stored `301` to the item's page or a `410`
   * with the 404 page's look (`src/server/content/slugs.ts`).
   */
  items?: (release: number) => Promise<ItemPages>;
  /** The framework's data requests to answer from the store, as asked (`/about.data?_routes=about`). */
  data?: readonly string[];
  /** The clock, ms since the epoch (tests move it across 1 January). */
  now: () => number;
  logger: Logger;
  /** The newest published content release's number, polled every `pollMs` (default 1,000). */
  release?: () => Promise<number>;
  pollMs?: number | undefined;
  /**
   * Told of each new release's render: stored (its pages now served) or failed (the old ones
   * kept), and how long rendering every page took, in seconds (a metric's observation).
   */
  onReleaseRender?: (result: 'stored' | 'failed', seconds: number, pages?: number) => void;
  /**
   * Whether a page of release `from` that made the reads it made shows anything release `to`
   * changed (`src/server/content/page-dependencies.ts`); undefined: every page is rendered again.
   * Without it, every release renders every page.
   */
  changes?: (
    from: number,
    to: number,
    year: number,
  ) => Promise<((reads: ReadonlySet<string>) => boolean) | undefined>;
}

/** A render's answer and, when known, the content it read (`dependencies` of `src/content/reader.ts`). */
export type RenderedResponse = Response & { reads?: ReadonlySet<string> | undefined };

/**
 * How often a new content release is looked for, in ms: a publish shows within this plus the
 * release's render (docs/decisions/059-release-poll-every-second.md).
 */
const RELEASE_POLL_MS = 1_000;

interface Rendition {
  year: number;
  release: number;
  /** Keyed by path, path + `?sent=1`, or {@link CATCH_ALL}. */
  pages: ReadonlyMap<string, StoredResponse>;
  /** What each page's render read, by the same keys; a page without is always rendered again. */
  reads: ReadonlyMap<string, ReadonlySet<string>>;
  /** Pages rendered for this rendition (the rest kept from the one before). */
  rendered: number;
}

/** The rendition before, and whether one of its pages must be rendered again. */
interface Previous {
  rendition: Rendition;
  touched: (reads: ReadonlySet<string>) => boolean;
}

export interface StoredPages {
  /** Settles when every page has been rendered (readiness waits for it); rejects when one fails. */
  readonly ready: Promise<void>;
  /**
   * This year's answer for a path, path + `?sent=1` or {@link CATCH_ALL}; a promise while the
   * year's are rendered; undefined for a key that is no stored page.
   */
  find(key: string): StoredResponse | undefined | Promise<StoredResponse | undefined>;
  /** The content release of the pages served now; undefined before the first are stored. */
  shownRelease(): number | undefined;
  /** What the page served now at `key` read when rendered; undefined when not known. */
  readsOf(key: string): ReadonlySet<string> | undefined;
  /** Stops looking for new releases. */
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
 * Every page of `release`; with `previous`, a page whose reads `previous.touched` leaves alone
 * keeps its stored answer (bytes and ETag) instead of being rendered again.
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
  /** The page kept from the rendition before, when nothing it read has changed. */
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
  const gonePage = async (): Promise<StoredResponse> => {
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
    ...items.paths.map(async (path) => {
      const keptPage = kept(path);
      if (keptPage) return void pages.set(path, keptPage);
      const page = await render(path);
      if (page.status !== 200) throw new Error(`${path} answered ${page.status} instead of a page`);
      pages.set(path, await store(page, PAGE_CACHE_CONTROL));
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
  return { year, release, pages, reads, rendered };
}

/**
 * Starts rendering every page; a failed render is logged and rejects `ready`. With `release`, a
 * new release's pages are rendered while the old ones are served, and replace them only when all
 * are rendered; a failed render is logged and keeps the old pages (that release is not tried
 * again; the next one is).
 */
export function createStoredPages(deps: StoredPagesDeps): StoredPages {
  const yearNow = () => new Date(deps.now()).getFullYear();
  let settled: Rendition | undefined;
  let pending: { year: number; rendition: Promise<Rendition> } | undefined;
  let release = 0;
  const strengthenLater = (next: Rendition) =>
    // Full-strength brotli after readiness, off the request path.
    void strengthen(next.pages.values()).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'brotli compression failed'),
    );
  const renderYear = (year: number): Promise<Rendition> => {
    const previous = settled;
    settled = undefined;
    const rendition = renderAll(deps, year, release).then(
      (next) => {
        settled = next;
        strengthenLater(next);
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
        if (settled === shown) settled = next;
        strengthenLater(next);
        const renderMs = took();
        deps.onReleaseRender?.('stored', renderMs / 1000, next.rendered);
        deps.logger.info(
          {
            release: newest,
            renderMs,
            rendered: next.rendered,
            kept: next.pages.size - next.rendered,
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
  let shownKeys: ReadonlyMap<string, StoredResponse> = new Map();
  return {
    ready,
    find(key) {
      if (settled) shownKeys = settled.pages;
      if (!keys.has(key) && !shownKeys.has(key)) return undefined;
      const year = yearNow();
      if (settled?.year === year) return settled.pages.get(key);
      const rendition = pending?.year === year ? pending.rendition : renderYear(year);
      return rendition.then((r) => r.pages.get(key));
    },
    shownRelease: () => settled?.release,
    readsOf: (key) => settled?.reads.get(key),
    stop: () => clearInterval(timer),
  };
}
