/**
 * Notifications where the agency works (docs/decisions/031-notification-channels-through-the-outbox.md):
 * e-mail to a real in-process SMTP server, Slack and a webhook receiver as loopback HTTP
 * stand-ins. Each enquiry reaches each configured channel exactly once; a failing channel is
 * retried with backoff (driven by a fake clock) and never holds back another; the webhook's
 * Standard Webhooks signature verifies (with the reference library and with the recipe of
 * docs/operations/enquiries.md), carries its timestamp and fails when tampered with; Slack gets plain text only; and
 * no log line carries an enquiry's text, an address or an invite's link.
 */
import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxWorker, type AttemptResult } from '../../src/server/enquiries/outbox.ts';
import { createRuntime, type EnquiryRuntime } from '../../src/server/enquiries/runtime.ts';
import { submitEnquiry } from '../../src/server/enquiries/service.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createInboxService } from '../../src/server/inbox/service.ts';
import type { Channel } from '../../src/server/inbox/types.ts';
import { headers, startSmtp, TEST_SECRET } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';
import { startReceiver } from './support/receiver.ts';

const SITE = 'https://kahaani.example';
const SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const LONG_TAIL = 'TAILWORD-never-sent-to-slack-or-webhook';
const FIELDS = {
  name: 'Meera <!channel> Iyer',
  email: 'meera.iyer@client.example',
  subject: 'Festive *campaign* & <launch>',
  message: `We are planning a festive campaign in Mumbai. ${'Details follow. '.repeat(20)}${LONG_TAIL}`,
};

describe('notification channels', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let slack: Awaited<ReturnType<typeof startReceiver>>;
  let hook: Awaited<ReturnType<typeof startReceiver>>;
  let rt: EnquiryRuntime;
  let clock: number;
  let logs: string[];
  let attempts: Array<[Channel, AttemptResult]>;

  beforeEach(async () => {
    smtp = await startSmtp();
    slack = await startReceiver();
    hook = await startReceiver();
    // The webhook's verifier checks the timestamp against the real time: the fake clock
    // starts there and is moved by hand.
    clock = Date.now();
    logs = [];
    attempts = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const config = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: tempDir('channels'),
      FORM_SECRET: TEST_SECRET,
      SITE_URL: SITE,
      SMTP_URL: smtp.url,
      SLACK_WEBHOOK_URL: slack.url,
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: SECRET,
      RATE_LIMIT_MAX: '1000',
    });
    rt = createRuntime({
      config,
      logger: pino({ level: 'trace' }, sink),
      worker: false,
      now: () => clock,
    });
    await rt.ready;
  });
  afterEach(async () => {
    await rt.close();
    await Promise.all([smtp.close(), slack.close(), hook.close()]);
  });

  /** A worker per configured channel, on the runtime's store, clock and senders. */
  const workers = () =>
    rt.channels.map(
      (channel) =>
        new OutboxWorker({
          store: rt.store,
          notifier: rt.notifiers.get(channel)!,
          logger: rt.logger,
          channel,
          now: () => clock,
          onAttempt: (c, r) => attempts.push([c, r]),
        }),
    );
  const drain = async (ws: OutboxWorker[]) => Promise.all(ws.map((w) => w.drainOnce()));
  const submit = async (over: Partial<typeof FIELDS> = {}) => {
    const r = await submitEnquiry(
      rt,
      { ...FIELDS, ...over },
      {
        crossSite: false,
        ip: '203.0.113.9',
        userAgent: 'Test UA',
        start: { kind: 'missing' },
      },
    );
    expect(r.kind).toBe('stored');
    // Every enquiry of a test arrives at the same (fake) instant: the last stored is found by
    // its subject.
    const rows = await rt.store.list({ terms: [`${over.subject ?? 'campaign'}`] });
    return rows[0]!.id;
  };

  it('the configuration decides the channels: e-mail, Slack and the webhook', () => {
    expect(rt.channels).toEqual(['email', 'slack', 'webhook']);
    expect([...rt.configured]).toEqual(['email', 'slack', 'webhook']);
  });

  it('one enquiry: one e-mail, one Slack message, one signed webhook POST', async () => {
    const id = await submit();
    const ws = workers();
    await drain(ws);
    await drain(ws);
    expect(smtp.mails).toHaveLength(1);
    expect(slack.received).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
    const link = `${SITE}/staff/enquiries/${id}`;

    // Slack: who, subject, an excerpt and the link, in plain_text; the fallback escaped.
    const message = JSON.parse(slack.received[0]!.body) as {
      text: string;
      blocks: Array<{
        type: string;
        text?: { type: string; text: string };
        elements?: Array<{ url: string }>;
      }>;
    };
    expect(message.text).toBe(
      'New website enquiry from Meera &lt;!channel&gt; Iyer: Festive *campaign* &amp; &lt;launch&gt;',
    );
    const texts = message.blocks.flatMap((b) => (b.text ? [b.text] : []));
    expect(texts.every((t) => t.type === 'plain_text')).toBe(true);
    const shown = texts.map((t) => t.text).join('\n');
    for (const v of [
      FIELDS.name,
      FIELDS.email,
      FIELDS.subject,
      'We are planning a festive campaign',
    ]) {
      expect(shown).toContain(v);
    }
    expect(slack.received[0]!.body).not.toContain(LONG_TAIL);
    expect(message.blocks.at(-1)?.elements?.[0]?.url).toBe(link);

    // The webhook: Standard Webhooks headers, a signature the reference library accepts.
    const { headers: h, body } = hook.received[0]!;
    const outboxId = (await rt.store.get(id))!.deliveries.find((d) => d.channel === 'webhook');
    expect(outboxId?.state).toBe('delivered');
    expect(h['content-type']).toBe('application/json');
    expect(h['webhook-timestamp']).toBe(String(Math.floor(clock / 1000)));
    expect(h['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    const verified = new Webhook(SECRET).verify(body, h as Record<string, string>);
    expect(verified).toEqual({
      type: 'enquiry.received',
      timestamp: new Date(clock).toISOString(),
      data: {
        id,
        receivedAt: new Date(clock).toISOString(),
        name: FIELDS.name,
        email: FIELDS.email,
        subject: FIELDS.subject,
        excerpt: expect.stringMatching(/^We are planning a festive campaign in Mumbai\..*…$/),
        url: link,
      },
    });
    expect(body).not.toContain(LONG_TAIL);
    // The recipe of docs/operations/enquiries.md: HMAC-SHA256 over "id.timestamp.body" with the decoded key.
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${String(h['webhook-id'])}.${String(h['webhook-timestamp'])}.${body}`)
      .digest('base64');
    expect(h['webhook-signature']).toBe(`v1,${expected}`);
    // Tampered with, or replayed later, it is refused.
    expect(() =>
      new Webhook(SECRET).verify(body.replace('Meera', 'Mallory'), h as Record<string, string>),
    ).toThrow();
    expect(() =>
      new Webhook(SECRET).verify(body, {
        ...(h as Record<string, string>),
        'webhook-timestamp': String(Math.floor(clock / 1000) - 600),
      }),
    ).toThrow(/too old|signature/i);

    // E-mail as before.
    expect(Object.fromEntries(headers(smtp.mails[0]!.raw))['subject']).toBe(
      `Website enquiry: ${FIELDS.subject}`,
    );
    expect(attempts.sort()).toEqual([
      ['email', 'delivered'],
      ['slack', 'delivered'],
      ['webhook', 'delivered'],
    ]);
  });

  it('a failing channel is retried with backoff and holds back no other; each delivers once', async () => {
    slack.setMode('fail');
    hook.setMode('redirect');
    const id = await submit();
    const ws = workers();
    const t0 = clock;
    await drain(ws);
    expect(smtp.mails).toHaveLength(1);
    expect([slack.received.length, hook.received.length]).toEqual([1, 1]);
    let full = (await rt.store.get(id))!;
    expect(full.deliveries.map((d) => [d.channel, d.state, d.attempts])).toEqual([
      ['email', 'delivered', 1],
      ['slack', 'failing', 1],
      ['webhook', 'failing', 1],
    ]);
    expect(full.deliveries[1]?.lastError).toBe('HTTP 500 slack_webhook_http_error');
    expect(full.deliveries[2]?.lastError).not.toMatch(/asha|meera|127\.0\.0\.1/);

    // Not due again before the first backoff (30 s), then due.
    clock = t0 + 29_000;
    await drain(ws);
    expect([slack.received.length, hook.received.length]).toEqual([1, 1]);
    clock = t0 + 30_000;
    await drain(ws);
    expect([slack.received.length, hook.received.length]).toEqual([2, 2]);
    // The second failure waits twice as long (60 s).
    hook.setMode('accept');
    clock = t0 + 30_000 + 59_000;
    await drain(ws);
    expect([slack.received.length, hook.received.length]).toEqual([2, 2]);
    clock = t0 + 30_000 + 60_000;
    await drain(ws);
    expect([slack.received.length, hook.received.length]).toEqual([3, 3]);
    slack.setMode('accept');
    clock = t0 + 90_000 + 120_000;
    await drain(ws);
    for (let i = 0; i < 3; i++) {
      clock += 3_600_000;
      await drain(ws);
    }
    expect(smtp.mails).toHaveLength(1);
    expect(slack.received).toHaveLength(4);
    expect(hook.received).toHaveLength(3);
    full = (await rt.store.get(id))!;
    expect(full.deliveries.map((d) => d.state)).toEqual(['delivered', 'delivered', 'delivered']);
    // The webhook's id is the same on every retry, so a receiver can de-duplicate.
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const health = await createInboxService(rt).health();
    expect(health.backlog).toBe(0);
    expect(health.channels.find((c) => c.channel === 'slack')).toMatchObject({
      lastFailureAt: t0 + 90_000,
      lastError: 'HTTP 500 slack_webhook_http_error',
    });
    expect(attempts.filter(([c, r]) => c === 'slack' && r === 'failed')).toHaveLength(3);
  });

  it('two instances draining at once deliver every enquiry once per channel', async () => {
    for (let i = 0; i < 8; i++) await submit({ subject: `Brief ${i}` });
    const ids = (await rt.store.list()).map((r) => r.id);
    expect(ids).toHaveLength(8);
    await Promise.all([drain(workers()), drain(workers())]);
    expect(smtp.mails).toHaveLength(8);
    const slackIds = slack.received.map((r) => /enquiries\/([\w-]+)/.exec(r.body)?.[1]);
    const hookIds = hook.received.map(
      (r) => (JSON.parse(r.body) as { data: { id: string } }).data.id,
    );
    expect(slackIds.sort()).toEqual([...ids].sort());
    expect(hookIds.sort()).toEqual([...ids].sort());
  });

  it('held enquiries go nowhere until released; a release delivers on every channel once', async () => {
    const r = await submitEnquiry(
      rt,
      { ...FIELDS, website: 'http://bot.example' },
      {
        crossSite: false,
        ip: '203.0.113.9',
        userAgent: 'Bot',
        start: { kind: 'missing' },
      },
    );
    expect(r.kind).toBe('spam');
    const ws = workers();
    await drain(ws);
    expect([smtp.mails.length, slack.received.length, hook.received.length]).toEqual([0, 0, 0]);
    const inbox = createInboxService(rt);
    const [held] = (await inbox.list({ status: 'held' })).rows;
    expect(await inbox.release(held!.id)).toBe('released');
    await drain(ws);
    await drain(ws);
    expect([smtp.mails.length, slack.received.length, hook.received.length]).toEqual([1, 1, 1]);
    expect(await inbox.markSpam(held!.id)).toBe('ok');
    expect(await inbox.release(held!.id)).toBe('released');
    await drain(ws);
    expect([smtp.mails.length, slack.received.length, hook.received.length]).toEqual([1, 1, 1]);
  });

  it('no log line carries an enquiry’s text, an address or an invite link', async () => {
    slack.setMode('fail');
    const id = await submit();
    const ws = workers();
    await drain(ws);
    const inbox = createInboxService(rt);
    await inbox.list({ q: 'festive campaign' });
    await inbox.markSpam(id);
    await inbox.release(id);
    await inbox.setHandled(id, true);
    await inbox.enqueueInviteEmail(
      'new.staff@agency.example',
      'https://kahaani.example/staff/invite/SECRET-TOKEN',
      clock + 86_400_000,
    );
    await inbox.enqueueInviteEmail(
      'late.staff@agency.example',
      'https://kahaani.example/staff/invite/EXPIRED-TOKEN',
      clock + 1,
    );
    clock += 60_000;
    await drain(ws);
    await inbox.health();
    await inbox.export('csv', {});
    await inbox.erase(FIELDS.email);
    expect(smtp.mails.some((m) => m.raw.includes('SECRET-TOKEN'))).toBe(true);
    expect(smtp.mails.some((m) => m.raw.includes('EXPIRED-TOKEN'))).toBe(false);
    const all = logs.join('\n');
    expect(logs.length).toBeGreaterThan(8);
    expect(all).toContain(id);
    for (const secret of [
      'Meera',
      'Iyer',
      'meera.iyer',
      'client.example',
      'Festive',
      'festive',
      'campaign',
      'Mumbai',
      'new.staff',
      'late.staff',
      'agency.example',
      'SECRET-TOKEN',
      'EXPIRED-TOKEN',
      'secret-path',
      '203.0.113.9',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
  });
});
