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
 * Prints a summary and exits 1 on any problem, 2 when the site is not built.
 * Env: BUILD_DIR, SITE_URL (the canonical origin given to the server; rewritten to the local
 * server so absolute canonical/og URLs are checked too), JAVA (default `java`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinkChecker, LinkState } from 'linkinator';
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

if (!existsSync(join(outDir, 'server/entry-server.js'))) {
  console.error(`No build in ${outDir}: run \`npm run build\` first.`);
  process.exit(2);
}

/** A TCP port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
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

const problems: string[] = [];
try {
  // Wait (≤ 20 s) until the server answers.
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${base}/robots.txt`);
      break;
    } catch {
      if (Date.now() > deadline || server.exitCode !== null)
        throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  // 1. Fetch every page as served and keep its HTML for the Nu checker.
  const pages = [...PAGES, NOT_FOUND];
  /** file → path */
  const files = new Map<string, string>();
  for (const path of pages) {
    const res = await fetch(base + path);
    const expected = path === NOT_FOUND ? 404 : 200;
    if (res.status !== expected) problems.push(`${path}: HTTP ${res.status}, expected ${expected}`);
    const name = (path === '/' ? 'index' : path.slice(1).replace(/\//g, '__')) + '.html';
    const file = join(htmlDir, name);
    writeFileSync(file, await res.text());
    files.set(file, path);
  }

  // 2. W3C Nu HTML Checker, errors only (warnings are advice, not failures).
  const vnu = spawnSync(
    process.env['JAVA'] ?? 'java',
    ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.keys()],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (vnu.error) throw vnu.error;
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
  const checker = new LinkChecker();
  const result = await checker.check({
    path: pages.filter((p) => p !== NOT_FOUND).map((p) => base + p),
    recurse: true,
    concurrency: 8,
    timeout: 10_000,
    // Absolute canonical/og:image/JSON-LD URLs carry the configured origin: check them here.
    urlRewriteExpressions: [
      {
        pattern: new RegExp(`^${siteOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        replacement: base,
      },
    ],
    linksToSkip: (link: string) => Promise.resolve(!link.startsWith(base)),
  });
  const broken = result.links.filter(
    (l) =>
      l.state === LinkState.BROKEN &&
      !(l.status === 404 && ALLOWED_404.has(new URL(l.url).pathname)),
  );
  for (const l of broken) {
    problems.push(
      `broken link ${l.url.replace(base, '')} (HTTP ${l.status ?? '—'}) on ${l.parent?.replace(base, '') ?? '?'}`,
    );
  }
  const checked = result.links.filter((l) => l.state !== LinkState.SKIPPED).length;
  const allowed = new Set(
    result.links
      .filter((l) => l.status === 404 && ALLOWED_404.has(new URL(l.url).pathname))
      .map((l) => new URL(l.url).pathname),
  );
  console.log(
    `linkinator: ${checked} internal links checked, ${broken.length} broken` +
      (allowed.size ? ` (${[...allowed].join(', ')} answer 404 on purpose)` : ''),
  );
} catch (error) {
  problems.push(`check-html failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  server.kill('SIGTERM');
  rmSync(htmlDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\n✗ ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('✓ HTML valid and no broken internal links');
