/**
 * Shared helpers for the pipeline suites: fresh PostgreSQL databases, an in-process SMTP server
 * (smtp-server) whose behaviour can be switched between accept / refuse / hang, and a
 * production server process started from the build made by global-setup.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { NODE, ROOT } from '../../../scripts/lib/server-process.ts';
import { createLogger } from '../../../src/server/logger.ts';

export {
  createDatabase,
  NODE,
  ROOT,
  startServer,
  TEST_SECRET,
  type RunningServer,
} from '../../../scripts/lib/server-process.ts';

/** A command line's run: its exit code (`null` when a signal ended it), stdout and stderr. */
export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `script` with only PATH, a silent log and `env`, and waits. */
function spawnCli(script: string, env: Record<string, string>, args: string[]): CliRun {
  const r = spawnSync(NODE, [script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * Runs the build's bundle of a command line, `<buildDir>/server/<name>.js` (`vite.config.ts`),
 * as the image runs it (`Dockerfile`): it starts in about a third of the CPU time of the sources
 * (`src/server/<name>/cli.ts`, what `npm run <name>` runs; `operator-commands.test.ts` runs those
 * as the manual writes them).
 * @throws Error when global-setup made no build
 */
function runCli(
  name: 'enquiries' | 'content',
  env: Record<string, string>,
  args: string[],
): CliRun {
  const buildDir = inject('buildDir');
  if (!buildDir) throw new Error('No build: global-setup could not build the site (see its log)');
  return spawnCli(join(buildDir, 'server', `${name}.js`), env, args);
}

/**
 * The operators' command line from its sources (`src/server/enquiries/cli.ts`), as `npm run
 * enquiries` runs it: without NODE_ENV, so with the development defaults the bundle (built for
 * production) does not have, such as npm start's origin for a missing SITE_URL.
 */
export const cliFromSources = (env: Record<string, string>, ...args: string[]): CliRun =>
  spawnCli(join(ROOT, 'src/server/enquiries/cli.ts'), env, args);

/** The operators' command line (`src/server/enquiries/cli.ts`), run as {@link runCli} says. */
export const cli = (env: Record<string, string>, ...args: string[]): CliRun =>
  runCli('enquiries', env, args);

/** The content command line (`src/server/content/cli.ts`, `npm run content`), run as {@link cli}. */
export const contentCli = (env: Record<string, string>, ...args: string[]): CliRun =>
  runCli('content', env, args);

export const silentLogger = () => createLogger('silent');

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
