/**
 * `npm run bench:container` — the container image's figures, reported, not asserted:
 *
 * - image size, and the size of the layers that are ours (everything above the base image);
 * - time from `docker run` to the health check's `healthy`, and to the first 200 of /healthz
 *   (median of 5; the health check runs every 5 s, so `healthy` rounds up to its interval);
 * - memory of an idle container and under load (`docker stats`);
 * - SSR throughput of `/` inside the container beside the same bench against `server.ts` outside
 *   it (autocannon, as `bench:ssr`; BENCH_SECONDS, BENCH_CONNECTIONS).
 *
 * Uses the engine and base image of `scripts/ensure-docker.ts` and builds the image (tag
 * story-voice-site:bench). Exits 1 when the build or a container fails.
 */
import { spawnSync } from 'node:child_process';
import { ensureDocker } from './ensure-docker.ts';
import { run, printRows, type SsrRow } from './bench-ssr.ts';
import { benchBuild, freePort, startBenchServer } from './lib/bench-server.ts';
import { ROOT } from './lib/bench-server.ts';

const TAG = 'story-voice-site:bench';
const SECRET = 'bench-container-secret-0123456789';

function docker(...args: string[]): string {
  const r = spawnSync('docker', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Parses docker's human sizes ("12.3MB", "845kB", "0B") to bytes. */
function bytes(size: string): number {
  const m = /^([\d.]+)\s*([kMG]?B)$/i.exec(size.trim());
  if (!m) return 0;
  const unit = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9 }[m[2] as 'B'] ?? 1;
  return Number(m[1]) * unit;
}

async function runContainer(): Promise<{ name: string; url: string; started: number }> {
  const port = await freePort();
  const name = `sv-bench-${port}`;
  const started = performance.now();
  docker(
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    '-e',
    `PORT=${port}`,
    '-e',
    'METRICS_PORT=',
    '-e',
    `FORM_SECRET=${SECRET}`,
    '-e',
    'LOG_LEVEL=warn',
    TAG,
  );
  return { name, url: `http://127.0.0.1:${port}`, started };
}

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
      await new Promise((r) => setTimeout(r, 50));
    }
    toHealthy.push(performance.now() - c.started);
    toFirst200.push(first);
    docker('rm', '-f', c.name);
  }

  const c = await runContainer();
  while (docker('inspect', '--format', '{{.State.Health.Status}}', c.name) !== 'healthy') {
    await new Promise((r) => setTimeout(r, 200));
  }
  await fetch(`${c.url}/`); // first render warms the JIT and the module cache
  await new Promise((r) => setTimeout(r, 2000));
  const idle = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', c.name);
  let loaded = '';
  const sampler = setTimeout(() => {
    loaded = docker('stats', '--no-stream', '--format', '{{.MemUsage}}', c.name);
  }, 5000);
  const inside = await run('/ in the container', 'site', `${c.url}/`);
  clearTimeout(sampler);
  docker('rm', '-f', c.name);

  const server = await startBenchServer(benchBuild());
  let outside: SsrRow;
  try {
    outside = await run('/ outside (server.ts)', 'site', `${server.origin}/`, server.process.pid);
  } finally {
    await server.stop();
  }

  console.log(`\nImage ${TAG}: ${mb(size)} (base ${env.nodeImage}: ${mb(baseSize)})`);
  console.log(`Our layers: ${mb(ours.reduce((s, l) => s + l.bytes, 0))}`);
  for (const l of ours) console.log(`  ${mb(l.bytes).padStart(9)}  ${l.by}`);
  console.log(
    `docker run → first 200 on /healthz: median ${median(toFirst200).toFixed(0)} ms ` +
      `(${toFirst200.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `docker run → healthy: median ${median(toHealthy).toFixed(0)} ms ` +
      `(${toHealthy.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(`Memory: idle ${idle}; under load ${loaded || 'n/a'}`);
  printRows([inside, outside]);
} finally {
  await env.stop();
}
