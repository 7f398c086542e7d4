/**
 * The metrics port as Prometheus scrapes it (docs/product.md#health-and-monitoring): the
 * process's own metrics, event-loop lag among them, the enquiry and outbox series (the latter per
 * configured notification channel), readiness, the container's memory limit and the last backup.
 */
import { totalmem } from 'node:os';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerMemoryLimit,
  createMetricsApp,
  createObservability,
} from '../../src/server/observability.ts';
import { recordSqliteBackup } from '../../src/server/backups/last-backup.ts';
import { databaseFile } from '../../src/server/backups/sqlite.ts';
import { insert, newSubmission } from '../pipeline/support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the Prometheus text format with lag, enquiry and outbox series', async () => {
    const obs = createObservability(t.runtime);
    obs.enquiry('accepted');
    // The lag histogram samples on a 100 ms timer: wait for a few samples.
    await new Promise((resolve) => setTimeout(resolve, 350));
    const res = await request(createMetricsApp(obs)).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const p99 = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(res.text);
    expect(p99, 'event-loop lag p99').not.toBeNull();
    expect(Number(p99?.[1])).toBeGreaterThan(0);
    expect(res.text).toMatch(/^enquiries_total\{outcome="accepted"\} 1$/m);
    expect(res.text).toMatch(/^outbox_backlog\{channel="email"\} 0$/m);
    expect(res.text).toMatch(/^outbox_oldest_age_seconds\{channel="email"\} 0$/m);
    expect(res.text).toMatch(/^outbox_last_failure_timestamp_seconds\{channel="email"\} 0$/m);
    expect(res.text).toMatch(/^outbox_deliveries_total\{channel="email",result="delivered"\} 0$/m);
    expect(res.text).toMatch(/^outbox_deliveries_total\{channel="email",result="failed"\} 0$/m);
    // Only configured channels appear.
    expect(res.text).not.toMatch(/channel="(slack|webhook)"/);
  });
});

describe('outbox series per channel', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-30T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(
      { SLACK_WEBHOOK_URL: 'http://127.0.0.1:9/slack' },
      { now: () => clock },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('backlog, oldest age, attempts and last failure per configured channel', async () => {
    const obs = createObservability(t.runtime);
    const { store } = t.runtime;
    await insert(store, newSubmission({ receivedAt: clock - 90_000 }), 1, t.runtime.channels);
    await insert(store, newSubmission({ receivedAt: clock - 30_000 }), 1, t.runtime.channels);
    const [job] = await store.claimDue(clock, 60_000, 1, 'slack');
    await store.markFailed(job!.outboxId, job!.claimToken, 'HTTP 503', clock + 30_000, clock);
    const [mail] = await store.claimDue(clock, 60_000, 1, 'email');
    await store.markSent(mail!.outboxId, mail!.claimToken, clock);
    clock += 10_000;
    const res = await request(createMetricsApp(obs)).get('/metrics');
    const value = (series: string) =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(res.text)?.[1]);
    expect(value('outbox_backlog{channel="email"}')).toBe(1);
    expect(value('outbox_backlog{channel="slack"}')).toBe(2);
    expect(value('outbox_oldest_age_seconds{channel="email"}')).toBe(40);
    expect(value('outbox_oldest_age_seconds{channel="slack"}')).toBe(100);
    expect(value('outbox_last_failure_timestamp_seconds{channel="slack"}')).toBe(
      (clock - 10_000) / 1000,
    );
    expect(value('outbox_last_failure_timestamp_seconds{channel="email"}')).toBe(0);
    expect(res.text).not.toMatch(/channel="webhook"/);
  });
});

describe('readiness, memory and backup series', () => {
  let t: TestApp;
  let obs!: ReturnType<typeof createObservability>;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { observability: (runtime) => (obs = createObservability(runtime)) },
    );
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it('readiness_status follows /readyz and readiness_changes_total counts each change', async () => {
    const metrics = async () => (await request(createMetricsApp(obs)).get('/metrics')).text;
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    expect(await metrics()).toMatch(/^readiness_status 1$/m);
    expect(await metrics()).toMatch(/^readiness_changes_total 0$/m);
    obs.drain();
    expect((await request(t.app).get('/readyz')).status).toBe(503);
    expect((await request(t.app).get('/readyz')).status).toBe(503);
    expect(await metrics()).toMatch(/^readiness_status 0$/m);
    // One change (ready → not ready), however often the same answer repeats.
    expect(await metrics()).toMatch(/^readiness_changes_total 1$/m);
  });

  it('exports the container’s memory limit when there is one, and nothing when unlimited', async () => {
    const limited = createObservability(t.runtime, { memoryLimit: () => 256 * 1024 * 1024 });
    const limitedText = await limited.registry.metrics();
    expect(limitedText).toMatch(/^cgroup_memory_limit_bytes 268435456$/m);
    const unlimited = createObservability(t.runtime, { memoryLimit: () => undefined });
    expect(await unlimited.registry.metrics()).not.toContain('cgroup_memory_limit_bytes');
  });

  it('exports when the newest recorded backup finished, 0 before any', async () => {
    const metrics = async () => (await request(createMetricsApp(obs)).get('/metrics')).text;
    expect(await metrics()).toMatch(/^backup_last_success_timestamp_seconds 0$/m);
    const database = databaseFile(t.runtime.config.DATA_DIR);
    const record = { bytes: 1, durationMs: 1, file: '/backups/x.sqlite' };
    recordSqliteBackup(database, { ...record, finishedAt: Date.UTC(2026, 10, 29, 2, 15) });
    recordSqliteBackup(database, { ...record, finishedAt: Date.UTC(2026, 10, 30, 2, 15, 0, 500) });
    expect(await metrics()).toMatch(/^backup_last_success_timestamp_seconds 1796004900\.5$/m);
  });
});

describe('containerMemoryLimit', () => {
  it('is undefined when the cgroup sets no limit below the machine’s memory', () => {
    const limit = containerMemoryLimit();
    if (limit !== undefined) {
      expect(limit).toBeGreaterThan(0);
      expect(limit).toBeLessThan(totalmem());
    } else {
      const raw = process.constrainedMemory();
      expect(raw === 0 || raw >= totalmem()).toBe(true);
    }
  });
});
