/**
 * `npm run test:html` — "a second opinion from tools no one here wrote" (issue #4):
 *
 * 1. Starts the production server (`server/index.mjs`) against the already built site
 *    (`ASTRO_OUT_DIR`, default ./dist) on a free port, so the on-demand pages (`/`, `/contact`,
 *    the 404 page) are checked exactly as served, next to every prerendered page.
 * 2. Runs the W3C Nu HTML Checker (`vnu-jar`, on the machine's Java) over the HTML of every page
 *    and requires zero errors.
 * 3. Crawls the running site with linkinator and requires no broken internal link (pages,
 *    scripts, styles, images, icons, social images). External links (social profiles) are not
 *    fetched: the build machine has no network and they are the operator's placeholders.
 *
 * Prints a summary and exits 1 on any problem, 2 when the site is not built.
 * Env: ASTRO_OUT_DIR, SITE_URL (canonical origin baked into the build; rewritten to the local
 * server so absolute canonical/og URLs are checked too), JAVA (default `java`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LinkChecker } from 'linkinator';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(process.env.ASTRO_OUT_DIR ?? join(root, 'dist'));
const clientDir = join(outDir, 'client');
const vnuJar = join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
/** Pages rendered on demand (spec §1 and common rules); they have no file in the build. */
const ON_DEMAND = ['/', '/contact'];
/** A path no route matches: the 404 page, checked with its real 404 status. */
const NOT_FOUND = '/__check-html-not-found';

if (!existsSync(join(outDir, 'server/entry.mjs'))) {
  console.error(`No build in ${outDir}: run \`npm run build\` first.`);
  process.exit(2);
}

/** @returns {Promise<number>} a TCP port that was free a moment ago */
function freePort() {
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

/** Every prerendered page as a URL path (`about.html` → `/about`, `index.html` → `/`). */
function prerenderedPaths(dir = clientDir) {
  /** @type {string[]} */
  const paths = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') paths.push(...prerenderedPaths(full));
    } else if (entry.name.endsWith('.html')) {
      const rel =
        '/' +
        relative(clientDir, full)
          .replace(/\\/g, '/')
          .replace(/\.html$/, '');
      paths.push(rel.replace(/(^|\/)index$/, '') || '/');
    }
  }
  return paths;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'check-html-data-'));
const htmlDir = mkdtempSync(join(tmpdir(), 'check-html-pages-'));
const server = spawn(process.execPath, [join(root, 'server/index.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    ASTRO_OUT_DIR: outDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** @type {string[]} */
const problems = [];
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
  const pages = [...new Set([...ON_DEMAND, ...prerenderedPaths().filter((p) => p !== '/404')])];
  pages.push(NOT_FOUND);
  /** @type {Map<string, string>} file → path */
  const files = new Map();
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
    process.env.JAVA ?? 'java',
    ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.keys()],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (vnu.error) throw vnu.error;
  /** @type {{ messages: Array<{ type: string; url?: string; lastLine?: number; message: string; extract?: string }> }} */
  const report = JSON.parse(vnu.stderr || vnu.stdout || '{"messages":[]}');
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
  const siteOrigin = new URL(process.env.SITE_URL ?? 'http://localhost:4321').origin;
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
    linksToSkip: async (link) => !link.startsWith(base),
  });
  const broken = result.links.filter((l) => l.state === 'BROKEN');
  for (const l of broken) {
    problems.push(
      `broken link ${l.url.replace(base, '')} (HTTP ${l.status ?? '—'}) on ${l.parent?.replace(base, '') ?? '?'}`,
    );
  }
  const checked = result.links.filter((l) => l.state !== 'SKIPPED').length;
  console.log(`linkinator: ${checked} internal links checked, ${broken.length} broken`);
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
