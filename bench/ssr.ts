/**
 * `npm run bench:ssr` — page throughput of the production server, reported, not asserted
 * (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * In one run: builds into .builds/bench, starts the production server, and runs autocannon
 * (BENCH_SECONDS each, BENCH_CONNECTIONS connections, `Accept-Encoding: gzip`) against `/`,
 * `/about`, `/contact` and a 404; then against the same pages' HTML served by two reference
 * servers in their own processes (`bench/lib/reference-server.ts`): Express `compression` +
 * `express.static`, and bare `node:http` sending precomputed gzip. Prints req/s, p50/p99 latency
 * (ms) and the server's CPU time per request (ms, from /proc), then each page's share of both
 * references. Targets: every page ≥ 100 % of the static row and ≥ 50 % of the bare row, p99 ≤
 * 100 ms at 50 connections.
 *
 * Then the memory check: five bursts of 400 concurrent connections over every page with brotli,
 * gzip and identity requests mixed; prints the server's RSS (MiB) idle, at its peak and after.
 * Target: ≤ 256 MiB after the load (a small container's limit).
 *
 * Then the Web Vitals reports (docs/decisions/029-field-web-vitals-endpoint.md): `/` alone, `/`
 * while BENCH_BEACON_RATE valid reports a second go to `POST /api/vitals`, and `/` while as many
 * `GET /healthz` go (the control), the side loads from a process of their own, in rotating
 * rounds; and the CPU time one report costs the server.
 *
 * BENCH_BASELINE=<commit> compares instead: that commit is built (`bench/lib/baseline-build.ts`)
 * and served by its own bundle beside this checkout's bundle, both with their metrics port
 * scraped every second; BENCH_ROUNDS rounds of BENCH_SECONDS on `/`, `/about` and an unknown
 * path, baseline and current alternating (the first in each round alternates too), then the Web
 * Vitals rounds.
 * Prints medians with min–max and current ÷ baseline: the reporting endpoint and the extra
 * metrics must cost the pages nothing measurable. The static/bare references and the memory
 * check are skipped in that mode.
 *
 * Env: BENCH_OUT_DIR, BENCH_SKIP_BUILD=1, BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50),
 * BENCH_WORKERS (autocannon's threads, 1), BENCH_CLIENT (`autocannon` or `h2load`),
 * BENCH_BASELINE, BENCH_ROUNDS (5), BENCH_BEACON_RATE (50 reports a second).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { aptInstall } from '../scripts/lib/apt.ts';
import { buildBaseline } from './lib/baseline-build.ts';
import { fmt, median, spread } from './lib/bench-stats.ts';
import {
  BENCH_DIR,
  benchBuild,
  freePort,
  ROOT,
  startBenchServer,
  type BenchServer,
} from './lib/bench-server.ts';

/** A desktop Chrome's user agent, which `isbot` does not take for a robot. */
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
/**
 * autocannon's worker threads (its `workers` option): one thread parsing every response can be
 * the bottleneck before the server is (the server then idles: its CPU share per row says so).
 */
const WORKERS = Number(process.env['BENCH_WORKERS'] ?? 1);
/**
 * The load generator: `autocannon` (default), or `h2load` (nghttp2's, in C, installed from
 * Debian when missing): parsing responses in JavaScript, autocannon saturates before the server
 * on a small machine, and its req/s then measure response bytes more than the server.
 */
const execFileAsync = promisify(execFile);
const CLIENT = process.env['BENCH_CLIENT'] === 'h2load' ? 'h2load' : 'autocannon';
const PAGES = [
  ['/', '/', 'home'],
  ['/about', '/about', 'about'],
  ['/contact', '/contact', 'contact'],
  ['404', '/bench-missing-page', 'missing'],
] as const;

/** CPU time (user + system) of process `pid`, ms; NaN when /proc is unavailable. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** Resident set size of process `pid`, MiB; NaN when /proc is unavailable. */
export function rssMiB(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return Number(line?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

export interface SsrRow {
  label: string;
  server: 'site' | 'static' | 'bare';
  reqPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuMsPerReq: number;
}

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
/**
 * Reports a second during the page rounds: one report per page view, so 50 stands for 50 page
 * views a second (about four million a day, far beyond this site's traffic), all reaching the
 * origin even when a CDN serves the pages.
 */
const BEACON_RATE = Number(process.env['BENCH_BEACON_RATE'] ?? 50);
/** The pages compared with the baseline, and an unknown path (the stored 404 page). */
const COMPARED = ['/', '/about', '/bench-missing-page'] as const;

/** What {@link run} reads of a load generator's run. */
interface Load {
  reqPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  total: number;
}

let h2loadInstalled: boolean | undefined;

/**
 * h2load over HTTP/1.1 (`--h1`, as autocannon), its per-request log read for the latency
 * percentiles (ms).
 * @throws Error when h2load cannot be installed or fails
 */
async function h2load(url: string): Promise<Load> {
  h2loadInstalled ??= aptInstall(['nghttp2-client'], { tag: 'bench:ssr' }) === 0;
  if (!h2loadInstalled)
    throw new Error('h2load (Debian package nghttp2-client) could not be installed');
  const dir = mkdtempSync(join(tmpdir(), 'bench-h2load-'));
  const log = join(dir, 'requests.tsv');
  try {
    const args = ['--h1', '-c', String(CONNECTIONS), '-D', String(SECONDS), `--log-file=${log}`];
    for (const header of ['accept-encoding: gzip', `user-agent: ${BROWSER_UA}`])
      args.push('-H', header);
    // Not spawnSync: the metrics scraper runs on this process's event loop meanwhile.
    const { stdout } = await execFileAsync('h2load', [...args, url], { encoding: 'utf8' });
    const done = /finished in [\d.]+s, ([\d.]+) req\/s/.exec(stdout);
    if (!done) throw new Error(`h2load printed no rate: ${stdout}`);
    const rows = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    const ms = rows.map((row) => Number(row[2]) / 1000).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? NaN;
    return {
      reqPerS: Number(done[1]),
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      non2xx: rows.filter((row) => !/^2/.test(row[1] ?? '')).length,
      total: rows.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** autocannon, {@link WORKERS} threads. */
async function autocannonLoad(url: string): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(WORKERS > 1 ? { workers: WORKERS } : {}),
    // A browser's user agent: each page view is counted as a visitor's (src/server/statistics/).
    headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER_UA },
  });
  const { requests, latency, non2xx } = result;
  return {
    reqPerS: requests.average,
    p50: latency.p50,
    p99: latency.p99,
    non2xx,
    total: requests.total,
  };
}

/** Runs {@link CLIENT} on `origin + path`; `pid` is the server's, for CPU time. */
export async function run(
  label: string,
  server: SsrRow['server'],
  url: string,
  pid?: number,
): Promise<SsrRow> {
  const before = cpuMs(pid);
  const load = CLIENT === 'h2load' ? await h2load(url) : await autocannonLoad(url);
  const cpu = cpuMs(pid) - before;
  const { total, ...figures } = load;
  return { label, server, ...figures, cpuMsPerReq: cpu / Math.max(1, total) };
}

/** Starts a reference server (`static` or `bare`) on `dir`; resolves once it listens. */
async function startReference(
  mode: 'static' | 'bare',
  dir: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench/lib/reference-server.ts'), mode, String(port), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((ready, fail) => {
    child.stdout?.once('data', () => ready());
    child.once('exit', (code) => fail(new Error(`${mode} reference exited ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

const stop = (child: ChildProcess) =>
  new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });

/** Five bursts of 400 connections, encodings mixed; RSS idle, peak and after, MiB. */
async function memoryUnderLoad(origin: string, pid: number | undefined) {
  const idle = rssMiB(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 100);
  const requests = PAGES.flatMap(([, path]) =>
    ['br', 'gzip', 'identity'].map((encoding) => ({
      method: 'GET' as const,
      path,
      headers: { 'accept-encoding': encoding },
    })),
  );
  let total = 0;
  for (let burst = 0; burst < 5; burst++) {
    const result = await autocannon({ url: origin, connections: 400, duration: 4, requests });
    total += result.requests.total;
  }
  clearInterval(sampler);
  await new Promise((settle) => setTimeout(settle, 2000));
  return { idle, peak, after: rssMiB(pid), total };
}

/** Prints rows as a Markdown table (req/s, latency, CPU per request). */
export function printRows(rows: SsrRow[]): void {
  console.log('\n| route | req/s | p50 ms | p99 ms | CPU ms/req | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${fmt(r.reqPerS)} | ${r.p50} | ${r.p99} | ${fmt(r.cpuMsPerReq, 2)} | ${r.non2xx} |`,
    );
  }
}

/** One page's rows of several rounds on one server. */
interface Series {
  label: string;
  rows: SsrRow[];
}

/** Prints req/s, p99 and CPU per request as median (min–max) per series. */
function printSeries(title: string, series: Series[], reference?: Series): void {
  console.log(`\n${title}\n`);
  console.log(
    '| page, server | req/s | p99 ms | CPU ms/req | non-2xx | ÷ first row, req/s (CPU) |',
  );
  console.log('|---|---|---|---|---|---|');
  const ref = reference ?? series[0];
  for (const { label, rows } of series) {
    const rps = rows.map((r) => r.reqPerS);
    const cpu = rows.map((r) => r.cpuMsPerReq);
    const share =
      ref && ref.rows !== rows
        ? `${fmt((100 * median(rps)) / median(ref.rows.map((r) => r.reqPerS)))} % (${fmt((100 * median(cpu)) / median(ref.rows.map((r) => r.cpuMsPerReq)))} %)`
        : '';
    console.log(
      `| ${label} | ${spread(rps)} | ${spread(
        rows.map((r) => r.p99),
      )} | ${spread(cpu, 2)} | ${rows.reduce((n, r) => n + r.non2xx, 0)} | ${share} |`,
    );
  }
}

/** GETs `url` every second until stopped, as a Prometheus scraping at 1 s would. */
function scrapeEverySecond(urls: string[]): () => void {
  const timer = setInterval(() => {
    for (const url of urls)
      void fetch(url).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
  }, 1000);
  return () => clearInterval(timer);
}

/** A valid Web Vitals report, as a page's beacon sends it. */
const REPORT = JSON.stringify({
  route: 'home',
  LCP: 1830,
  INP: 88,
  CLS: 0.013,
  FCP: 902,
  TTFB: 120,
});

const REPORT_HEADERS = (server: BenchServer) => ({
  'content-type': 'text/plain;charset=UTF-8',
  origin: server.origin,
});

/** `amount` reports to `server` as fast as it takes them. */
function reportBurst(server: BenchServer, amount: number) {
  return autocannon({
    url: `${server.origin}/api/vitals`,
    method: 'POST',
    body: REPORT,
    headers: REPORT_HEADERS(server),
    connections: 10,
    amount,
  });
}

/** A side load: the reports, or as many `GET /healthz` (the cheapest request) as a control. */
type SideLoad = 'reports' | 'healthz';

/**
 * BENCH_BEACON_RATE requests a second of `load` to `server` for BENCH_SECONDS, from a process of
 * its own (autocannon's command line), so the page load's generator keeps its event loop.
 * @returns requests a second and how many were not answered 2xx
 */
function sideLoad(
  server: BenchServer,
  load: SideLoad,
): Promise<{ perSecond: number; non2xx: number }> {
  const request =
    load === 'reports'
      ? [
          ...['-m', 'POST', '-b', REPORT],
          ...Object.entries(REPORT_HEADERS(server)).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
          `${server.origin}/api/vitals`,
        ]
      : [`${server.origin}/healthz`];
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/autocannon/autocannon.js'),
      ...['-c', '5', '-d', String(SECONDS), '-R', String(BEACON_RATE), '-j'],
      ...request,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      try {
        const result = JSON.parse(out) as { requests: { average: number }; non2xx: number };
        resolve({ perSecond: result.requests.average, non2xx: result.non2xx });
      } catch {
        reject(new Error(`autocannon for ${load} exited ${code}: ${out.slice(0, 200)}`));
      }
    });
  });
}

/**
 * `/` alone, `/` while BENCH_BEACON_RATE reports a second arrive, and `/` while as many
 * `GET /healthz` arrive from the same kind of process (the control: what any side load costs on
 * a machine this size), in rotating order for {@link ROUNDS} rounds; then a burst of reports
 * alone for the CPU time one costs. The server's CPU time a second shows whether it, or the
 * machine, limits the figures.
 */
async function beaconRounds(server: BenchServer): Promise<void> {
  const pid = server.process.pid;
  const kinds = ['alone', 'healthz', 'reports'] as const;
  const rows = new Map<(typeof kinds)[number], SsrRow[]>(kinds.map((k) => [k, []]));
  const busy = new Map<(typeof kinds)[number], number[]>(kinds.map((k) => [k, []]));
  const sent: number[] = [];
  let refused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!);
    for (const kind of order) {
      process.stdout.write(
        `round ${round + 1}: / ${kind === 'alone' ? 'alone' : `+ ${BEACON_RATE} ${kind}/s`} … `,
      );
      const cpuBefore = cpuMs(pid);
      const [row, side] = await Promise.all([
        run('/', 'site', `${server.origin}/`, pid),
        kind === 'alone' ? undefined : sideLoad(server, kind),
      ]);
      busy.get(kind)!.push((cpuMs(pid) - cpuBefore) / SECONDS / 10);
      rows.get(kind)!.push(row);
      if (kind === 'reports' && side) {
        sent.push(side.perSecond);
        refused += side.non2xx;
      }
      console.log(`${fmt(row.reqPerS)} req/s`);
    }
  }
  printSeries(
    `\`/\` alone, with ${BEACON_RATE} GET /healthz a second, with ${BEACON_RATE} Web Vitals reports a second (${ROUNDS} rounds, rotating)`,
    kinds.map((kind) => ({
      label: `/ ${kind === 'alone' ? 'alone' : `+ ${kind}`}`,
      rows: rows.get(kind)!,
    })),
  );
  console.log(
    `\nserver CPU, % of a core: ${kinds.map((k) => `${k} ${spread(busy.get(k)!)}`).join(', ')}`,
  );
  console.log(`reports sent: ${spread(sent)} a second, non-204: ${refused}`);
  for (const load of ['healthz', 'reports'] as const) {
    const before = cpuMs(pid);
    const burst =
      load === 'reports'
        ? await reportBurst(server, 5000)
        : await autocannon({ url: `${server.origin}/healthz`, connections: 10, amount: 5000 });
    const cpu = cpuMs(pid) - before;
    console.log(
      `5000 ${load} alone: ${fmt(burst.requests.average)} a second, p99 ${burst.latency.p99} ms, ` +
        `${fmt(cpu / Math.max(1, burst.requests.total), 3)} ms of server CPU each, non-2xx: ${burst.non2xx}`,
    );
  }
}

/** BENCH_BASELINE: baseline and current in alternating rounds, then the report load. */
async function compareWithBaseline(ref: string): Promise<void> {
  const baseline = buildBaseline(ref);
  const buildDir = benchBuild();
  const [baselinePort, currentPort] = [await freePort(), await freePort()];
  const env = (port: number) => ({ METRICS_PORT: String(port) });
  const servers = {
    baseline: await startBenchServer(baseline.buildDir, env(baselinePort), baseline.serverScript),
    current: await startBenchServer(buildDir, env(currentPort), join(buildDir, 'server/server.js')),
  };
  const stopScraping = scrapeEverySecond([
    `http://localhost:${baselinePort}/metrics`,
    `http://localhost:${currentPort}/metrics`,
  ]);
  const series = new Map<string, SsrRow[]>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of COMPARED) {
        const order =
          (round + COMPARED.indexOf(path)) % 2 === 0
            ? ['baseline', 'current']
            : ['current', 'baseline'];
        for (const name of order as Array<keyof typeof servers>) {
          const server = servers[name];
          process.stdout.write(`round ${round + 1}: ${name} ${path} … `);
          const row = await run(path, 'site', server.origin + path, server.process.pid);
          console.log(`${fmt(row.reqPerS)} req/s`);
          const key = `${path} ${name}`;
          series.set(key, [...(series.get(key) ?? []), row]);
        }
      }
    }
    stopScraping();
    const short = baseline.sha.slice(0, 7);
    for (const path of COMPARED) {
      printSeries(
        `${path}: baseline ${short} and current, ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, metrics scraped every second`,
        [
          { label: `${path} baseline ${short}`, rows: series.get(`${path} baseline`) ?? [] },
          { label: `${path} current`, rows: series.get(`${path} current`) ?? [] },
        ],
      );
    }
    const metricsBytes = async (port: number) =>
      (await (await fetch(`http://localhost:${port}/metrics`)).text()).length;
    console.log(
      `\n/metrics: baseline ${await metricsBytes(baselinePort)} bytes, current ${await metricsBytes(currentPort)} bytes`,
    );
    await beaconRounds(servers.current);
  } finally {
    stopScraping();
    await Promise.all([servers.baseline.stop(), servers.current.stop()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}` && process.env['BENCH_BASELINE']) {
  await compareWithBaseline(process.env['BENCH_BASELINE']);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = benchBuild();
  const server = await startBenchServer(buildDir);
  const pid = server.process.pid;
  const htmlDir = join(BENCH_DIR, 'reference-html');
  mkdirSync(htmlDir, { recursive: true });
  const rows: SsrRow[] = [];
  let memory;
  const references: ChildProcess[] = [];
  try {
    for (const [, path, name] of PAGES) {
      const html = await (
        await fetch(`${server.origin}${path}`, { headers: { 'accept-encoding': 'identity' } })
      ).text();
      writeFileSync(join(htmlDir, `${name}.html`), html);
    }
    const staticRef = await startReference('static', htmlDir);
    const bareRef = await startReference('bare', htmlDir);
    references.push(staticRef.child, bareRef.child);
    for (const [label, path, name] of PAGES) {
      for (const [kind, url, refPid] of [
        ['site', server.origin + path, pid],
        ['static', `${staticRef.origin}/${name}.html`, staticRef.child.pid],
        ['bare', `${bareRef.origin}/${name}.html`, bareRef.child.pid],
      ] as const) {
        process.stdout.write(`autocannon ${kind} ${label} … `);
        rows.push(await run(label, kind, url, refPid));
        console.log(`${fmt(rows.at(-1)?.reqPerS ?? NaN)} req/s`);
      }
    }
    console.log('memory: 5 bursts × 400 connections, br/gzip/identity mixed …');
    memory = await memoryUnderLoad(server.origin, pid);
    await beaconRounds(server);
  } finally {
    await Promise.all(references.map(stop));
    await server.stop();
  }

  console.log(`\n${SECONDS} s per row, ${CONNECTIONS} connections, Accept-Encoding: gzip\n`);
  console.log(
    '| page | server | req/s | p50 ms | p99 ms | CPU ms/req | non-2xx | site ÷ static | site ÷ bare |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label] of PAGES) {
    const site = rows.find((r) => r.label === label && r.server === 'site');
    const stat = rows.find((r) => r.label === label && r.server === 'static');
    const bare = rows.find((r) => r.label === label && r.server === 'bare');
    for (const r of [site, stat, bare]) {
      if (!r) continue;
      const share = (ref: SsrRow | undefined) =>
        r === site && ref ? `${fmt((100 * r.reqPerS) / ref.reqPerS)} %` : '';
      console.log(
        `| ${r.label} | ${r.server} | ${fmt(r.reqPerS)} | ${r.p50} | ${r.p99} | ${fmt(r.cpuMsPerReq, 3)} | ${r.non2xx} | ${share(stat)} | ${share(bare)} |`,
      );
    }
  }
  if (memory) {
    console.log(
      `\nRSS: idle ${fmt(memory.idle)} MiB, peak ${fmt(memory.peak)} MiB, after load ${fmt(memory.after)} MiB ` +
        `(${memory.total} requests; target ≤ 256 MiB after)`,
    );
  }
  writeFileSync(join(BENCH_DIR, 'ssr.json'), JSON.stringify({ rows, memory }, null, 2));
}
