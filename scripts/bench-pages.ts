/**
 * `npm run bench:pages` — Lighthouse on every route, reported, not asserted.
 *
 * Builds into .builds/bench, starts the production server, and runs Lighthouse (node API,
 * default mobile form factor and simulated throttling) in Debian's Chromium on the five pages
 * and the 404 page, several times each (the machine is shared, so one run says little). Prints
 * one row per route with the median of the runs and, beside it, the spread (min–max): the four
 * category scores, FCP and LCP (s), TBT (ms), CLS, and JavaScript / CSS / font / total bytes as
 * transferred (KB = 1024 bytes, compressed). Then, per route, the longest main-thread tasks of the
 * run with the median TBT (Lighthouse's `long-tasks` audit: start and duration in ms of simulated
 * time, and the script the task is attributed to), each run's TBT split into the navigation
 * commit's share and the page's own tasks (`commitShare`), the targets and every miss.
 *
 * With a baseline (a summary JSON an earlier run saved) it prints before → after per route.
 *
 * Then two diagnostics, printed beside the targets and never counted as meeting them:
 * - every route again, the same number of runs, through a proxy that drops the site's
 *   `Cross-Origin-Opener-Policy` (`scripts/lib/without-coop.ts`): the TBT of the site's own work
 *   without the new renderer process that header makes Chromium use after `about:blank`
 *   (docs/decisions/024-coop-navigation-commit-in-tbt.md);
 * - the floor (`scripts/lib/floor-page.ts`): the same runs on a trivial page served with the
 *   site's response headers, and without its `Cross-Origin-Opener-Policy`, so the TBT the
 *   browser and the harness cost on this machine can be told from the site's own.
 *
 * Env:
 * - BENCH_RUNS — runs per route (default 3);
 * - BENCH_ROUTES — comma-separated paths (default every route);
 * - BENCH_BASELINE — summary JSON to compare with (default docs/bench/pages-before.json when it
 *   exists; `none` to skip);
 * - BENCH_SAVE — also write this run's summary there (e.g. to make a new baseline);
 * - BENCH_WITHOUT_COOP=0 — skip the routes' runs without COOP;
 * - BENCH_OUT_DIR, BENCH_SKIP_BUILD=1 (see scripts/lib/bench-server.ts).
 *
 * Output files in BENCH_OUT_DIR: pages.json (the summary), lighthouse/<route>-<n>.json (every
 * full report, to read the opportunities).
 * Exits 0 even when targets are missed; 1 when the build, the server or Lighthouse fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, ensureChromium } from './ensure-chromium.ts';
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
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3) || 3);
const DEFAULT_BASELINE = join(ROOT, 'docs/bench/pages-before.json');
/** Audits a correct 404 page fails by design (its status, its noindex, its console 404). */
const INHERENT_404 = new Set(['http-status-code', 'is-crawlable', 'errors-in-console']);
/** Targets (docs/decisions/011-css-and-hydration-delivery.md). KB = 1024 bytes. */
const TARGETS = {
  perf: 98,
  score: 100,
  lcpS: 1.2,
  tbtMs: 50,
  cls: 0,
  homeJsKb: 100,
  homeTotalKb: 180,
};

/** The figures of one Lighthouse run. */
const METRICS = [
  'perf',
  'a11y',
  'bp',
  'seo',
  'fcpS',
  'lcpS',
  'tbtMs',
  'cls',
  'jsKb',
  'cssKb',
  'fontKb',
  'totalKb',
] as const;
type Metric = (typeof METRICS)[number];
type Figures = Record<Metric, number>;

/** A main-thread task longer than 50 ms (Lighthouse `long-tasks`): simulated ms. */
interface LongTask {
  startMs: number;
  durationMs: number;
  url: string;
}

/** One route's summary: median and spread over the runs. */
interface RouteSummary {
  path: string;
  runs: number;
  median: Figures;
  min: Figures;
  max: Figures;
  /** Longest tasks of the run with the median TBT, longest first. */
  longTasks: LongTask[];
  /** Audits below 1 in any run. */
  misses: string[];
  /** Per run: TBT (ms) and the navigation-commit task's share of it ({@link commitShare}). */
  tbtSplit: Array<{ tbtMs: number; commitMs: number }>;
  /** The same route's TBT (ms) per run through the proxy without COOP (a diagnostic). */
  withoutCoopTbt?: number[];
}

interface Summary {
  date: string;
  commit: string;
  runs: number;
  routes: RouteSummary[];
  /** The trivial page's TBT (ms): with the site's headers, and without its COOP. */
  floor?: Record<keyof typeof FLOOR_PATHS, { median: number; min: number; max: number }>;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

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

function longTasks(lhr: Lhr, origin: string): LongTask[] {
  const details = lhr.audits['long-tasks']?.details as
    { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined;
  return (details?.items ?? [])
    .map((i) => ({
      startMs: Math.round(i.startTime ?? NaN),
      durationMs: Math.round(i.duration ?? NaN),
      url: (i.url ?? '').replace(origin, ''),
    }))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 3);
}

/**
 * The navigation-commit task's share of TBT (ms, simulated time). The commit is the long task
 * Lighthouse cannot attribute to any script that starts before the simulated first contentful
 * paint: Lantern leaves it out of its first-paint graph, so its tail counts as blocking. Its
 * length depends on the browser and the response headers (the floor below shows it on a trivial
 * page), not on the page's own work. Recomputed the way Lighthouse counts a task (the part after
 * FCP, less 50 ms); Lighthouse averages two FCP estimates, so this is within a few ms.
 */
function commitShare(lhr: Lhr): number {
  const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
  const details = lhr.audits['long-tasks']?.details as
    { items?: Array<{ url?: string; startTime?: number; duration?: number }> } | undefined;
  const commit = (details?.items ?? [])
    .filter((i) => i.url === 'Unattributable' && (i.startTime ?? Infinity) < fcp)
    .sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0))[0];
  if (!commit?.startTime || !commit.duration) return 0;
  const clipped = commit.startTime + commit.duration - Math.max(commit.startTime, fcp);
  return Math.min(lhr.audits['total-blocking-time']?.numericValue ?? 0, Math.max(0, clipped - 50));
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function reduce(runs: Figures[], pick: (values: number[]) => number): Figures {
  return Object.fromEntries(METRICS.map((m) => [m, pick(runs.map((r) => r[m]))])) as Figures;
}

const fmt = (n: number | undefined, digits = 0) =>
  n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
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
/** `median (min–max)`, or just the median when every run agreed. */
function cell(r: RouteSummary, m: Metric): string {
  const d = DIGITS[m];
  const [lo, mid, hi] = [fmt(r.min[m], d), fmt(r.median[m], d), fmt(r.max[m], d)];
  return lo === hi ? mid : `${mid} (${lo}–${hi})`;
}

function gitCommit(): string {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : 'unknown';
}

if (ensureChromium() !== 0) throw new Error('Chromium is not installed');
const server = await startBenchServer(benchBuild());
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROME_FLAGS,
});
const reportDir = join(BENCH_DIR, 'lighthouse');
mkdirSync(reportDir, { recursive: true });
const summaries: RouteSummary[] = [];
const floor: NonNullable<Summary['floor']> = {
  withHeaders: { median: NaN, min: NaN, max: NaN },
  withoutCoop: { median: NaN, min: NaN, max: NaN },
};

/** One Lighthouse run of `url`, retried up to three times on a runtime error. */
async function lighthouseRun(url: string, ignoreStatusCode = false): Promise<Lhr> {
  let lhr: Lhr | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ignoreStatusCode,
    });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
  }
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  return lhr;
}

try {
  for (const path of ROUTES) {
    process.stdout.write(`Lighthouse ${path} ×${RUNS} … `);
    const runs: Array<{ lhr: Lhr; figures: Figures }> = [];
    const misses = new Set<string>();
    for (let run = 1; run <= RUNS; run++) {
      const lhr = await lighthouseRun(server.origin + path, path === NOT_FOUND);
      const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/\W+/g, '-');
      writeFileSync(join(reportDir, `${slug}-${run}.json`), JSON.stringify(lhr));
      const report = lhr;
      for (const a of Object.values(report.audits)) {
        if (
          a.score !== null &&
          a.score < 1 &&
          !['informative', 'manual', 'notApplicable'].includes(a.scoreDisplayMode) &&
          !(path === NOT_FOUND && INHERENT_404.has(a.id))
        )
          misses.add(a.id);
      }
      const f = figures(report);
      runs.push({ lhr: report, figures: f });
      process.stdout.write(`${f.perf} `);
    }
    const all = runs.map((r) => r.figures);
    const med = reduce(all, median);
    const byTbt = [...runs].sort((a, b) => a.figures.tbtMs - b.figures.tbtMs);
    const typical = byTbt[(byTbt.length - 1) >> 1] ?? byTbt[0];
    summaries.push({
      path,
      runs: runs.length,
      median: med,
      min: reduce(all, (v) => Math.min(...v)),
      max: reduce(all, (v) => Math.max(...v)),
      longTasks: typical ? longTasks(typical.lhr, server.origin) : [],
      misses: [...misses],
      tbtSplit: runs.map((r) => ({ tbtMs: r.figures.tbtMs, commitMs: commitShare(r.lhr) })),
    });
    console.log(`→ perf ${med.perf}`);
  }
  if (process.env['BENCH_WITHOUT_COOP'] !== '0') {
    const proxy = await startWithoutCoopProxy(server.origin);
    try {
      for (const summary of summaries) {
        process.stdout.write(`Lighthouse ${summary.path} without COOP ×${RUNS} … `);
        const tbt: number[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const lhr = await lighthouseRun(proxy.origin + summary.path, summary.path === NOT_FOUND);
          tbt.push(figures(lhr).tbtMs);
          process.stdout.write(`${fmt(tbt.at(-1))} `);
        }
        summary.withoutCoopTbt = tbt;
        console.log('ms TBT');
      }
    } finally {
      await proxy.close();
    }
  }
  const floorServer = await startFloorServer((await fetch(server.origin + '/')).headers);
  try {
    for (const [name, path] of Object.entries(FLOOR_PATHS) as Array<
      [keyof typeof FLOOR_PATHS, string]
    >) {
      process.stdout.write(`Lighthouse floor ${path} ×${RUNS} … `);
      const tbt: number[] = [];
      for (let run = 1; run <= RUNS; run++) {
        tbt.push(figures(await lighthouseRun(floorServer.origin + path)).tbtMs);
        process.stdout.write(`${fmt(tbt.at(-1))} `);
      }
      floor[name] = { median: median(tbt), min: Math.min(...tbt), max: Math.max(...tbt) };
      console.log('ms TBT');
    }
  } finally {
    await floorServer.close();
  }
} finally {
  chrome.kill();
  // A server that already exited never reports it again: do not wait for it forever.
  await Promise.race([server.stop(), new Promise((r) => setTimeout(r, 5000))]);
}
const summary: Summary = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  runs: RUNS,
  routes: summaries,
  floor,
};
writeFileSync(join(BENCH_DIR, 'pages.json'), JSON.stringify(summary, null, 2));
const savePath = process.env['BENCH_SAVE'];
if (savePath) {
  mkdirSync(dirname(resolve(savePath)), { recursive: true });
  writeFileSync(resolve(savePath), JSON.stringify(summary, null, 2) + '\n');
  console.log(`Summary saved to ${savePath}`);
}

console.log(
  `\nMedian of ${RUNS} run(s) per route, (min–max) where runs differ. Full reports: ${reportDir}`,
);
console.log(
  '\n| route | perf | a11y | best | seo | FCP s | LCP s | TBT ms | CLS | JS KB | CSS KB | font KB | total KB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of summaries) {
  console.log(`| ${r.path} | ${METRICS.map((m) => cell(r, m)).join(' | ')} |`);
}

console.log('\nLongest main-thread tasks (run with the median TBT; start / duration ms, script):');
for (const r of summaries) {
  const tasks = r.longTasks.length
    ? r.longTasks.map((t) => `${t.startMs} / ${t.durationMs} ${t.url || '(unattributed)'}`)
    : ['none over 50 ms'];
  console.log(`  ${r.path}: ${tasks.join('; ')}`);
}

console.log(
  "\nTBT split, median over the runs (ms): the navigation commit's share (the browser's, see the floor) + the page's own tasks:",
);
for (const r of summaries) {
  const commit = r.tbtSplit.map((s) => s.commitMs);
  const own = r.tbtSplit.map((s) => s.tbtMs - s.commitMs);
  const runs = r.tbtSplit.map((s) => `${fmt(s.commitMs)}+${fmt(s.tbtMs - s.commitMs)}`).join(', ');
  console.log(`  ${r.path}: ${fmt(median(commit))} + ${fmt(median(own))} (runs: ${runs})`);
}

const spread = (f: { median: number; min: number; max: number }) =>
  `${fmt(f.median)} ms (${fmt(f.min)}–${fmt(f.max)})`;
if (summaries.some((r) => r.withoutCoopTbt)) {
  console.log(
    '\nTBT ms, median (min–max), as served and through a proxy that drops Cross-Origin-Opener-Policy (a diagnostic, not the target: docs/decisions/024-coop-navigation-commit-in-tbt.md):',
  );
  console.log('\n| route | as served | without COOP |');
  console.log('|---|---|---|');
  for (const r of summaries) {
    const without = r.withoutCoopTbt ?? [];
    const cellOf = (values: number[]) =>
      values.length
        ? spread({ median: median(values), min: Math.min(...values), max: Math.max(...values) })
        : 'n/a';
    console.log(`| ${r.path} | ${cellOf(r.tbtSplit.map((s) => s.tbtMs))} | ${cellOf(without)} |`);
  }
}
console.log(
  `\nTBT floor, a trivial page (no CSS, no script) served with the site's headers: ` +
    `${spread(floor.withHeaders)}; without Cross-Origin-Opener-Policy: ${spread(floor.withoutCoop)}.`,
);

const baselinePath = process.env['BENCH_BASELINE'] ?? DEFAULT_BASELINE;
if (
  baselinePath !== 'none' &&
  existsSync(baselinePath) &&
  resolve(baselinePath) !== resolve(savePath ?? '')
) {
  const before = JSON.parse(readFileSync(baselinePath, 'utf8')) as Summary;
  const compared: Metric[] = ['perf', 'lcpS', 'tbtMs', 'cls', 'jsKb', 'cssKb', 'totalKb'];
  console.log(
    `\nBefore → after (medians; before: ${baselinePath}, ${before.date.slice(0, 10)}, commit ${before.commit.slice(0, 7)}, ${before.runs} run(s)):`,
  );
  console.log(`\n| route | ${compared.join(' | ')} |`);
  console.log(`|---|${compared.map(() => '---').join('|')}|`);
  for (const r of summaries) {
    const b = before.routes.find((x) => x.path === r.path);
    const cells = compared.map(
      (m) => `${fmt(b?.median[m], DIGITS[m])} → ${fmt(r.median[m], DIGITS[m])}`,
    );
    console.log(`| ${r.path} | ${cells.join(' | ')} |`);
  }
}

const problems: string[] = [];
for (const { path, median: r, misses } of summaries) {
  const isNotFound = path === NOT_FOUND;
  if (r.perf < TARGETS.perf) problems.push(`${path}: performance ${r.perf} < ${TARGETS.perf}`);
  for (const [name, value] of [
    ['accessibility', r.a11y],
    ['best practices', r.bp],
    ['SEO', r.seo],
  ] as const) {
    if (value < TARGETS.score && !(isNotFound && name === 'SEO'))
      problems.push(`${path}: ${name} ${value} < ${TARGETS.score}`);
  }
  if (r.lcpS > TARGETS.lcpS) problems.push(`${path}: LCP ${fmt(r.lcpS, 2)} s > ${TARGETS.lcpS} s`);
  if (r.tbtMs > TARGETS.tbtMs)
    problems.push(`${path}: TBT ${fmt(r.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  if (r.cls > TARGETS.cls) problems.push(`${path}: CLS ${fmt(r.cls, 3)} > 0`);
  if (misses.length) problems.push(`${path}: audits below 1 in some run: ${misses.join(', ')}`);
}
const home = summaries.find((r) => r.path === '/')?.median;
if (home && home.jsKb > TARGETS.homeJsKb)
  problems.push(`/: JavaScript ${fmt(home.jsKb, 1)} KB > ${TARGETS.homeJsKb} KB`);
if (home && home.totalKb > TARGETS.homeTotalKb)
  problems.push(`/: total ${fmt(home.totalKb, 1)} KB > ${TARGETS.homeTotalKb} KB`);
console.log(
  `\nTargets (medians): performance ≥ ${TARGETS.perf}, other categories 100, LCP ≤ ${TARGETS.lcpS} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS 0, home JS ≤ ${TARGETS.homeJsKb} KB, home total ≤ ${TARGETS.homeTotalKb} KB`,
);
console.log(problems.length ? `Misses:\n  ${problems.join('\n  ')}` : 'All targets met.');
