/**
 * `npm run bench:ssr` — page throughput of the production server, reported, not asserted
 * (docs/decisions/006-pages-rendered-once-per-release.md).
 *
 * In one run: builds into .builds/bench, starts the production server, and runs autocannon
 * (BENCH_SECONDS each, BENCH_CONNECTIONS connections, `Accept-Encoding: gzip`) against `/`,
 * `/about`, `/contact` and a 404; then against the same pages' HTML served by two reference
 * servers in their own processes (`scripts/lib/reference-server.ts`): Express `compression` +
 * `express.static`, and bare `node:http` sending precomputed gzip. Prints req/s, p50/p99 latency
 * (ms) and the server's CPU time per request (ms, from /proc), then each page's share of both
 * references. Targets: every page ≥ 100 % of the static row and ≥ 50 % of the bare row, p99 ≤
 * 100 ms at 50 connections.
 *
 * Then the memory check: five bursts of 400 concurrent connections over every page with brotli,
 * gzip and identity requests mixed; prints the server's RSS (MiB) idle, at its peak and after.
 * Target: ≤ 256 MiB after the load (a small container's limit).
 *
 * Env: BENCH_OUT_DIR, BENCH_SKIP_BUILD=1, BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_DIR, benchBuild, freePort, ROOT, startBenchServer } from './lib/bench-server.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
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

/** Runs autocannon on `origin + path`; `pid` is the server's, for CPU time. */
export async function run(
  label: string,
  server: SsrRow['server'],
  url: string,
  pid?: number,
): Promise<SsrRow> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip' },
  });
  const cpu = cpuMs(pid) - before;
  return {
    label,
    server,
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuMsPerReq: cpu / Math.max(1, result.requests.total),
  };
}

/** Starts a reference server (`static` or `bare`) on `dir`; resolves once it listens. */
async function startReference(
  mode: 'static' | 'bare',
  dir: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts/lib/reference-server.ts'), mode, String(port), dir],
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

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

if (import.meta.url === `file://${process.argv[1]}`) {
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
