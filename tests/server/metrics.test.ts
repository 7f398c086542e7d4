/**
 * The metrics port as Prometheus scrapes it (docs/product.md#health-and-monitoring): the
 * process's own metrics, event-loop lag among them, and the enquiry and outbox series.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetricsApp, createObservability } from '../../src/server/observability.ts';
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
    expect(res.text).toMatch(/^outbox_backlog 0$/m);
    expect(res.text).toMatch(/^outbox_oldest_age_seconds 0$/m);
  });
});
