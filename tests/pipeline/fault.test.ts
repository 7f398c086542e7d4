/**
 * Fault test: the server is killed with SIGKILL while submissions arrive, plain posts (success:
 * 303 to the confirmation) and the form script's (success: 200 with the result).
 * After a restart, every submission that got a success answer is in the store and its
 * notification is eventually delivered (at least once; the store marks it sent once).
 */
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { headers, startServer, startSmtp } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';
import { formBody } from './support/fixtures.ts';
import { send } from './support/http.ts';
import { CONFIRMATION, enhanced, FORM_POST, SCRIPT_POST } from './support/page-action.ts';

it('SIGKILL under load loses no answered submission; all are delivered after restart', async () => {
  const dataDir = tempDir('fault');
  const smtp = await startSmtp();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    RATE_LIMIT_MAX: '100000',
    OUTBOX_LEASE_MS: '3000',
  };
  const srv = await startServer(inject('buildDir'), env);
  const answered: string[] = [];
  /** Kill once this many were answered, whatever the machine's speed; requests keep flowing. */
  const KILL_AFTER = 30;
  let underLoad: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (underLoad = resolve));
  let n = 0;
  let stop = false;
  const client = async (_: unknown, index: number) => {
    const scripted = index % 2 === 1;
    while (!stop) {
      const subject = `Fault ${n++}`;
      try {
        const r = await send(srv.url, {
          path: scripted ? SCRIPT_POST : FORM_POST,
          body: (scripted ? enhanced(formBody({ subject })) : formBody({ subject })).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
        });
        const sent = scripted
          ? r.status === 200
          : r.status === 303 && r.headers.location === CONFIRMATION;
        if (sent) answered.push(subject);
        if (answered.length >= KILL_AFTER) underLoad();
      } catch {
        // connection killed mid-request: no answer, so no promise was made
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  await loaded;
  srv.proc.kill('SIGKILL');
  await new Promise((r) => srv.proc.once('exit', r));
  stop = true;
  await Promise.all(clients);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

  const again = await startServer(inject('buildDir'), env);
  try {
    const store = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    const stored = new Set((await store.list()).map((r) => r.subject));
    const missing = answered.filter((s) => !stored.has(s));
    expect(missing).toEqual([]);
    // Everything stored is delivered eventually (the restarted worker resumes the outbox; rows
    // whose lease died with the killed process become due when the lease ends).
    const deadline = Date.now() + 60_000;
    while ((await store.counts()).pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await store.counts()).pending).toBe(0);
    const delivered = smtp.mails.map((m) => Object.fromEntries(headers(m.raw))['subject']);
    for (const s of answered) expect(delivered).toContain(`Website enquiry: ${s}`);
    await store.close();
  } finally {
    await again.stop();
    await smtp.close();
  }
}, 120_000);
