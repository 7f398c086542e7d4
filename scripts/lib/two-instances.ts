/**
 * Two production servers (`server.ts` on one build) on one PostgreSQL database, as two replicas
 * behind a load balancer run (docs/operations/deployment.md): both take the same `SITE_URL` (the first one's
 * own origin, `http://localhost:<port>`, so a browser can sign in to the staff area there: a
 * passkey's relying party cannot be an IP address) and the same `FORM_SECRET`, so they must serve
 * the same bytes for every page. For end-to-end tests (Vitest and Playwright) and
 * `npm run bench:publish`.
 *
 * Use: `const two = await startTwoInstances({ buildDir, adminUrl })`, publish through
 * `two.content(…)` (the operators' CLI), the staff area at `two.siteUrl`, or the content store on
 * `two.databaseUrl`; then `await two.waitForSame('/expertise', (body) => body.includes('…'))`,
 * and `await two.stop()`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { createDatabase, NODE, ROOT, startServer, type RunningServer } from './server-process.ts';
import { freePort } from './free-port.ts';

/** What one instance answered for a path. */
export interface Answer {
  status: number;
  etag: string | null;
  body: Buffer;
}

export interface TwoInstances {
  /** The database both use (a fresh one on the admin server). */
  databaseUrl: string;
  /** `SITE_URL` of both: the first instance's own origin (`http://localhost:<port>`). */
  siteUrl: string;
  /** Each instance's own base URL (`http://127.0.0.1:<port>`), in start order. */
  urls: readonly [string, string];
  instances: readonly [RunningServer, RunningServer];
  /** The environment both run with (give it to the CLIs so they reach the same database). */
  env: Readonly<Record<string, string>>;
  /** GETs `path` from instance `i` (0 or 1): status, ETag and the body's bytes (uncompressed: no Accept-Encoding). */
  get(i: 0 | 1, path: string): Promise<Answer>;
  /**
   * Polls `path` on both instances every `intervalMs` (default 50) until each answers 200 with a
   * body that `until` accepts, then checks both answers are the same bytes with the same ETag.
   * @returns the answer, and for each instance the ms from the call until it first passed
   * @throws Error naming the instance and what it served when `timeoutMs` (default 5,000) passes,
   *   or when the two passing answers differ
   */
  waitForSame(
    path: string,
    until: (body: string) => boolean,
    options?: { timeoutMs?: number; intervalMs?: number },
  ): Promise<{ answer: Answer; ms: readonly [number, number] }>;
  /** Runs `npm run content -- <args>` on the shared database; its exit code and output. */
  content(...args: string[]): { code: number | null; out: string; err: string };
  /** Stops both servers and drops nothing (the database is the test run's). */
  stop(): Promise<void>;
}

/**
 * Starts both servers on a new database of `adminUrl`'s server (the second once the first is
 * ready, so the first migrates and seeds the content, as a rolling deploy does).
 * @param options.buildDir a production build (`inject('buildDir')`, `benchBuild()`)
 * @param options.adminUrl a PostgreSQL URL that may `CREATE DATABASE`
 * @param options.env more environment for both (e.g. `LOG_LEVEL`, `STAFF_AREA`)
 * @throws Error when a server does not become ready within 30 s
 */
export async function startTwoInstances(options: {
  buildDir: string;
  adminUrl: string;
  env?: Record<string, string>;
}): Promise<TwoInstances> {
  const databaseUrl = await createDatabase(options.adminUrl);
  const [port0, port1] = [await freePort(), await freePort()];
  const siteUrl = `http://localhost:${port0}`;
  const env = {
    DATABASE_URL: databaseUrl,
    SITE_URL: siteUrl,
    FORM_SECRET: `two-instances-${randomBytes(12).toString('hex')}`,
    ...options.env,
  };
  const first = await startServer(options.buildDir, { ...env, PORT: String(port0) });
  let second: RunningServer;
  try {
    second = await startServer(options.buildDir, { ...env, PORT: String(port1) });
  } catch (error) {
    await first.stop();
    throw error;
  }
  const instances = [first, second] as const;
  const urls = [first.url, second.url] as const;

  // A new connection each time (`agent: false`): a kept-alive one may be closed by the server's
  // keep-alive timeout while a caller blocks (a CLI run with spawnSync) and fail the next GET.
  const get = (i: 0 | 1, path: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpGet(`${urls[i]}${path}`, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', (error) =>
        reject(new Error(`GET ${path} from instance ${i} failed`, { cause: error })),
      );
    });

  const waitForSame: TwoInstances['waitForSame'] = async (path, until, opts = {}) => {
    const { timeoutMs = 5_000, intervalMs = 50 } = opts;
    const start = performance.now();
    const passed: [Answer | undefined, Answer | undefined] = [undefined, undefined];
    const ms: [number, number] = [NaN, NaN];
    const last: [Answer | undefined, Answer | undefined] = [undefined, undefined];
    for (;;) {
      await Promise.all(
        ([0, 1] as const).map(async (i) => {
          if (passed[i]) return;
          const answer = await get(i, path);
          last[i] = answer;
          if (answer.status === 200 && until(answer.body.toString('utf8'))) {
            passed[i] = answer;
            ms[i] = performance.now() - start;
          }
        }),
      );
      const [a, b] = passed;
      if (a && b) {
        if (a.etag !== b.etag || !a.body.equals(b.body)) {
          throw new Error(
            `${path}: the instances differ: ETag ${a.etag} vs ${b.etag}, ` +
              `${a.body.length} vs ${b.body.length} bytes`,
          );
        }
        return { answer: a, ms };
      }
      if (performance.now() - start > timeoutMs) {
        const which = passed.flatMap((p, i) => (p ? [] : [i]));
        throw new Error(
          `${path}: instance ${which.join(' and ')} did not serve it within ${timeoutMs} ms ` +
            `(last: ${which.map((i) => `${last[i]?.status} ${last[i]?.etag}`).join(', ')})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  };

  return {
    databaseUrl,
    siteUrl,
    urls,
    instances,
    env,
    get,
    waitForSame,
    content(...args) {
      const r = spawnSync(NODE, [join(ROOT, 'src/server/content/cli.ts'), ...args], {
        cwd: ROOT,
        env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    },
    async stop() {
      await Promise.all(instances.map((s) => s.stop()));
    },
  };
}
