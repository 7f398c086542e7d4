/**
 * `npm run bench:pages` — Lighthouse on every route, reported, not asserted.
 *
 * Builds into .builds/bench, starts the production server, and runs Lighthouse (node API, default
 * mobile form factor and simulated throttling) in Debian's Chromium on the five pages and the 404
 * page, several times each: as served, and through a proxy that drops only
 * `Cross-Origin-Opener-Policy` (`scripts/lib/without-coop.ts`). Blocking time is read without it:
 * on these two-core machines the header's process swap dominates it and says nothing of the site's
 * own work (docs/decisions/024-coop-navigation-commit-in-tbt.md).
 *
 * With `BENCH_BASELINE=<git ref>` the same runs measure that commit too, built from git
 * (`scripts/lib/baseline-build.ts`) and served by its own bundle, alternating with the current
 * build run by run, so both see the same machine; both are printed side by side, with the lines of
 * TypeScript in `src/` and `scripts/` of each.
 *
 * Prints per route and build the median of the runs and the spread (min–max): the category
 * scores, FCP and LCP (s), TBT as served and without COOP (ms), CLS, and JavaScript / CSS / font /
 * total KB as transferred (KB = 1024 bytes, compressed, headers included); the longest tasks; the
 * floor (a trivial page served with the site's headers, `scripts/lib/floor-page.ts`); the targets
 * and every miss.
 *
 * Env: BENCH_RUNS (runs per route and variant, default 5), BENCH_ROUTES (comma-separated paths,
 * default every route), BENCH_THROTTLING (`simulate`, the default, or `devtools`: the load really
 * throttled), BENCH_BASELINE, BENCH_OUT_DIR and BENCH_SKIP_BUILD (see
 * scripts/lib/bench-server.ts). Writes `pages.json` (the summary) and every full report
 * (`lighthouse/<build>-<variant>-<route>-<n>.json`) to BENCH_OUT_DIR.
 * Exits 0 even when targets are missed; 1 when a build, a server or Lighthouse fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, ensureChromium } from './ensure-chromium.ts';
import { buildBaseline } from './lib/baseline-build.ts';
import { BENCH_DIR, ROOT, benchBuild, startBenchServer } from './lib/bench-server.ts';
import { FLOOR_PATHS, startFloorServer } from './lib/floor-page.ts';
import { startWithoutCoopProxy } from './lib/without-coop.ts';
import { PAGES } from '../src/pages.ts';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const NOT_FOUND = '/bench-unknown-path';
const ROUTES = process.env['BENCH_ROUTES']?.split(',').map((s) => s.trim()) ?? [
  ...PAGES.map((p) => p.path),
  NOT_FOUND,
];
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 5) || 5);
const BASELINE = process.env['BENCH_BASELINE'];
/**
 * `simulate` (Lighthouse's default: an unthrottled load, timed by its Lantern model of a phone on
 * a slow 4G network) or `devtools` (the load itself throttled: real waits, real paints).
 */
const THROTTLING = process.env['BENCH_THROTTLING'] === 'devtools' ? 'devtools' : 'simulate';
/** Audits a correct 404 page fails by design (its status, its noindex). */
const INHERENT_404 = new Set(['http-status-code', 'is-crawlable']);

/**
 * Whether a 404 page's failed audit is only its being a 404: the two above, or a console whose
 * one error is the browser's line for the document's own 404 status.
 */
function inherent404(audit: { id: string; details?: unknown }, url: string): boolean {
  if (INHERENT_404.has(audit.id)) return true;
  if (audit.id !== 'errors-in-console') return false;
  const items =
    (audit.details as { items?: Array<{ source?: string; sourceLocation?: { url?: string } }> })
      ?.items ?? [];
  return items.every((i) => i.source === 'network' && i.sourceLocation?.url === url);
}
/** Targets (docs/product.md#performance-budgets). KB = 1024 bytes. */
const TARGETS = {
  perf: 98,
  score: 100,
  lcpS: 1.2,
  tbtMs: 50,
  cls: 0,
  homeJsKb: 110,
  homeTotalKb: 180,
};

/** The figures of one run. */
type Metric =
  | 'perf'
  | 'a11y'
  | 'bp'
  | 'seo'
  | 'fcpS'
  | 'lcpS'
  | 'tbtMs'
  | 'cls'
  | 'jsKb'
  | 'cssKb'
  | 'fontKb'
  | 'totalKb';
type Figures = Record<Metric, number>;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One build's runs of one route. */
interface Runs {
  served: Figures[];
  withoutCoop: Figures[];
  /** Longest tasks of the without-COOP run with the median TBT (simulated ms). */
  longTasks: string[];
  /** Audits below 1 in any run as served. */
  misses: Set<string>;
}

function kb(lhr: Lhr, type: string): number {
  const details = lhr.audits['resource-summary']?.details as
    { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
  const row = details?.items?.find((i) => i.resourceType === type);
  return row ? row.transferSize / 1024 : NaN;
}

function figures(lhr: Lhr): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    fcpS: num('first-contentful-paint') / 1000,
    lcpS: num('largest-contentful-paint') / 1000,
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    jsKb: kb(lhr, 'script'),
    cssKb: kb(lhr, 'stylesheet'),
    fontKb: kb(lhr, 'font'),
    totalKb: kb(lhr, 'total'),
  };
}

function longTasks(lhr: Lhr): string[] {
  const details = lhr.audits['long-tasks']?.details as
    { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined;
  return (details?.items ?? [])
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .slice(0, 3)
    .map(
      (i) =>
        `${Math.round(i.startTime ?? NaN)}/${Math.round(i.duration ?? NaN)} ${(i.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    );
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const DIGITS: Record<Metric, number> = {
  perf: 0,
  a11y: 0,
  bp: 0,
  seo: 0,
  fcpS: 2,
  lcpS: 2,
  tbtMs: 0,
  cls: 3,
  jsKb: 1,
  cssKb: 1,
  fontKb: 1,
  totalKb: 1,
};
const fmt = (n: number | undefined, digits = 0) =>
  n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
/** `median (min–max)` of one metric over runs, or just the median when every run agreed. */
function cell(runs: Figures[], m: Metric): string {
  const values = runs.map((r) => r[m]).filter(Number.isFinite);
  const [lo, mid, hi] = [Math.min(...values), median(values), Math.max(...values)].map((v) =>
    fmt(v, DIGITS[m]),
  );
  return lo === hi ? String(mid) : `${mid} (${lo}–${hi})`;
}
const med = (runs: Figures[], m: Metric) => median(runs.map((r) => r[m]));

/** Lines of the TypeScript files under `src/` and `scripts/` at `ref` (a commit), or in the work tree. */
function linesOfCode(ref?: string): number {
  const git = (args: string[]) =>
    spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
  const files = (
    ref
      ? git(['ls-tree', '-r', '--name-only', ref, 'src', 'scripts'])
      : git(['ls-files', 'src', 'scripts'])
  )
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f));
  const text = (f: string) =>
    ref ? git(['show', `${ref}:${f}`]) : readFileSync(join(ROOT, f), 'utf8');
  return files.reduce((n, f) => n + text(f).split('\n').length - 1, 0);
}

if (ensureChromium() !== 0) throw new Error('Chromium is not installed');
const builds: Array<{ name: string; origin: string; stop: () => Promise<void> }> = [];
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROME_FLAGS,
});
const reportDir = join(BENCH_DIR, 'lighthouse');
mkdirSync(reportDir, { recursive: true });

/** One Lighthouse run of `url`, retried up to three times on a runtime error. */
async function lighthouseRun(url: string, ignoreStatusCode = false): Promise<Lhr> {
  let lhr: Lhr | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode,
      throttlingMethod: THROTTLING,
    });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
  }
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  return lhr;
}

const results = new Map<string, Map<string, Runs>>(); // route → build → runs
const floor: Record<keyof typeof FLOOR_PATHS, number[]> = { withHeaders: [], withoutCoop: [] };
const baseline = BASELINE ? buildBaseline(BASELINE) : undefined;
try {
  const current = await startBenchServer(benchBuild());
  builds.push({ name: 'current', origin: current.origin, stop: () => current.stop() });
  if (baseline) {
    const server = await startBenchServer(baseline.buildDir, {}, baseline.serverScript);
    builds.push({
      name: `baseline ${baseline.sha.slice(0, 7)}`,
      origin: server.origin,
      stop: () => server.stop(),
    });
  }
  const proxies = await Promise.all(builds.map((b) => startWithoutCoopProxy(b.origin)));
  try {
    for (const path of ROUTES) {
      const byBuild = new Map<string, Runs & { lhrs: Lhr[] }>();
      for (const b of builds)
        byBuild.set(b.name, {
          served: [],
          withoutCoop: [],
          longTasks: [],
          misses: new Set(),
          lhrs: [],
        });
      process.stdout.write(
        `Lighthouse ${path} ×${RUNS} (TBT without COOP: ${builds.map((b) => b.name).join(' / ')}) … `,
      );
      for (let run = 1; run <= RUNS; run++) {
        for (const [i, b] of builds.entries()) {
          const runs = byBuild.get(b.name)!;
          const slug = `${i ? 'baseline' : 'current'}-${path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-')}-${run}`;
          const served = await lighthouseRun(b.origin + path, path === NOT_FOUND);
          writeFileSync(join(reportDir, `${slug}-served.json`), JSON.stringify(served));
          for (const a of Object.values(served.audits)) {
            if (
              a.score !== null &&
              a.score < 1 &&
              !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode) &&
              !(path === NOT_FOUND && inherent404(a, b.origin + path))
            )
              runs.misses.add(a.id);
          }
          runs.served.push(figures(served));
          const without = await lighthouseRun(proxies[i]!.origin + path, path === NOT_FOUND);
          writeFileSync(join(reportDir, `${slug}-without-coop.json`), JSON.stringify(without));
          runs.withoutCoop.push(figures(without));
          runs.lhrs.push(without);
          process.stdout.write(
            `${fmt(figures(without).tbtMs)}${i === builds.length - 1 ? ' ' : '/'}`,
          );
        }
      }
      for (const runs of byBuild.values()) {
        const byTbt = [...runs.lhrs].sort((a, b) => figures(a).tbtMs - figures(b).tbtMs);
        const typical = byTbt[(byTbt.length - 1) >> 1];
        runs.longTasks = typical ? longTasks(typical) : [];
      }
      results.set(path, byBuild);
      console.log('ms');
    }
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
  }
  const floorServer = await startFloorServer((await fetch(builds[0]!.origin + '/')).headers);
  try {
    for (const [name, path] of Object.entries(FLOOR_PATHS) as Array<
      [keyof typeof FLOOR_PATHS, string]
    >) {
      for (let run = 1; run <= RUNS; run++)
        floor[name].push(figures(await lighthouseRun(floorServer.origin + path)).tbtMs);
    }
  } finally {
    await floorServer.close();
  }
} finally {
  chrome.kill();
  // A server that already exited never reports it again: do not wait for it forever.
  await Promise.race([
    Promise.all(builds.map((b) => b.stop())),
    new Promise((r) => setTimeout(r, 5000)),
  ]);
}

const summary = {
  date: new Date().toISOString(),
  runs: RUNS,
  builds: builds.map((b) => b.name),
  routes: Object.fromEntries(
    [...results].map(([path, byBuild]) => [
      path,
      Object.fromEntries(
        [...byBuild].map(([name, r]) => [
          name,
          {
            served: r.served,
            withoutCoop: r.withoutCoop,
            longTasks: r.longTasks,
            misses: [...r.misses],
          },
        ]),
      ),
    ]),
  ),
  floor,
};
writeFileSync(join(BENCH_DIR, 'pages.json'), JSON.stringify(summary, null, 2));

console.log(
  `\nMedian of ${RUNS} run(s) per route and build, (min–max) where runs differ. Reports: ${reportDir}`,
);
console.log(
  '\n| route | build | perf | perf w/o COOP | a11y | best | seo | FCP s | LCP s | TBT ms | TBT w/o COOP ms | CLS | JS KB | CSS KB | font KB | total KB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const [path, byBuild] of results) {
  for (const [name, r] of byBuild) {
    const c = (m: Metric) => cell(r.served, m);
    console.log(
      `| ${path} | ${name} | ${c('perf')} | ${cell(r.withoutCoop, 'perf')} | ${c('a11y')} | ${c('bp')} | ${c('seo')} | ${c('fcpS')} | ${c('lcpS')} | ${c('tbtMs')} | ${cell(r.withoutCoop, 'tbtMs')} | ${c('cls')} | ${c('jsKb')} | ${c('cssKb')} | ${c('fontKb')} | ${c('totalKb')} |`,
    );
  }
}
console.log(
  '\nLongest main-thread tasks without COOP (run with the median TBT; simulated start/duration ms, script):',
);
for (const [path, byBuild] of results)
  for (const [name, r] of byBuild)
    console.log(`  ${path} ${name}: ${r.longTasks.join('; ') || 'none over 50 ms'}`);
const spread = (v: number[]) =>
  `${fmt(median(v))} ms (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})`;
console.log(
  `\nTBT floor, a trivial page served with the site's headers: ${spread(floor.withHeaders)}; without COOP: ${spread(floor.withoutCoop)}.`,
);
console.log(
  `\nLines of TypeScript in src/ and scripts/: ${baseline ? `baseline ${linesOfCode(baseline.sha)} → ` : ''}current ${linesOfCode()}.`,
);

const problems: string[] = [];
for (const [path, byBuild] of results) {
  const r = byBuild.get('current')!;
  const isNotFound = path === NOT_FOUND;
  const tbt = med(r.withoutCoop, 'tbtMs');
  if (med(r.withoutCoop, 'perf') < TARGETS.perf)
    problems.push(
      `${path}: performance without COOP ${med(r.withoutCoop, 'perf')} < ${TARGETS.perf}`,
    );
  for (const [name, m] of [
    ['accessibility', 'a11y'],
    ['best practices', 'bp'],
    ['SEO', 'seo'],
  ] as const) {
    // The 404 page loses SEO and best-practices points by being a 404 (its status, its noindex,
    // the browser's console line for the status: inherent404); any other audit it fails is
    // listed under "audits below 1".
    if (med(r.served, m) < TARGETS.score && !(isNotFound && (m === 'seo' || m === 'bp')))
      problems.push(`${path}: ${name} ${med(r.served, m)} < ${TARGETS.score}`);
  }
  if (med(r.served, 'lcpS') > TARGETS.lcpS)
    problems.push(`${path}: LCP ${fmt(med(r.served, 'lcpS'), 2)} s > ${TARGETS.lcpS} s`);
  if (tbt > TARGETS.tbtMs)
    problems.push(`${path}: TBT without COOP ${fmt(tbt)} ms > ${TARGETS.tbtMs} ms`);
  for (const [name, other] of byBuild) {
    if (name !== 'current' && tbt > med(other.withoutCoop, 'tbtMs'))
      problems.push(
        `${path}: TBT without COOP ${fmt(tbt)} ms > ${name}'s ${fmt(med(other.withoutCoop, 'tbtMs'))} ms`,
      );
  }
  if (med(r.served, 'cls') > TARGETS.cls)
    problems.push(`${path}: CLS ${fmt(med(r.served, 'cls'), 3)} > 0`);
  if (r.misses.size)
    problems.push(`${path}: audits below 1 in some run: ${[...r.misses].join(', ')}`);
}
const home = results.get('/')?.get('current');
if (home && med(home.served, 'jsKb') > TARGETS.homeJsKb)
  problems.push(`/: JavaScript ${fmt(med(home.served, 'jsKb'), 1)} KB > ${TARGETS.homeJsKb} KB`);
if (home && med(home.served, 'totalKb') > TARGETS.homeTotalKb)
  problems.push(`/: total ${fmt(med(home.served, 'totalKb'), 1)} KB > ${TARGETS.homeTotalKb} KB`);
console.log(
  `\nTargets (medians, current build): performance without COOP ≥ ${TARGETS.perf}, other categories 100, LCP ≤ ${TARGETS.lcpS} s, TBT without COOP ≤ ${TARGETS.tbtMs} ms and no higher than the baseline's, CLS 0, home JS ≤ ${TARGETS.homeJsKb} KB, home total ≤ ${TARGETS.homeTotalKb} KB`,
);
console.log(problems.length ? `Misses:\n  ${problems.join('\n  ')}` : 'All targets met.');
