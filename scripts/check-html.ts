/**
 * `npm run test:html` — "a second opinion from tools no one here wrote":
 *
 * 1. Starts the production server (`server.ts`) against the already built site (`BUILD_DIR`,
 *    default ./dist) on a free port, so every page and the 404 page are checked as served.
 * 2. Runs the W3C Nu HTML Checker (`vnu-jar`, on the machine's Java) over the HTML of every page
 *    and requires zero errors.
 * 3. Crawls the running site with linkinator and requires no broken internal link (pages,
 *    scripts, styles, images, icons, social images). External links (social profiles) are not
 *    fetched: the build machine has no network and they are the operator's placeholders.
 *    The footer's /privacy and /terms are the only links allowed to answer 404: the spec says
 *    they do (§1).
 *
 * On a busy machine a request may time out or lose its connection before the server answers;
 * that says nothing about the site. So every request has a generous time limit
 * ({@link REQUEST_TIMEOUT_MS}), and a request that failed without any HTTP status (a network
 * error: reset, refused, timed out) is tried once more and listed as retried. An HTTP error
 * status (4xx, 5xx) is never retried: it is the answer being checked.
 *
 * The server it starts is stopped on every path out: success, failure, an exception, Ctrl-C or
 * SIGTERM (SIGTERM, then SIGKILL if it has not exited within {@link STOP_TIMEOUT_MS}).
 *
 * Prints a summary and exits 1 on any problem, 2 when the site is not built.
 * Env: BUILD_DIR, SITE_URL (the canonical origin given to the server; rewritten to the local
 * server so absolute canonical/og URLs are checked too), JAVA (default `java`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinkChecker, LinkState, type CheckOptions, type LinkResult } from 'linkinator';
import { freePort } from './lib/free-port.ts';
import { PAGES as SITE_PAGES } from '../src/pages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.env['BUILD_DIR'] ?? join(root, 'dist'));
const vnuJar = join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
/** The paths of the site's pages (`src/pages.ts`). */
const PAGES = SITE_PAGES.map((p) => p.path);
/** Links kept although they answer 404 (the footer's, docs/product.md#pages). */
const ALLOWED_404 = new Set(['/privacy', '/terms']);
/** A path no route matches: the 404 page, checked with its real 404 status. */
const NOT_FOUND = '/__check-html-not-found';

if (!existsSync(join(outDir, 'server/server.js'))) {
  console.error(`No build in ${outDir}: run \`npm run build\` first.`);
  process.exit(2);
}

/** Longest wait for one response (headers and body), ms: a loaded 2-core machine renders slowly. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Longest wait for the server to answer after it was started, ms. */
const START_TIMEOUT_MS = 60_000;
/** Time the server gets to exit after SIGTERM before it is killed, ms. */
const STOP_TIMEOUT_MS = 10_000;
/**
 * Parallel requests of the link check. Rendering is CPU-bound and the server has one thread:
 * more only lengthens the queue each request waits in (and so its chance to time out).
 */
const LINK_CONCURRENCY = 4;

/**
 * Runs Java without blocking the event loop and collects its output.
 * @throws Error when Java cannot be started
 */
function runJava(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.env['JAVA'] ?? 'java', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', fail);
    child.once('close', () => done({ stdout, stderr }));
  });
}

/** What was tried a second time after a network error, for the summary. */
const retried: string[] = [];

/** A short name for a network error: its code (`ECONNRESET`) or kind (`TimeoutError`). */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string } | undefined;
  return cause?.code ?? (error.name === 'Error' ? error.message : error.name);
}

/**
 * GET `url` and read its body, trying once more when the request fails without an HTTP status.
 * @throws the second network error
 */
async function fetchPage(url: string, label: string): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    retried.push(`${label} (${describeError(error)})`);
    const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: res.status, body: await res.text() };
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'check-html-data-'));
const htmlDir = mkdtempSync(join(tmpdir(), 'check-html-pages-'));
const siteOrigin = new URL(process.env['SITE_URL'] ?? 'http://localhost:4321').origin;
const server = spawn(process.execPath, [join(root, 'server.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: outDir,
    SITE_URL: siteOrigin,
    FORM_SECRET: 'check-html-form-secret-0123',
    LOG_LEVEL: 'warn',
    DRAIN_GRACE_MS: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const serverExited = new Promise<void>((done) => server.once('exit', () => done()));
const serverRunning = (): boolean => server.exitCode === null && server.signalCode === null;

/** SIGTERM, then SIGKILL after {@link STOP_TIMEOUT_MS}; resolves once the server has exited. */
async function stopServer(): Promise<void> {
  if (!serverRunning()) return;
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await serverExited;
  clearTimeout(timer);
}
// Last resort on any exit path that skips `finally` (process.exit elsewhere, a crash).
process.once('exit', () => {
  if (serverRunning()) server.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopServer().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

const problems: string[] = [];
try {
  // Wait until the server answers.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      await fetch(`${base}/robots.txt`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      break;
    } catch {
      if (!serverRunning()) throw new Error(`server exited (code ${server.exitCode})`);
      if (Date.now() > deadline)
        throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  // 1. Fetch every page as served and keep its HTML for the Nu checker.
  const pages = [...PAGES, NOT_FOUND];
  /** file → path */
  const files = new Map<string, string>();
  for (const path of pages) {
    const res = await fetchPage(base + path, path);
    const expected = path === NOT_FOUND ? 404 : 200;
    if (res.status !== expected) problems.push(`${path}: HTTP ${res.status}, expected ${expected}`);
    const name = (path === '/' ? 'index' : path.slice(1).replace(/\//g, '__')) + '.html';
    const file = join(htmlDir, name);
    writeFileSync(file, res.body);
    files.set(file, path);
  }

  // 2. W3C Nu HTML Checker, errors only (warnings are advice, not failures). Run asynchronously:
  // a blocked event loop misses the server closing idle keep-alive connections (after its 5 s
  // keepAliveTimeout), and the link check's first requests then go out on closed sockets.
  const vnu = await runJava(['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.keys()]);
  const report = JSON.parse(vnu.stderr || vnu.stdout || '{"messages":[]}') as {
    messages: Array<{
      type: string;
      url?: string;
      lastLine?: number;
      message: string;
      extract?: string;
    }>;
  };
  const allErrors = report.messages.filter(
    (m) => m.type === 'error' || m.type === 'non-document-error',
  );
  // Nu's embedded CSS validator predates current CSS (it rejects `@property`, `margin-trim`,
  // custom properties in `transition-property`, all emitted by Tailwind v4), so its "CSS:"
  // messages are counted but not failures; every HTML error still is.
  const cssOnly = allErrors.filter((m) => m.message.startsWith('CSS:'));
  const errors = allErrors.filter((m) => !m.message.startsWith('CSS:'));
  for (const m of errors) {
    const file = m.url ? fileURLToPath(m.url) : '';
    problems.push(
      `vnu ${files.get(file) ?? file}:${m.lastLine ?? '?'}: ${m.message}` +
        (m.extract ? `\n      ${m.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''),
    );
  }
  console.log(
    `Nu HTML Checker: ${files.size} pages, ${errors.length} HTML errors` +
      (cssOnly.length ? ` (${cssOnly.length} messages of its outdated CSS parser ignored)` : ''),
  );

  // 3. Broken internal links, crawling from the home page and every other page.
  const options: CheckOptions = {
    path: pages.filter((p) => p !== NOT_FOUND).map((p) => base + p),
    recurse: true,
    concurrency: LINK_CONCURRENCY,
    timeout: REQUEST_TIMEOUT_MS,
    // linkinator's own `retryErrors` also retries 5xx answers; network errors are retried below.
    retryErrors: false,
    // Absolute canonical/og:image/JSON-LD URLs carry the configured origin: check them here.
    urlRewriteExpressions: [
      {
        pattern: new RegExp(`^${siteOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        replacement: base,
      },
    ],
    linksToSkip: (link: string) => Promise.resolve(!link.startsWith(base)),
  };
  /** Failed without an HTTP status: the request itself failed (reset, refused, timed out). */
  const networkError = (l: LinkResult): boolean => l.state === LinkState.BROKEN && !l.status;
  const first = await new LinkChecker().check(options);
  // One result per link found (a URL linked from five pages appears five times).
  let links = first.links;
  const failed = [...new Map(first.links.filter(networkError).map((l) => [l.url, l])).values()];
  if (failed.length > 0) {
    // Once more, crawling from each failed URL: a page that failed hid the links on it. Its
    // results replace the failed ones and add the links only it found.
    const second = await new LinkChecker().check({ ...options, path: failed.map((l) => l.url) });
    const retriedUrls = new Set(failed.map((l) => l.url));
    const firstUrls = new Set(first.links.map((l) => l.url));
    links = [
      ...first.links.filter((l) => !retriedUrls.has(l.url)),
      ...second.links.filter((l) => retriedUrls.has(l.url) || !firstUrls.has(l.url)),
    ];
    for (const l of failed) {
      const error = l.failureDetails?.find((d): d is Error => d instanceof Error);
      const after = second.links.find((r) => r.url === l.url);
      retried.push(
        `${l.url.replace(base, '')} (${describeError(error)}) → ` +
          (after && !networkError(after) ? `HTTP ${after.status}` : 'failed again'),
      );
    }
  }
  const result = { links };
  /**
   * linkinator resolves links on an extensionless page against `<page>/` (its normalizeBaseUrl),
   * so the skip link `#main` on the 404 page at /privacy reads as a link to /privacy/, another
   * 404. A same-document reference is never fetched by a browser: not a broken link.
   */
  const sameDocument = (l: LinkResult): boolean =>
    l.parent !== undefined &&
    new URL(l.url).pathname === new URL(l.parent).pathname.replace(/\/?$/, '/');
  const broken = result.links.filter(
    (l) =>
      l.state === LinkState.BROKEN &&
      !(l.status === 404 && (ALLOWED_404.has(new URL(l.url).pathname) || sameDocument(l))),
  );
  for (const l of broken) {
    problems.push(
      `broken link ${l.url.replace(base, '')} (HTTP ${l.status ?? '—'}) on ${l.parent?.replace(base, '') ?? '?'}`,
    );
  }
  const checkedLinks = result.links.filter((l) => l.state !== LinkState.SKIPPED);
  const checked = checkedLinks.length;
  const urls = new Set(checkedLinks.map((l) => l.url)).size;
  const allowed = new Set(
    result.links
      .filter((l) => l.status === 404 && ALLOWED_404.has(new URL(l.url).pathname))
      .map((l) => new URL(l.url).pathname),
  );
  console.log(
    `linkinator: ${checked} internal links (${urls} URLs) checked, ${broken.length} broken` +
      (allowed.size ? ` (${[...allowed].join(', ')} answer 404, docs/product.md#pages)` : ''),
  );
} catch (error) {
  problems.push(`check-html failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopServer();
  rmSync(htmlDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

if (retried.length > 0) {
  console.log(
    `Retried once after a network error (not an HTTP status):\n  ${retried.join('\n  ')}`,
  );
}

if (problems.length > 0) {
  console.error(`\n✗ ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('✓ HTML valid and no broken internal links');
