/**
 * The stored pages across content releases (`src/server/stored-pages.ts`,
 * docs/decisions/048-content-in-the-database.md): a new release's pages are rendered beside the
 * old ones and swapped in when all are rendered (new bytes, new ETag), a failed render keeps the
 * old pages, logs why and counts it for the metric, and the release source is not asked without
 * one; a tag the response had before its brotli was made at full strength still revalidates, and
 * so does the full-strength tag of a page a release stored again unchanged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CATCH_ALL,
  createStoredPages,
  sendStored,
  storeResponse,
  strengthen,
  type StoredPages,
  type StoredResponse,
} from '../../src/server/stored-pages.ts';

const PATHS = ['/', '/about'];

/** A render whose body names the release; `hold` keeps release `n`'s renders waiting. */
function fakeRender(fail: Set<number>, hold: Map<number, Promise<void>>) {
  return async (request: Request, year: number, release: number): Promise<Response> => {
    await hold.get(release);
    const path = new URL(request.url).pathname;
    if (fail.has(release) && path === '/about') throw new Error(`release ${release} broke /about`);
    const status = PATHS.includes(path) ? 200 : 404;
    const html = `<!doctype html><html><body><p>${path} ${year} release ${release}</p></body></html>`;
    return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
}

const fakeLogger = () => {
  const logger = { info: vi.fn(), error: vi.fn(), warn: vi.fn() };
  return logger as typeof logger & Logger;
};

const body = async (pages: StoredPages, key: string) => {
  const page = await pages.find(key);
  return page!.representations.identity.body.toString('utf8');
};
const etag = async (pages: StoredPages, key: string) =>
  (await pages.find(key))!.representations.identity.etag;

let stored: StoredPages | undefined;
afterEach(() => stored?.stop());

describe('stored pages across content releases', () => {
  it('renders a new release beside the old pages and swaps them in when all are rendered', async () => {
    let newest = 1;
    let open = (): void => {};
    const hold = new Map([[2, new Promise<void>((resolve) => (open = resolve))]]);
    const logger = fakeLogger();
    stored = createStoredPages({
      render: fakeRender(new Set(), hold),
      origin: 'https://example.com',
      paths: PATHS,
      now: () => Date.UTC(2026, 5, 1),
      logger,
      release: () => Promise.resolve(newest),
      pollMs: 20,
    });
    await stored.ready;
    expect(await body(stored, '/about')).toContain('release 1');
    const before = await etag(stored, '/about');
    newest = 2;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Release 2 is still rendering: every page is release 1's.
    for (const key of ['/', '/about', '/about?sent=1', CATCH_ALL]) {
      expect(await body(stored, key)).toContain('release 1');
    }
    open();
    await vi.waitFor(async () => expect(await body(stored!, '/about')).toContain('release 2'));
    expect(await body(stored, '/')).toContain('release 2');
    expect(await body(stored, CATCH_ALL)).toContain('release 2');
    expect(await etag(stored, '/about')).not.toBe(before);
    expect(logger.info).toHaveBeenCalledWith(
      {
        release: 2,
        renderMs: expect.any(Number) as number,
        rendered: 5,
        kept: 0,
        itemPagesDropped: 0,
        itemPagesKept: 0,
      },
      expect.stringMatching(/stored/),
    );
  });

  it('renders again only the pages whose reads a new release touches; the rest keep their bytes and tags', async () => {
    let newest = 1;
    const reads: Record<string, string[]> = { '/': ['stats.yaml'], '/about': ['team.yaml/ana'] };
    const render = fakeRender(new Set(), new Map());
    stored = createStoredPages({
      render: async (request, year, release) =>
        Object.assign(await render(request, year, release), {
          reads: new Set(reads[new URL(request.url).pathname] ?? ['pages.yaml']),
        }),
      origin: 'https://example.com',
      paths: PATHS,
      now: () => Date.UTC(2026, 5, 1),
      logger: fakeLogger(),
      release: () => Promise.resolve(newest),
      pollMs: 20,
      // Release 2 changes Ana of the team, and nothing else.
      changes: () => Promise.resolve((read) => read.has('team.yaml/ana')),
    });
    await stored.ready;
    const home = await etag(stored, '/');
    newest = 2;
    await vi.waitFor(async () => expect(await body(stored!, '/about')).toContain('release 2'));
    expect(await body(stored, '/about?sent=1')).toContain('release 2');
    expect(await body(stored, '/')).toContain('release 1');
    expect(await etag(stored, '/')).toBe(home);
    expect(await body(stored, CATCH_ALL)).toContain('release 1');
  });

  it('keeps the old pages when a page of the new release fails, and logs why', async () => {
    let newest = 1;
    const logger = fakeLogger();
    const renders: Array<[string, number]> = [];
    stored = createStoredPages({
      render: fakeRender(new Set([2]), new Map()),
      origin: 'https://example.com',
      paths: PATHS,
      now: () => Date.UTC(2026, 5, 1),
      logger,
      release: () => Promise.resolve(newest),
      pollMs: 20,
      onReleaseRender: (result, seconds) => renders.push([result, seconds]),
    });
    await stored.ready;
    const before = await etag(stored, '/');
    newest = 2;
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalledTimes(1));
    const [fields, message] = logger.error.mock.calls[0] as [Record<string, unknown>, string];
    expect(fields).toMatchObject({ release: 2, kept: 1, renderMs: expect.any(Number) });
    // Counted for the metric and its alert (src/server/observability.ts, deploy/monitoring/).
    expect(renders).toEqual([['failed', expect.any(Number)]]);
    expect(String(fields['err'])).toContain('release 2 broke /about');
    expect(message).toMatch(/failed to render; the old pages stay/);
    expect(await body(stored, '/')).toContain('release 1');
    expect(await etag(stored, '/')).toBe(before);
    // Not tried again every poll; the next release is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logger.error).toHaveBeenCalledTimes(1);
    newest = 3;
    await vi.waitFor(async () => expect(await body(stored!, '/')).toContain('release 3'));
    expect(renders.map(([result]) => result)).toEqual(['failed', 'stored']);
    expect(renders.every(([, seconds]) => seconds >= 0 && seconds < 5)).toBe(true);
  });
});

describe('item pages (docs/decisions/094-item-pages-rendered-on-first-request.md)', () => {
  const ITEMS = ['/news/a', '/news/b', '/news/c'];
  /** Renders counted by path; each item page reads its own item, the fixed pages `pages.yaml`. */
  function itemSite(newest: () => number, touched: (read: ReadonlySet<string>) => boolean) {
    const renders: string[] = [];
    const itemRenders: number[] = [];
    const pages = createStoredPages({
      render: (request, year, release) => {
        const path = new URL(request.url).pathname;
        renders.push(path);
        const status = PATHS.includes(path) || ITEMS.includes(path) ? 200 : 404;
        const html = `<!doctype html><html><body><p>${path} ${year} release ${release}</p>${'x'.repeat(2000)}</body></html>`;
        return Promise.resolve(
          Object.assign(
            new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } }),
            {
              reads: new Set([ITEMS.includes(path) ? `news.yaml/${path.slice(6)}` : 'pages.yaml']),
            },
          ),
        );
      },
      origin: 'https://example.com',
      paths: PATHS,
      items: () => Promise.resolve({ paths: ITEMS, moved: new Map() }),
      // Room for two item pages (about 2.3 KB each in all encodings), not three.
      cacheBytes: 5_000,
      onItemRender: (seconds) => itemRenders.push(seconds),
      now: () => Date.UTC(2026, 5, 1),
      logger: fakeLogger(),
      release: () => Promise.resolve(newest()),
      pollMs: 20,
      changes: () => Promise.resolve(touched),
    });
    return { pages, renders, itemRenders };
  }

  it('renders an item page on its first request, once for requests at the same time, then keeps it', async () => {
    const site = itemSite(
      () => 1,
      () => true,
    );
    stored = site.pages;
    await stored.ready;
    expect(site.renders.filter((p) => ITEMS.includes(p))).toEqual([]);
    const [first, second] = await Promise.all([stored.find('/news/a'), stored.find('/news/a')]);
    expect(first).toBe(second);
    expect(first!.representations.identity.body.toString()).toContain('/news/a 2026 release 1');
    expect(await stored.find('/news/a')).toBe(first);
    expect(site.itemRenders).toHaveLength(1);
    expect(stored.find('/news/no-such-item')).toBeUndefined();
  });

  it('keeps item pages within its bytes, the least recently used dropped first', async () => {
    const site = itemSite(
      () => 1,
      () => true,
    );
    stored = site.pages;
    await stored.ready;
    const a = await stored.find('/news/a');
    await stored.find('/news/b');
    expect(await stored.find('/news/a')).toBe(a);
    await stored.find('/news/c');
    // `b` was used least recently: rendered again; `a` kept.
    expect(await stored.find('/news/a')).toBe(a);
    const renders = site.itemRenders.length;
    await stored.find('/news/b');
    expect(site.itemRenders.length).toBe(renders + 1);
  });

  it('a release drops the item pages whose reads it touches and keeps the others, bytes and tags', async () => {
    let newest = 1;
    const site = itemSite(
      () => newest,
      (read) => read.has('news.yaml/a'),
    );
    stored = site.pages;
    await stored.ready;
    const a = await stored.find('/news/a');
    const b = await stored.find('/news/b');
    newest = 2;
    await vi.waitFor(() => expect(stored!.shownRelease()).toBe(2));
    expect(await body(stored, '/')).toContain('release 1');
    expect(await stored.find('/news/b')).toBe(b);
    const a2 = await stored.find('/news/a');
    expect(a2!.representations.identity.body.toString()).toContain('release 2');
    expect(a2!.representations.identity.etag).not.toBe(a!.representations.identity.etag);
  });
});

describe('entity tags of a stored response', () => {
  /** `sendStored`'s status for a request with these headers, and the ETag it sent. */
  const answer = (stored: StoredResponse, headers: Record<string, string>) => {
    const req = { method: 'GET', headers } as unknown as IncomingMessage;
    const sent = { status: 0, headers: new Map<string, unknown>() };
    const res = {
      set statusCode(code: number) {
        sent.status = code;
      },
      setHeaders: (map: Map<string, string>) => map.forEach((v, k) => sent.headers.set(k, v)),
      setHeader: (name: string, value: unknown) => sent.headers.set(name, value),
      end: () => undefined,
    } as unknown as ServerResponse;
    sendStored(req, res, stored);
    return { status: sent.status, etag: sent.headers.get('ETag') as string };
  };

  it('revalidates the quick brotli a client got before the full-strength one replaced it', async () => {
    const stored = await storeResponse(200, {}, '<!doctype html><p>'.padEnd(4096, 'x'));
    const quick = answer(stored, { 'accept-encoding': 'br' });
    expect(quick.status).toBe(200);
    await strengthen([stored]);
    const strong = answer(stored, { 'accept-encoding': 'br' });
    expect(strong.etag).not.toBe(quick.etag);
    // Both name the same page: the client's copy is still good.
    expect(answer(stored, { 'accept-encoding': 'br', 'if-none-match': quick.etag }).status).toBe(
      304,
    );
    expect(answer(stored, { 'accept-encoding': 'br', 'if-none-match': strong.etag }).status).toBe(
      304,
    );
    expect(answer(stored, { 'accept-encoding': 'br', 'if-none-match': '"other"' }).status).toBe(
      200,
    );
  });

  it('revalidates the full-strength brotli of a page a release stored again unchanged', async () => {
    const html = '<!doctype html><p>'.padEnd(4096, 'y');
    const before = await storeResponse(200, {}, html);
    await strengthen([before]);
    const held = answer(before, { 'accept-encoding': 'br' }).etag;
    // A release that leaves this page as it was stores it again, with a quick brotli at first.
    const after = await storeResponse(200, {}, html);
    expect(answer(after, { 'accept-encoding': 'br' }).etag).not.toBe(held);
    expect(answer(after, { 'accept-encoding': 'br', 'if-none-match': held }).status).toBe(304);
    const changed = await storeResponse(200, {}, html.replace('y', 'z'));
    expect(answer(changed, { 'accept-encoding': 'br', 'if-none-match': held }).status).toBe(200);
  });
});
