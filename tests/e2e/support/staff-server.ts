/**
 * A private production server for the staff inbox's browser tests: `server.ts` on the build, on
 * a free port of `localhost` (a passkey's relying party cannot be an IP address), with an
 * in-process SMTP server and a loopback stand-in for Slack's incoming webhook, so a released
 * enquiry's deliveries can be counted. The enquiries CLI runs against the same data directory.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSmtp, type CapturedMail } from '../../pipeline/support/helpers.ts';
import { startedLater } from '../../support/started-later.ts';
import { freePort } from './site.ts';

export interface StaffServer {
  origin: string;
  dataDir: string;
  /** Mails the SMTP server accepted. */
  mails: CapturedMail[];
  /** Bodies Slack's stand-in received. */
  slack: string[];
  /** Runs `npm run enquiries -- <args>` against this server's data; returns its stdout. */
  cli(args: string[]): string;
  /** Invites someone through the CLI (`--role` when given); returns the printed link. */
  invite(email: string, name: string, role?: 'editor' | 'publisher' | 'owner'): string;
  /**
   * Opens an invite `link` in `page`, given a passkey device first, and creates the passkey:
   * `page` is then signed in, on `/staff`.
   */
  enrol(page: Page, link: string): Promise<void>;
  close(): Promise<void>;
}

/** A loopback HTTP server that records each POST body and answers `ok` as Slack does. */
async function startSlack(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/services/T000/B000/e2e`, bodies, server };
}

/** A platform authenticator with a fingerprint reader, as a laptop or phone has. */
export async function addPasskeyDevice(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Starts the server and waits until it answers `/readyz`. */
/**
 * A staff server of the spec file's own, started before its first test and closed after its last
 * (`test.beforeAll`, `test.afterAll`), so each file runs alone. Call at the file's top level; the
 * answer stands for the server once started (reading it earlier throws).
 */
export function useStaffServer(): StaffServer {
  const server = startedLater<StaffServer>('the staff server');
  test.beforeAll(async () => {
    server.set(await startStaffServer());
  });
  test.afterAll(async () => {
    await server.current()?.close();
  });
  return server.value;
}

async function startStaffServer(): Promise<StaffServer> {
  const [smtp, slack, port] = await Promise.all([startSmtp(), startSlack(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-staff-'));
  const origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    NODE_ENV: 'production',
    BUILD_DIR: resolve(process.env['BUILD_DIR'] ?? './dist'),
    FORM_SECRET: 'e2e-form-secret-0123456789',
    FORM_MIN_FILL_MS: '0',
    RATE_LIMIT_MAX: '1000',
    DRAIN_GRACE_MS: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    SMTP_URL: smtp.url,
    SLACK_WEBHOOK_URL: slack.url,
    STAFF_AREA: 'on',
  };
  const child: ChildProcess = spawn('node_modules/.bin/node', ['server.ts'], { env });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server.ts exited:\n${log}`);
        return fetch(`${origin}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);

  const cli = (args: string[]): string => {
    const run = spawnSync('node_modules/.bin/node', ['src/server/enquiries/cli.ts', ...args], {
      env,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`enquiries ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };

  return {
    origin,
    dataDir,
    mails: smtp.mails,
    slack: slack.bodies,
    cli,
    invite(email, name, role) {
      const out = cli([
        'staff',
        'invite',
        '--email',
        email,
        '--name',
        name,
        ...(role ? ['--role', role] : []),
      ]);
      const link = /https?:\/\/\S+\/staff\/invite\?token=\S+/.exec(out)?.[0];
      if (!link) throw new Error(`no link in:\n${out}`);
      return link;
    },
    async enrol(page, link) {
      await addPasskeyDevice(page);
      await page.goto(link);
      await page.getByRole('button', { name: 'Create your passkey' }).click();
      await page.waitForURL(`${origin}/staff`);
    },
    async close() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      await smtp.close();
      await new Promise((done) => slack.server.close(done));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Console errors and warnings, page errors and CSP violations seen on `page`, but the browser's
 * own report of an answer a test asked for on purpose: a status in `expected` (a refusal, a
 * conflict, a withdrawn link).
 */
export function watch(page: Page, expected: readonly number[]): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const status = /Failed to load resource: the server responded with a status of (\d+)/.exec(
      m.text(),
    )?.[1];
    if (status && expected.includes(Number(status))) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return problems;
}
