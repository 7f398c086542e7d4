/**
 * Outbox + Nodemailer against a real in-process SMTP server (docs/product.md#enquiry-handling): refusals and time-outs
 * are retried with backoff until the server recovers; every notification is delivered, none twice;
 * the message has the agency as From, the visitor as Reply-To, every field in a plain-text body,
 * and CR/LF smuggled into a field adds no header.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpNotifier, type Notifier } from '../../src/server/enquiries/mailer.ts';
import { OutboxWorker } from '../../src/server/enquiries/outbox.ts';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { backoffMs, type NewSubmission } from '../../src/server/enquiries/store.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { headers, silentLogger, startSmtp } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const sub = (over: Partial<NewSubmission> = {}) =>
  newSubmission({ message: 'Line one\nLine two', ...over });

describe('outbox worker with a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let store: SqliteStore;
  let file: string;
  beforeEach(async () => {
    smtp = await startSmtp();
    file = join(tempDir(), 'o.sqlite');
    store = new SqliteStore(file);
    await store.migrate();
  });
  // Notifiers keep a pooled SMTP connection open: close them so the server can shut down.
  let notifiers: Notifier[] = [];
  afterEach(async () => {
    for (const n of notifiers) n.close();
    notifiers = [];
    await store.close();
    await smtp.close();
  });

  const notifier = (timeoutMs: number): Notifier => {
    const n = createSmtpNotifier({
      smtpUrl: smtp.url,
      from: 'hello@agency.example',
      to: 'team@agency.example',
      timeoutMs,
    });
    notifiers.push(n);
    return n;
  };

  const worker = (timeoutMs = 20_000) =>
    new OutboxWorker({
      store,
      notifier: notifier(timeoutMs),
      logger: silentLogger(),
      backoff: () => 0, // retry immediately in tests; backoffMs is tested on its own
      leaseMs: 60_000,
    });

  it('sends a plain-text notification: From agency, Reply-To visitor, every field', async () => {
    const s = sub();
    await insert(store, s, 600_000);
    expect(await worker().drainOnce()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe('hello@agency.example');
    expect(mail.to).toEqual(['team@agency.example']);
    const h = Object.fromEntries(headers(mail.raw));
    expect(h['from']).toContain('hello@agency.example');
    expect(h['reply-to']).toContain('asha@example.com');
    expect(h['subject']).toBe('Website enquiry: Launch coverage');
    expect(h['content-type']).toMatch(/^text\/plain/);
    for (const v of [
      'Asha Verma',
      'asha@example.com',
      'Launch coverage',
      'Line one',
      'Line two',
      s.id,
    ]) {
      expect(mail.raw).toContain(v);
    }
    expect(await store.counts()).toMatchObject({ pending: 0, sent: 1 });
  });

  it('injected CR/LF in name, email and subject adds no header', async () => {
    await insert(
      store,
      sub({
        name: 'Eve\r\nBcc: victim@evil.example',
        email: 'eve@example.com\r\nCc: victim2@evil.example',
        subject: 'Hi\r\nX-Injected: yes\nBcc: victim3@evil.example',
      }),
      600_000,
    );
    await worker().drainOnce();
    const mail = smtp.mails[0]!;
    const names = headers(mail.raw).map(([k]) => k);
    expect(names).not.toContain('bcc');
    expect(names).not.toContain('cc');
    expect(names).not.toContain('x-injected');
    expect(mail.to).toEqual(['team@agency.example']);
  });

  it('a backlog is sent over one reused SMTP session', async () => {
    for (let i = 0; i < 20; i++) await insert(store, sub({ subject: `B${i}` }), 600_000);
    expect(await worker().drainOnce()).toBe(20);
    expect(smtp.mails).toHaveLength(20);
    expect(smtp.sessions()).toBe(1);
  });

  it('refusal, then time-out, then recovery: every row delivered exactly once', async () => {
    for (let i = 0; i < 5; i++) await insert(store, sub({ subject: `S${i}` }), 600_000);
    const w = worker(500);
    smtp.setMode('refuse');
    expect(await w.drainOnce()).toBe(0);
    let listed = await store.list();
    expect(listed.every((r) => r.notification === 'failing')).toBe(true);
    smtp.setMode('hang');
    expect(await w.drainOnce()).toBe(0);
    smtp.setMode('accept');
    expect(await w.drainOnce()).toBe(5);
    expect(await w.drainOnce()).toBe(0);
    const subjects = smtp.mails.map((m) => Object.fromEntries(headers(m.raw))['subject']).sort();
    expect(subjects).toEqual([0, 1, 2, 3, 4].map((i) => `Website enquiry: S${i}`));
    listed = await store.list();
    expect(listed.every((r) => r.notification === 'sent')).toBe(true);
  }, 30_000);

  it('the running loop delivers after kick() and stops after the delivery under way', async () => {
    const w = worker();
    w.start();
    await insert(store, sub(), 600_000);
    w.kick();
    for (let i = 0; i < 100 && smtp.mails.length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(smtp.mails).toHaveLength(1);
    expect(await store.counts()).toMatchObject({ sent: 1, pending: 0 });
  });

  it('pending rows survive a restart (a new store + worker on the same file deliver them)', async () => {
    smtp.setMode('refuse');
    await insert(store, sub(), 600_000);
    await worker().drainOnce();
    await store.close();
    store = new SqliteStore(file);
    await store.migrate();
    smtp.setMode('accept');
    expect(await worker().drainOnce()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
  });
});

describe('backoffMs', () => {
  it('doubles from 30 s and caps at one hour, never giving up', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(50)).toBe(3_600_000);
  });
});
