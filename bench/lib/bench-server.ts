/**
 * The production build and server for the benches: builds into its own folder (never dist/),
 * starts `server.ts` on a free loopback port with a throwaway data directory, and stops it.
 *
 * Env: BENCH_OUT_DIR (default .builds/bench), BENCH_SKIP_BUILD=1 (reuse an existing build).
 * @throws Error when the build fails or the server does not answer within 30 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BENCH_DIR = resolve(process.env['BENCH_OUT_DIR'] ?? join(ROOT, '.builds/bench'));

/** Re-exported for the benches that start servers of their own. */
export { freePort };

/** Builds into {@link BENCH_DIR} unless BENCH_SKIP_BUILD=1 and a build is there. */
export function benchBuild(): string {
  if (process.env['BENCH_SKIP_BUILD'] === '1' && existsSync(join(BENCH_DIR, 'server/server.js')))
    return BENCH_DIR;
  console.log(`Building into ${BENCH_DIR} …`);
  const b = spawnSync(process.execPath, [join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BUILD_DIR: BENCH_DIR, BUILD_LOG_LEVEL: 'silent' },
  });
  if (b.status !== 0) throw new Error(`build failed (status ${b.status})`);
  return BENCH_DIR;
}

/** Where the contact page's form posts without JavaScript; accepted: 303 to the confirmation. */
export const FORM_POST = '/contact';

/**
 * A distinct enquiry as the form posts it (URL-encoded); no start cookie, which the time trap
 * treats as a person (docs/decisions/009-form-time-trap-without-a-page-token.md).
 */
export function enquiryBody(subject: string): string {
  return new URLSearchParams({
    name: 'Bench Visitor',
    email: 'bench@example.com',
    subject,
    message: `Benchmark enquiry ${subject}: we would like to discuss a product launch in March.`,
  }).toString();
}

export interface BenchServer {
  origin: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Polls `url` until it answers 2xx (readiness: every page rendered). @throws Error after `ms`. */
export async function waitForServer(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 2xx within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts the production server on the build in `buildDir`.
 * @param script the server to run: this checkout's `server.ts` (default), or a build's own bundle
 *   (`<build>/server/server.js`, which serves the build it belongs to: a baseline's)
 */
export async function startBenchServer(
  buildDir: string,
  env: Record<string, string> = {},
  script = join(ROOT, 'server.ts'),
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      SITE_URL: origin,
      LOG_LEVEL: 'warn',
      DRAIN_GRACE_MS: '0',
      RATE_LIMIT_MAX: '1000000',
      WEB_VITALS_RATE_LIMIT_MAX: '100000000',
      ...env,
    },
  });
  await waitForServer(`${origin}/readyz`);
  return {
    origin,
    process: child,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
