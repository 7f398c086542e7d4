/**
 * A production server process for tests and benchmarks: `server.ts` started against a build on
 * a free port, ready when /readyz answers, and fresh PostgreSQL databases for it. Shared by
 * `tests/` and `bench/` (neither imports the other).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const NODE = join(ROOT, 'node_modules/.bin/node');

/** Create an empty database on the admin server; returns its URL. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The form secret of every test server (FORM_SECRET must be at least 16 characters). */
export const TEST_SECRET = 'test-secret-0123456789abcdef';

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  logs: () => string;
  /** SIGTERM and wait for exit; resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Start `server.ts` on a free port (or `env.PORT`) against the build in `buildDir`; waits until
 * /readyz answers 200 (pages rendered, store up). A port taken by another process between the
 * pick and the server's listen (test files run in parallel) is retried on a new port, up to
 * three times.
 */
export async function startServer(
  buildDir: string,
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(buildDir, env, options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** How the server is started. */
export interface StartOptions {
  /**
   * As the image's `CMD` runs it (`Dockerfile`): the build's own bundle,
   * `<buildDir>/server/server.js`, with `--max-semi-space-size=1` and `MALLOC_ARENA_MAX=2`, rather
   * than `server.ts`; for figures of memory as deployed.
   */
  asInContainer?: boolean;
}

async function startServerOnce(
  buildDir: string,
  env: Record<string, string>,
  { asInContainer = false }: StartOptions,
): Promise<RunningServer> {
  if (!buildDir) throw new Error('No build: global-setup could not build the site (see its log)');
  // A given PORT is kept (a restored site on its predecessor's origin), else a free one.
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  let out = '';
  const args = asInContainer
    ? ['--max-semi-space-size=1', join(buildDir, 'server/server.js')]
    : [join(ROOT, 'server.ts')];
  const proc = spawn(NODE, args, {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
      ...(asInContainer ? { MALLOC_ARENA_MAX: '2' } : {}),
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      DRAIN_GRACE_MS: '0',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      FORM_SECRET: TEST_SECRET,
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // 'close' comes after the last output: an early exit is reported with all of it.
  const closed = new Promise((r) => proc.once('close', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await closed;
      throw new Error(`server exited early:\n${out}`);
    }
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave it running behind the failed test.
      proc.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    proc,
    logs: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolveStop) => {
        if (proc.exitCode !== null) return resolveStop(proc.exitCode);
        proc.once('exit', (code) => resolveStop(code));
        proc.kill(signal);
      }),
  };
}
