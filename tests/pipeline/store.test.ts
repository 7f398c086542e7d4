/**
 * One SubmissionStore contract, run against node:sqlite and a real PostgreSQL.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { PgStore, SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import type { NewSubmission, SubmissionStore } from '../../src/server/enquiries/store.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const backends: Array<[string, () => Promise<SubmissionStore>]> = [
  ['sqlite', () => Promise.resolve(new SqliteStore(join(tempDir(), 'e.sqlite')))],
  ['postgres', async () => new PgStore(await createDatabase(inject('pgAdminUrl')))],
];

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);

const sub = (over: Partial<NewSubmission> = {}) => newSubmission({ receivedAt: T0, ...over });

describe.each(backends)('SubmissionStore on %s', (_name, open) => {
  let store: SubmissionStore;
  beforeEach(async () => {
    store = await open();
    await store.migrate();
  });
  afterEach(async () => {
    await store.close();
  });

  it('migrations are idempotent and the store answers ping', async () => {
    await store.migrate();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('stores every field and lists newest first, spam hidden unless asked', async () => {
    const a = sub({ receivedAt: T0, name: 'First' });
    const b = sub({ receivedAt: T0 + 1000, name: 'Second' });
    const s = sub({ receivedAt: T0 + 2000, spam: 'honeypot' });
    for (const x of [a, b, s]) await insert(store, x, 600_000);
    const list = await store.list();
    expect(list.map((r) => r.name)).toEqual(['Second', 'First']);
    expect({ ...list[1], dedupeKey: a.dedupeKey }).toEqual({
      ...a,
      status: 'new',
      notification: 'pending',
    });
    const all = await store.list({ includeSpam: true });
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ spam: 'honeypot', status: 'held', notification: 'none' });
  });

  it('writes an outbox row for ham only', async () => {
    await insert(store, sub(), 600_000);
    await insert(store, sub({ spam: 'too-fast' }), 600_000);
    expect(await store.counts()).toEqual({
      submissions: 1,
      spam: 1,
      pending: 1,
      sent: 0,
      oldestPendingAt: expect.any(Number),
    });
  });

  it('stores an identical submission once within the window, again after it', async () => {
    const first = await insert(store, sub({ dedupeKey: 'same' }), 600_000);
    const dup = await insert(store, sub({ dedupeKey: 'same', receivedAt: T0 + 599_000 }), 600_000);
    expect(dup).toEqual({ id: first.id, duplicate: true });
    const later = await insert(
      store,
      sub({ dedupeKey: 'same', receivedAt: T0 + 1_300_000 }),
      600_000,
    );
    expect(later.duplicate).toBe(false);
    expect((await store.counts()).submissions).toBe(2);
  });

  it('concurrent identical submissions are stored once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => insert(store, sub({ dedupeKey: 'race' }), 600_000)),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await store.counts()).submissions).toBe(1);
  });

  it('rate limit counts per key in a fixed window and reports its end', async () => {
    const limit = (key: string) => ({ key, max: 5, windowMs: 600_000 });
    const hits = [];
    for (let i = 0; i < 6; i++) {
      hits.push((await store.submit(sub({ receivedAt: T0 + i }), limit('k'), 600_000)).rate);
    }
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, true, true, false]);
    expect(hits[5]?.resetAt).toBe(T0 + 600_000);
    expect((await store.submit(sub(), limit('other'), 600_000)).rate.allowed).toBe(true);
    const fresh = await store.submit(sub({ receivedAt: T0 + 600_000 }), limit('k'), 600_000);
    expect(fresh.rate).toEqual({ allowed: true, count: 1, resetAt: T0 + 1_200_000 });
  });

  it('submit: rate-limit hit and storage in one call; over the limit nothing is stored', async () => {
    const limit = { key: 'ip', max: 2, windowMs: 600_000 };
    const a = await store.submit(sub(), limit, 600_000);
    const b = await store.submit(sub(), limit, 600_000);
    const c = await store.submit(sub(), limit, 600_000);
    expect([a.rate.allowed, b.rate.allowed, c.rate.allowed]).toEqual([true, true, false]);
    expect(a.stored?.duplicate).toBe(false);
    expect(c.stored).toBeUndefined();
    expect(await store.counts()).toMatchObject({ submissions: 2, pending: 2 });
  });

  it('claims a due row once, marks it sent exactly once', async () => {
    const s = sub();
    await insert(store, s, 600_000);
    const [job, ...rest] = await store.claimDue(T0, 60_000, 10);
    expect(rest).toHaveLength(0);
    expect(job).toMatchObject({
      kind: 'enquiry',
      channel: 'email',
      submission: { id: s.id, email: s.email, message: s.message },
    });
    expect(await store.claimDue(T0 + 1, 60_000, 10)).toHaveLength(0); // leased
    expect(await store.markSent(job!.outboxId, 'not-the-token', T0)).toBe(false);
    expect(await store.markSent(job!.outboxId, job!.claimToken, T0)).toBe(true);
    expect(await store.markSent(job!.outboxId, job!.claimToken, T0)).toBe(false);
    expect(await store.claimDue(T0 + 120_000, 60_000, 10)).toHaveLength(0);
    expect(await store.counts()).toMatchObject({ pending: 0, sent: 1 });
    expect((await store.list())[0]?.notification).toBe('sent');
  });

  it('an expired lease lets another worker take the row; the stale claim cannot mark it', async () => {
    await insert(store, sub(), 600_000);
    const [a] = await store.claimDue(T0, 60_000, 10);
    const [b] = await store.claimDue(T0 + 60_000, 60_000, 10);
    expect(b?.outboxId).toBe(a?.outboxId);
    expect(await store.markSent(a!.outboxId, a!.claimToken, T0)).toBe(false);
    expect(await store.markSent(b!.outboxId, b!.claimToken, T0)).toBe(true);
  });

  it('concurrent claimers never get the same row', async () => {
    for (let i = 0; i < 30; i++) await insert(store, sub(), 600_000);
    const batches = await Promise.all(
      Array.from({ length: 6 }, () => store.claimDue(T0, 60_000, 10)),
    );
    const ids = batches.flat().map((j) => j.outboxId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(30);
  });

  it('failure schedules the next attempt; retry makes failed rows due now', async () => {
    await insert(store, sub(), 600_000);
    const [job] = await store.claimDue(T0, 60_000, 10);
    await store.markFailed(job!.outboxId, job!.claimToken, 'SMTP 451', T0 + 30_000);
    expect(await store.nextDueAt()).toBe(T0 + 30_000);
    expect(await store.claimDue(T0 + 1000, 60_000, 10)).toHaveLength(0);
    expect((await store.list())[0]?.notification).toBe('failing');
    expect(await store.retryFailed(T0 + 1000)).toBe(1);
    const [again] = await store.claimDue(T0 + 1000, 60_000, 10);
    expect(again?.attempts).toBe(1);
  });

  it('erases every submission and outbox row of one person, case-insensitively, to tombstones', async () => {
    const a = sub({ email: 'Asha@Example.com', receivedAt: T0 + 2 });
    const b = sub({ email: 'asha@example.com', spam: 'honeypot', receivedAt: T0 + 1 });
    await insert(store, a, 600_000);
    await insert(store, b, 600_000);
    await insert(store, sub({ email: 'other@example.com' }), 600_000);
    expect(await store.eraseByEmail('ASHA@example.com')).toBe(2);
    const left = await store.list({ includeSpam: true });
    expect(left.map((r) => [r.id, r.email, r.status])).toEqual([
      [a.id, '', 'erased'],
      [b.id, '', 'erased'],
      [expect.any(String), 'other@example.com', 'new'],
    ]);
    for (const r of left.slice(0, 2)) {
      expect(r).toMatchObject({ name: '', subject: '', message: '', ipHash: '', userAgent: '' });
    }
    expect((await store.counts()).pending).toBe(1);
    expect(await store.eraseByEmail('asha@example.com')).toBe(0);
  });

  it('purges submissions older than the cut-off with their outbox rows', async () => {
    await insert(store, sub({ receivedAt: T0 - 400 * 86_400_000 }), 600_000);
    await insert(store, sub({ receivedAt: T0 }), 600_000);
    expect(await store.purgeOlderThan(T0 - 365 * 86_400_000)).toBe(1);
    expect(await store.counts()).toMatchObject({ submissions: 1, pending: 1 });
  });
});
