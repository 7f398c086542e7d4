/**
 * The proof that a backup restores (docs/operations/backups.md): visitors post enquiries
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
// eslint-disable-next-line no-restricted-imports -- the framework's decoder of its data requests' answers, read as its browser half reads them
import { UNSAFE_decodeViaTurboStream } from 'react-router';
import { cookieNames } from '../../src/staff/session.server.ts';
import { freePort } from '../../scripts/lib/postgres.ts';
import { SoftPasskey } from '../support/soft-authenticator.ts';
import { ENQUIRY } from './support/fixtures.ts';
import { NODE, ROOT, startServer, type RunningServer } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** The CLI as a child process, without blocking this process's event loop (the posters run). */
function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(NODE, [join(ROOT, 'src/server/enquiries/cli.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

/** A page's HTML without React's `<!-- -->` separators between adjacent text parts. */
const textOf = async (res: Response): Promise<string> =>
  (await res.text()).replaceAll('<!-- -->', '');

/**
 * A member of staff as the browser acts for them: pages with their cookie, and the passkey
 * ceremonies' JSON posts to their routes' actions through the framework's data requests
 * (`<path>.data`), answered in React Router's own encoding.
 */
class StaffClient {
  readonly #server: RunningServer;
  readonly #origin: string;
  cookie = '';
  constructor(server: RunningServer, origin: string) {
    this.#server = server;
    this.#origin = origin;
  }

  /** One step of a ceremony; `data` is its action's answer, decoded. */
  async step(
    path: string,
    body: object,
    cookies: string[] = [this.cookie],
  ): Promise<{ res: Response; data?: { options?: never } }> {
    const res = await fetch(`${this.#server.url}${path}.data`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: this.#origin,
        cookie: cookies.filter(Boolean).join('; '),
      },
      body: JSON.stringify(body),
    });
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/x-script')) return { res };
    const { value } = await UNSAFE_decodeViaTurboStream(res.clone().body!, globalThis);
    return { res, ...(value as { data?: { options?: never } }) };
  }

  /** `name=value` of the response's cookie `name`. */
  static cookie(res: Response, name: string): string {
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    return line?.split(';')[0] ?? '';
  }

  /** A page of the inbox with the session cookie; never followed when it redirects. */
  page(path: string): Promise<Response> {
    return fetch(`${this.#server.url}${path}`, {
      headers: { cookie: this.cookie },
      redirect: 'manual',
    });
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
    const site = { PORT: String(port), SITE_URL: origin, STAFF_AREA: 'on' };
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
    const names = cookieNames(origin);
    const meera = new StaffClient(a, origin);
    const options = await meera.step('/staff/invite', { intent: 'options', token }, []);
    expect(options.res.status).toBe(200);
    const enrolled = await meera.step(
      '/staff/invite',
      { intent: 'verify', token, response: passkey.create(options.data!.options!, 'localhost') },
      [StaffClient.cookie(options.res, names.ceremony)],
    );
    const sessionBefore = StaffClient.cookie(enrolled.res, names.session);
    expect(sessionBefore, String(enrolled.res.status)).not.toBe('');

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
        const res = await fetch(`${a.url}/contact`, {
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
        if (res.status === 303) entry.acknowledgedAt = performance.now();
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
      expect((await staff.page('/staff/account')).status).toBe(200);
      // … and the passkey signs in afresh.
      const signIn = await staff.step('/staff/sign-in', { intent: 'options' }, []);
      expect(signIn.res.status).toBe(200);
      const verified = await staff.step(
        '/staff/sign-in',
        { intent: 'verify', response: passkey.get(signIn.data!.options!, 'localhost') },
        [StaffClient.cookie(signIn.res, names.ceremony)],
      );
      staff.cookie = StaffClient.cookie(verified.res, names.session);
      expect(staff.cookie, String(verified.res.status)).not.toBe('');
      expect((await staff.page('/staff/account')).status).toBe(200);

      for (const p of before) {
        const list = await textOf(await staff.page(`/staff?q=${p.token}`));
        const ids = [...list.matchAll(/href="\/staff\/enquiries\/([^"]+)"/g)].map((m) => m[1]);
        expect(ids, p.token).toHaveLength(1);
        const enquiry = await textOf(await staff.page(`/staff/enquiries/${ids[0]}`));
        for (const text of [ENQUIRY.name, ENQUIRY.email, p.subject, p.message])
          expect(enquiry, p.token).toContain(text);
      }
      // The copy holds no more than the visitors sent.
      const all = await textOf(await staff.page('/staff?q=Reference'));
      const total = Number(/([\d,]+) enquir(?:y|ies)/.exec(all)?.[1]?.replaceAll(',', ''));
      expect(total).toBeGreaterThanOrEqual(before.length);
      expect(total).toBeLessThanOrEqual(posted.length);
    } finally {
      expect(await b.stop()).toBe(0);
    }
  }, 90_000);
});
