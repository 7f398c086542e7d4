/**
 * The proof that a backup restores (README "Backups and restore"): visitors post enquiries
 * continuously to a production server process on SQLite; `enquiries backup` runs in the middle of
 * the stream; the backup is restored into a fresh DATA_DIR and a fresh server process starts on
 * it. Every enquiry the first server acknowledged before the backup began is there, intact and
 * found by the inbox's search, and the member of staff enrolled on the first server signs in to
 * the second with the same passkey (and the session taken before the backup is still live).
 * Everything goes through HTTP and the CLI as a visitor, a member of staff and an operator use
 * them. The restore also refuses, with exit code 3, the database the first server holds.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ceremonyCookieName, sessionCookieName } from '../../src/server/staff/sessions.ts';
import { freePort } from '../support/postgres.ts';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import { ENQUIRY } from './support/fixtures.ts';
import { NODE, ROOT, startServer, type RunningServer } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** The CLI as a child process, without blocking this process's event loop (the posters run). */
function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(NODE, [join(ROOT, 'scripts/enquiries.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

/** A member of staff's requests to the inbox's API, with its cookies, from the staff origin. */
class StaffClient {
  readonly #server: RunningServer;
  readonly #origin: string;
  cookie = '';
  csrf = '';
  constructor(server: RunningServer, origin: string) {
    this.#server = server;
    this.#origin = origin;
  }

  post(path: string, body: object, cookies: string[] = [this.cookie]): Promise<Response> {
    return fetch(`${this.#server.url}/staff/api/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: this.#origin,
        cookie: cookies.filter(Boolean).join('; '),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** `name=value` of the response's cookie `name`. */
  static cookie(res: Response, name: string): string {
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    return line?.split(';')[0] ?? '';
  }

  /** The session behind the current cookie: its CSRF token, or null when none is live. */
  async session(): Promise<string | null> {
    const res = await this.post('rpc/session', { args: [] });
    return ((await res.json()) as { result: { csrfToken: string | null } }).result.csrfToken;
  }

  async rpc<T>(method: string, ...args: unknown[]): Promise<T> {
    const res = await this.post(`rpc/${method}`, { args });
    if (res.status !== 200) throw new Error(`rpc/${method}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { result: T }).result;
  }
}

interface Posted {
  token: string;
  subject: string;
  message: string;
  /** `performance.now()` when the server's answer arrived; null while in flight or refused. */
  acknowledgedAt: number | null;
}

describe('a backup taken while enquiries arrive', () => {
  it('restores into a fresh server: every enquiry acknowledged before it, and the staff’s passkeys', async () => {
    const buildDir = inject('buildDir');
    const port = await freePort();
    // Passkeys need a host name: the staff origin is localhost; requests go to 127.0.0.1.
    const origin = `http://localhost:${port}`;
    const site = { PORT: String(port), SITE_URL: origin, STAFF_INBOX: 'on' };
    const first = tempDir('proof-first');
    const a = await startServer(buildDir, { ...site, DATA_DIR: first });

    // A member of staff is invited (the operator's CLI) and enrols a passkey (the browser's API).
    const invited = await cli(
      { DATA_DIR: first, SITE_URL: origin },
      'staff',
      'invite',
      '--email',
      'meera@kahaani-pr.example',
      '--name',
      'Meera Nair',
    );
    expect(invited.code, invited.err).toBe(0);
    const token = new URL(/\s(https?:\/\/\S+)\n/.exec(invited.out)![1]!).searchParams.get('token');
    const passkey = new SoftPasskey(origin);
    const meera = new StaffClient(a, origin);
    const options = await meera.post('invite/options', { token }, []);
    expect(options.status).toBe(200);
    const enrolled = await meera.post(
      'invite/verify',
      {
        token,
        response: passkey.create(
          ((await options.json()) as { options: Parameters<SoftPasskey['create']>[0] }).options,
          'localhost',
        ),
      },
      [StaffClient.cookie(options, ceremonyCookieName(origin))],
    );
    expect(enrolled.status, await enrolled.clone().text()).toBe(200);
    const sessionBefore = StaffClient.cookie(enrolled, sessionCookieName(origin));
    expect(sessionBefore).not.toBe('');

    // Visitors post without pause, four at a time.
    const posted: Posted[] = [];
    let posting = true;
    const poster = async () => {
      while (posting) {
        const i = posted.length;
        const entry: Posted = {
          token: `proof${i}x`,
          subject: `Backup proof ${i}`,
          message: `${ENQUIRY.message} Reference proof${i}x, sent while a backup may run.`,
          acknowledgedAt: null,
        };
        posted.push(entry);
        const res = await fetch(`${a.url}/api/enquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: new URLSearchParams({
            ...ENQUIRY,
            subject: entry.subject,
            message: entry.message,
          }),
          redirect: 'manual',
        });
        await res.arrayBuffer();
        if (res.ok || res.status === 303) entry.acknowledgedAt = performance.now();
      }
    };
    const acknowledged = () => posted.filter((p) => p.acknowledgedAt !== null).length;
    /** Resolves once `n` enquiries in all are acknowledged (the posters run meanwhile). */
    const until = async (n: number) => {
      while (acknowledged() < n) await new Promise((r) => setImmediate(r));
    };
    const posters = Promise.all([poster(), poster(), poster(), poster()]);

    await until(60);
    const backupFile = join(tempDir('proof-backups'), 'site.sqlite');
    const backupBegan = performance.now();
    const backup = await cli({ DATA_DIR: first }, 'backup', '--to', backupFile);
    const backupEnded = performance.now();
    expect(backup.code, backup.err).toBe(0);
    await until(acknowledged() + 20);
    posting = false;
    await posters;
    const before = posted.filter(
      (p) => p.acknowledgedAt !== null && p.acknowledgedAt < backupBegan,
    );
    const during = posted.filter(
      (p) =>
        p.acknowledgedAt !== null &&
        p.acknowledgedAt >= backupBegan &&
        p.acknowledgedAt < backupEnded,
    );
    console.log(
      `proof: ${before.length} enquiries acknowledged before the backup, ${during.length} while it ran, ` +
        `${acknowledged()} in all; ${backup.out.trim()}`,
    );
    expect(posted.every((p) => p.acknowledgedAt !== null)).toBe(true);

    // The first server still holds its database: a restore into it is refused.
    const refused = await cli({ DATA_DIR: first }, 'restore', '--from', backupFile);
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(/is in use: stop the server/);
    expect(await a.stop()).toBe(0);

    const second = tempDir('proof-second');
    const restored = await cli({ DATA_DIR: second }, 'restore', '--from', backupFile);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/; there was no database before\.\n$/);
    const b = await startServer(buildDir, { ...site, DATA_DIR: second });
    try {
      const staff = new StaffClient(b, origin);
      // The session of before the backup is still live on the restored site …
      staff.cookie = sessionBefore;
      expect(await staff.session()).not.toBeNull();
      // … and the passkey signs in afresh.
      staff.cookie = '';
      const signIn = await staff.post('sign-in/options', {}, []);
      expect(signIn.status).toBe(200);
      const verified = await staff.post(
        'sign-in/verify',
        {
          response: passkey.get(
            ((await signIn.json()) as { options: Parameters<SoftPasskey['get']>[0] }).options,
            'localhost',
          ),
        },
        [StaffClient.cookie(signIn, ceremonyCookieName(origin))],
      );
      expect(verified.status, await verified.clone().text()).toBe(200);
      staff.cookie = StaffClient.cookie(verified, sessionCookieName(origin));
      staff.csrf = (await staff.session()) ?? '';
      expect(staff.csrf).not.toBe('');

      for (const p of before) {
        const page = await staff.rpc<{ rows: Array<{ id: string }> }>('list', { q: p.token });
        expect(page.rows, p.token).toHaveLength(1);
        const enquiry = await staff.rpc<Record<string, unknown>>('get', page.rows[0]!.id);
        expect(enquiry).toMatchObject({
          name: ENQUIRY.name,
          email: ENQUIRY.email,
          subject: p.subject,
          message: p.message,
          status: 'new',
        });
      }
      // The copy holds no more than the visitors sent.
      const copied = await staff.rpc<{ total: number }>('list', { q: 'Reference', pageSize: 1 });
      expect(copied.total).toBeGreaterThanOrEqual(before.length);
      expect(copied.total).toBeLessThanOrEqual(posted.length);
    } finally {
      expect(await b.stop()).toBe(0);
    }
  }, 90_000);
});
