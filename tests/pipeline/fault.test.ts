/**
 * Fault test: the server is killed with SIGKILL while submissions arrive.
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
  let n = 0;
  let stop = false;
  const client = async () => {
    while (!stop) {
      const subject = `Fault ${n++}`;
      try {
        const r = await send(srv.url, {
          path: '/api/enquiries',
          body: formBody({ subject }).toString(),
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url },
        });
        if (r.status === 200) answered.push(subject);
      } catch {
        // connection killed mid-request: no answer, so no promise was made
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  await new Promise((r) => setTimeout(r, 1500));
  srv.proc.kill('SIGKILL');
  await new Promise((r) => srv.proc.once('exit', r));
  stop = true;
  await Promise.all(clients);
  expect(answered.length).toBeGreaterThan(20);

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
