/**
 * Shared helpers for the pipeline suites: fresh PostgreSQL databases, an in-process SMTP server
 * (smtp-server) whose behaviour can be switched between accept / refuse / hang, and a
 * production server process started from the build made by global-setup.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '../../../src/server/logger.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const NODE = join(ROOT, 'node_modules/.bin/node');

/**
 * Runs the operators' command line (`scripts/enquiries.ts`) with only PATH, a silent log and
 * `env`, and waits for it: its exit code, stdout and stderr.
 */
export function cli(
  env: Record<string, string>,
  ...args: string[]
): { code: number | null; out: string; err: string } {
  const r = spawnSync(NODE, [join(ROOT, 'scripts/enquiries.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
export const silentLogger = () => createLogger('silent');

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

export interface CapturedMail {
  raw: string;
  from: string;
  to: string[];
}

export type SmtpMode = 'accept' | 'refuse' | 'hang' | 'slow';

/** An SMTP server on a free loopback port whose mode can change while it runs. */
export async function startSmtp(): Promise<{
  url: string;
  mails: CapturedMail[];
  setMode: (m: SmtpMode) => void;
  /** True while a 'slow' delivery is being held open. */
  busy: () => boolean;
  /** SMTP sessions (TCP connections) opened so far. */
  sessions: () => number;
  close: () => Promise<void>;
}> {
  let mode: SmtpMode = 'accept';
  let receiving = false;
  let sessions = 0;
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, cb) {
      sessions += 1;
      cb();
    },
    onRcptTo(_addr, _session, cb) {
      if (mode === 'refuse') {
        const err = new Error('Mailbox temporarily unavailable') as Error & {
          responseCode: number;
        };
        err.responseCode = 451;
        cb(err);
        return;
      }
      if (mode === 'hang') return; // never answer: the client must time out
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          mails.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          cb();
        };
        // 'slow': the delivery is still under way for 1.5 s after the data arrived.
        if (mode === 'slow') {
          receiving = true;
          setTimeout(() => {
            receiving = false;
            accept();
          }, 1500);
        } else accept();
      });
    },
  });
  // A client that dies mid-session (the fault test SIGKILLs the server process) resets its
  // connection; smtp-server reports that as an 'error' event, which must not crash the runner.
  // Any other server error is still thrown.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    throw err;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mails,
    setMode: (m) => {
      mode = m;
    },
    busy: () => receiving,
    sessions: () => sessions,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Parse the header block of a raw message into [name, value] pairs (unfolded). */
export function headers(raw: string): Array<[string, string]> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded.split(/\r?\n/).map((line) => {
    const i = line.indexOf(':');
    return [line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim()] as [string, string];
  });
}

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
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(buildDir, env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(
  buildDir: string,
  env: Record<string, string>,
): Promise<RunningServer> {
  if (!buildDir) throw new Error('No build: global-setup could not build the site (see its log)');
  const { freePort } = await import('../../support/postgres.ts');
  // A given PORT is kept (a restored site on its predecessor's origin), else a free one.
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  let out = '';
  const proc = spawn(NODE, [join(ROOT, 'server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env['PATH'] ?? '',
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
