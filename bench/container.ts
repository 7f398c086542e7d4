/**
 * `npm run bench:container` — the container image's figures (docs/decisions/010-server-bundle.md),
 * reported, not asserted, each beside the figure before the server was bundled and its target:
 *
 * - image size, and the size of the layers that are ours (the runtime stage above the base
 *   image), layer by layer; target ≤ 20 MB;
 * - start-up OUTSIDE Docker: the bundled server (`<build>/server/server.js`) spawned with this
 *   Node 24 as the image runs it, ms from spawn to the first 200 of `/readyz`, and to the first
 *   page (`/`) served after it (median of {@link STARTS} runs, with min–max); target: `/readyz`
 *   ≤ 1000 ms;
 * - time from `docker run` to the first 200 of /healthz and to the health check's `healthy`
 *   (median of 5; `healthy` rounds up to the check's 5 s interval);
 * - memory of an idle container (`docker stats`, median of 3 samples, after every page was
 *   requested twice and 5 s to settle), with the process's own view from its Prometheus metrics
 *   (resident set, V8 heap used and total, memory outside the heap); target ≤ 70 MiB; and under
 *   load;
 * - SSR throughput of `/` inside the container beside the same bench against the server outside
 *   it (autocannon, as `bench:ssr`; BENCH_SECONDS, BENCH_CONNECTIONS).
 *
 * Uses the engine and base image of `scripts/ensure-docker.ts` and builds the image (tag
 * story-voice-site:bench). Env: BENCH_OUT_DIR, BENCH_SKIP_BUILD=1 (see bench/lib/bench-server.ts).
 * Exits 1 when the build or a container fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDocker } from '../scripts/ensure-docker.ts';
import { run, printRows, type SsrRow } from './ssr.ts';
import { benchBuild, freePort, startBenchServer } from './lib/bench-server.ts';
import { ROOT } from './lib/bench-server.ts';

const TAG = 'story-voice-site:bench';
const SECRET = 'bench-container-secret-0123456789';
/** Runs of the start-up measurement outside Docker. */
const STARTS = 7;
/** The pages requested before the idle memory is read. */
const PAGES = ['/', '/about', '/expertise', '/showcase', '/contact'];
/** Figures of the image before the server was bundled (node_modules and sources in the image). */
const BEFORE = { layersMB: 73, idleMiB: 107.5 };
const TARGET = { layersMB: 20, idleMiB: 70, readyMs: 1000 };

function docker(...args: string[]): string {
  const r = spawnSync('docker', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}; ` +
  `${xs.map((t) => t.toFixed(0)).join(', ')})`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Parses docker's human sizes ("12.3MB", "845kB", "0B", "61.2MiB") to bytes. */
function bytes(size: string): number {
  const m = /^([\d.]+)\s*([kKMG]i?B|B)$/.exec(size.trim());
  if (!m) return 0;
  const units: Record<string, number> = {
    B: 1,
    kB: 1e3,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    KiB: 2 ** 10,
    MiB: 2 ** 20,
    GiB: 2 ** 30,
  };
  return Number(m[1]) * (units[m[2] ?? 'B'] ?? 1);
}

/** Memory use of a container as `docker stats` reports it, bytes. */
const memUsage = (name: string): number =>
  bytes(
    docker('stats', '--no-stream', '--format', '{{.MemUsage}}', name).split('/')[0]?.trim() ?? '',
  );

async function runContainer(
  env: Record<string, string> = {},
): Promise<{ name: string; url: string; started: number }> {
  const port = await freePort();
  const name = `sv-bench-${port}`;
  const url = `http://127.0.0.1:${port}`;
  const vars = {
    PORT: String(port),
    METRICS_PORT: '',
    FORM_SECRET: SECRET,
    SITE_URL: url,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const started = performance.now();
  docker(
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    ...Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    TAG,
  );
  return { name, url, started };
}

/** Polls `url` every 5 ms until it answers 200; returns performance.now() at that answer. */
async function firstOk(url: string, deadline: number): Promise<number> {
  for (;;) {
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.ok) return performance.now();
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await sleep(5);
  }
}

/**
 * Start-up of the bundled server outside Docker, as the image runs it.
 * @returns ms from spawn to the first 200 of /readyz, and to the first `/` after it
 */
async function startOutside(buildDir: string): Promise<{ ready: number; page: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=1', join(buildDir, 'server/server.js')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        FORM_SECRET: SECRET,
        SITE_URL: url,
        LOG_LEVEL: 'warn',
        DRAIN_GRACE_MS: '0',
      },
    },
  );
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const ready = (await firstOk(`${url}/readyz`, started + 30_000)) - started;
    const page = (await firstOk(`${url}/`, started + 30_000)) - started;
    return { ready, page };
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Reads gauges from a Prometheus text page. */
async function gauges(url: string, names: string[]): Promise<Record<string, number>> {
  const text = await (await fetch(url)).text();
  const out: Record<string, number> = {};
  for (const name of names) {
    const sum = text
      .split('\n')
      .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
      .reduce((s, l) => s + Number(l.split(' ').at(-1)), 0);
    out[name] = sum;
  }
  return out;
}

const buildDir = benchBuild();
const starts: Array<{ ready: number; page: number }> = [];
for (let i = 0; i < STARTS; i++) starts.push(await startOutside(buildDir));

const env = await ensureDocker();
try {
  const built = performance.now();
  const b = spawnSync(
    'docker',
    ['build', '--network', 'host', '--build-arg', `NODE_IMAGE=${env.nodeImage}`, '-t', TAG, '.'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (b.status !== 0) throw new Error('docker build failed');
  console.log(
    `docker build: ${((performance.now() - built) / 1000).toFixed(0)} s (cache as it was)`,
  );

  const size = Number(docker('image', 'inspect', '--format', '{{.Size}}', TAG));
  const baseSize = Number(docker('image', 'inspect', '--format', '{{.Size}}', env.nodeImage));
  const layers = docker('history', '--no-trunc', '--format', '{{.Size}}\t{{.CreatedBy}}', TAG)
    .split('\n')
    .map((l) => l.split('\t'))
    .map(([s = '', by = '']) => ({ bytes: bytes(s), by: by.replace(/\s+/g, ' ').slice(0, 70) }));
  const baseLayers = docker('history', '--format', '{{.Size}}', env.nodeImage).split('\n').length;
  const ours = layers.slice(0, layers.length - baseLayers).filter((l) => l.bytes > 0);
  const oursBytes = ours.reduce((s, l) => s + l.bytes, 0);

  const toHealthy: number[] = [];
  const toFirst200: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = await runContainer();
    let first = NaN;
    for (;;) {
      if (Number.isNaN(first)) {
        try {
          if ((await fetch(`${c.url}/healthz`)).ok) first = performance.now() - c.started;
        } catch {
          // not listening yet
        }
      }
      if (docker('inspect', '--format', '{{.State.Health.Status}}', c.name) === 'healthy') break;
      await sleep(50);
    }
    toHealthy.push(performance.now() - c.started);
    toFirst200.push(first);
    docker('rm', '-f', c.name);
  }

  // Idle memory as an operator runs the image: its defaults (metrics on), a few requests, settle.
  const metricsPort = await freePort();
  const c = await runContainer({ METRICS_PORT: String(metricsPort) });
  while (docker('inspect', '--format', '{{.State.Health.Status}}', c.name) !== 'healthy') {
    await sleep(200);
  }
  for (const path of [...PAGES, ...PAGES]) await (await fetch(c.url + path)).arrayBuffer();
  await sleep(5000);
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    samples.push(memUsage(c.name));
    await sleep(1000);
  }
  const idle = median(samples);
  const inside = await gauges(`http://127.0.0.1:${metricsPort}/metrics`, [
    'process_resident_memory_bytes',
    'nodejs_heap_size_used_bytes',
    'nodejs_heap_size_total_bytes',
    'nodejs_external_memory_bytes',
  ]);
  let loaded = NaN;
  const sampler = setTimeout(() => {
    loaded = memUsage(c.name);
  }, 5000);
  const insideRow = await run('/ in the container', 'site', `${c.url}/`);
  clearTimeout(sampler);
  docker('rm', '-f', c.name);

  const server = await startBenchServer(buildDir);
  let outside: SsrRow;
  try {
    outside = await run('/ outside (server.ts)', 'site', `${server.origin}/`, server.process.pid);
  } finally {
    await server.stop();
  }

  const rss = inside['process_resident_memory_bytes'] ?? NaN;
  const heapUsed = inside['nodejs_heap_size_used_bytes'] ?? NaN;
  const heapTotal = inside['nodejs_heap_size_total_bytes'] ?? NaN;
  const external = inside['nodejs_external_memory_bytes'] ?? NaN;
  console.log(`\nImage ${TAG}: ${mb(size)} (base ${env.nodeImage}: ${mb(baseSize)})`);
  for (const l of ours) console.log(`  ${mb(l.bytes).padStart(9)}  ${l.by}`);
  console.log(
    `docker run → first 200 on /healthz: ${spread(toFirst200)}\n` +
      `docker run → healthy: ${spread(toHealthy)}\n` +
      `Idle container, the process's own view: resident ${mib(rss)}, V8 heap ${mib(heapUsed)} used ` +
      `of ${mib(heapTotal)}, outside the heap (buffers, native) ${mib(external)}\n` +
      `Under load: ${Number.isNaN(loaded) ? 'n/a' : mib(loaded)}`,
  );
  const row = (what: string, before: string, now: string, target: string, ok: boolean) =>
    console.log(
      `${what.padEnd(44)}${before.padStart(12)}${now.padStart(12)}${target.padStart(12)}  ${ok ? 'ok' : 'MISSED'}`,
    );
  console.log(
    `\n${'Figure'.padEnd(44)}${'before'.padStart(12)}${'now'.padStart(12)}${'target'.padStart(12)}`,
  );
  row(
    'Our layers (runtime stage above the base)',
    `${BEFORE.layersMB} MB`,
    mb(oursBytes),
    `≤ ${TARGET.layersMB} MB`,
    oursBytes <= TARGET.layersMB * 1e6,
  );
  row(
    'Idle container memory (docker stats)',
    `${BEFORE.idleMiB} MiB`,
    mib(idle),
    `≤ ${TARGET.idleMiB} MiB`,
    idle <= TARGET.idleMiB * 2 ** 20,
  );
  const ready = starts.map((s) => s.ready);
  row(
    `Spawn → /readyz 200, outside Docker (median)`,
    'n/a',
    `${median(ready).toFixed(0)} ms`,
    `≤ ${TARGET.readyMs} ms`,
    median(ready) <= TARGET.readyMs,
  );
  console.log(
    `  spawn → /readyz 200 (${STARTS} runs): ${spread(ready)}\n` +
      `  spawn → first page / (${STARTS} runs): ${spread(starts.map((s) => s.page))}\n` +
      `  idle samples: ${samples.map(mib).join(', ')}`,
  );
  printRows([insideRow, outside]);
} finally {
  await env.stop();
}
