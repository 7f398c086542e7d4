/**
 * `npm run bench:ssr` — server-rendering throughput (docs/product.md#performance-budgets), reported, not asserted.
 *
 * Builds into .builds/bench, starts the production server, and runs autocannon (10 s, 50
 * connections, `Accept-Encoding: gzip`) against `/`, `/about`, `/contact` and a 404, then against
 * the same home page's HTML served as a static file by the same Express app (the ceiling: the
 * app with rendering taken out). Prints req/s, p50 and p99 latency (ms), and the server's CPU
 * time per request (ms, from /proc of the server process). Target: `/` ≥ 60 % of the ceiling's
 * req/s, p99 ≤ 100 ms.
 *
 * Env: BENCH_OUT_DIR, BENCH_SKIP_BUILD=1, BENCH_SECONDS (default 10), BENCH_CONNECTIONS (50),
 * BENCH_URL (bench a running server instead, e.g. a container; no ceiling row then).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { BENCH_DIR, benchBuild, startBenchServer } from './lib/bench-server.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
/** Where the home page's HTML is written for the static ceiling (served from client/). */
const STATIC_PATH = '/__bench-static-home.html';

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

export interface SsrRow {
  label: string;
  path: string;
  reqPerS: number;
  p50: number;
  p99: number;
  non2xx: number;
  cpuMsPerReq: number;
}

/** Runs autocannon on `origin + path`; `pid` is the server's, for CPU time. */
export async function run(
  label: string,
  origin: string,
  path: string,
  pid?: number,
): Promise<SsrRow> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url: origin + path,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip' },
  });
  const cpu = cpuMs(pid) - before;
  return {
    label,
    path,
    reqPerS: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuMsPerReq: cpu / Math.max(1, result.requests.total),
  };
}

export function printRows(rows: SsrRow[]): void {
  console.log('\n| route | req/s | p50 ms | p99 ms | CPU ms/req | non-2xx |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.reqPerS.toFixed(0)} | ${r.p50} | ${r.p99} | ${Number.isFinite(r.cpuMsPerReq) ? r.cpuMsPerReq.toFixed(2) : 'n/a'} | ${r.non2xx} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const external = process.env['BENCH_URL'];
  const buildDir = external ? '' : benchBuild();
  const server = external ? undefined : await startBenchServer(buildDir);
  const origin = external ?? server?.origin ?? '';
  const pid = server?.process.pid;
  const rows: SsrRow[] = [];
  try {
    if (!external) {
      const html = await (await fetch(`${origin}/`)).text();
      writeFileSync(join(buildDir, 'client', STATIC_PATH.slice(1)), html);
    }
    for (const [label, path] of [
      ['/', '/'],
      ['/about', '/about'],
      ['/contact', '/contact'],
      ['404', '/bench-missing-page'],
    ] as const) {
      process.stdout.write(`autocannon ${path} … `);
      rows.push(await run(label, origin, path, pid));
      console.log(`${rows.at(-1)?.reqPerS.toFixed(0)} req/s`);
    }
    if (!external) {
      process.stdout.write('autocannon static ceiling … ');
      rows.push(await run('static ceiling (same HTML)', origin, STATIC_PATH, pid));
      console.log(`${rows.at(-1)?.reqPerS.toFixed(0)} req/s`);
    }
  } finally {
    await server?.stop();
  }
  printRows(rows);
  writeFileSync(join(BENCH_DIR, 'ssr.json'), JSON.stringify(rows, null, 2));
  const home = rows[0];
  const ceiling = rows.find((r) => r.label.startsWith('static'));
  if (home && ceiling) {
    const share = (100 * home.reqPerS) / ceiling.reqPerS;
    console.log(
      `\n/ reaches ${share.toFixed(0)} % of the static ceiling (target ≥ 60 %); p99 ${home.p99} ms (target ≤ 100 ms)`,
    );
  }
}
