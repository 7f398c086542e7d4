/**
 * The rules and the dashboard against a real Prometheus (Debian's, `scripts/ensure-prometheus.ts`)
 * scraping a real production server (`server.ts` on this run's build, metrics on METRICS_PORT):
 *
 * - every series the rules and the dashboard read exists there, with the labels they name
 *   (recording rules included, as Prometheus evaluates them);
 * - an outbox that cannot deliver (SMTP_URL points at a closed port) fires EnquiriesNotDelivered
 *   after an enquiry is posted. Prometheus loads a test copy of the rules in which that alert
 *   trips at 2 s instead of 900 s and waits 2 s instead of 5 minutes
 *   (`testCopy` in `scripts/lib/monitoring-rules.ts`); the production file is not changed.
 *
 * Scrapes and rule evaluations every second. MONITORING_EVIDENCE_DIR=<dir> also writes the
 * fired alert as `/api/v1/alerts` answered it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stringify } from 'yaml';
import { PROMETHEUS_PATH } from '../../scripts/ensure-prometheus.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { allRules, loadRules, testCopy } from '../../scripts/lib/monitoring-rules.ts';
import { VITAL_NAMES, VITALS_PATH } from '../../src/lib/vitals-report.ts';
import { containerMemoryLimit } from '../../src/server/observability.ts';
import { ROUTE_IDS, PAGES } from '../../src/pages.ts';
import { startServer, type RunningServer } from '../pipeline/support/helpers.ts';
import { CONFIRMATION, FORM_POST } from '../pipeline/support/page-action.ts';
import { monitoringQueries, problemsOf, recordingRuleNames } from './support/monitoring.ts';

/** The alert the stalled outbox must fire, and how the test copy shortens it. */
const ALERT = 'EnquiriesNotDelivered';
const THRESHOLD_S = 2;
const FOR_S = 2;
const JOB = 'story-voice-site';

interface Alert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
  value: string;
}

let server: RunningServer;
let prometheus: ChildProcess;
let api: string;
let dir: string;
let prometheusLog = '';

/** GET `path` of Prometheus's HTTP API; its `data`. @throws Error on an error answer */
async function query<T>(path: string): Promise<T> {
  const res = await fetch(`${api}${path}`);
  const body = (await res.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`${path}: ${body.error ?? res.status}`);
  return body.data;
}

/** Polls `check` every 250 ms until it returns a value; @throws Error after `ms` */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${prometheusLog}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The label names of every series named `metric` that Prometheus holds; undefined if none. */
async function labelNames(metric: string): Promise<Set<string> | undefined> {
  const series = await query<Array<Record<string, string>>>(
    `/api/v1/series?match[]=${encodeURIComponent(`{__name__="${metric}"}`)}&start=${Date.now() / 1000 - 600}`,
  );
  if (series.length === 0) return undefined;
  const names = new Set(series.flatMap((s) => Object.keys(s)));
  names.delete('__name__');
  return names;
}

async function alerts(): Promise<Alert[]> {
  return (await query<{ alerts: Alert[] }>('/api/v1/alerts')).alerts;
}

beforeAll(async () => {
  const buildDir = inject('buildDir');
  const metricsPort = await freePort();
  // Nothing listens here: every delivery attempt fails at once and the enquiry stays pending.
  const closedPort = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
  server = await startServer(buildDir, {
    DATA_DIR: join(dir, 'site'),
    METRICS_PORT: String(metricsPort),
    SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    WEB_VITALS_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'warn',
  });

  const rules = testCopy(loadRules(), { [ALERT]: { for: `${FOR_S}s`, threshold: THRESHOLD_S } });
  writeFileSync(join(dir, 'rules.yml'), stringify(rules));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: [join(dir, 'rules.yml')],
      scrape_configs: [
        { job_name: JOB, static_configs: [{ targets: [`127.0.0.1:${metricsPort}`] }] },
      ],
    }),
  );
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    PROMETHEUS_PATH,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  prometheus.stderr?.on('data', (d: Buffer) => (prometheusLog += d.toString()));
  await until('Prometheus ready', async () =>
    (await fetch(`${api}/-/ready`)).ok ? true : undefined,
  );

  // Traffic, so that every series the queries read has a sample: each page and the 404, the
  // health endpoints, and a Web Vitals report of every metric for every route.
  for (const path of [...PAGES.map((p) => p.path), '/no-such-page', '/healthz', '/readyz']) {
    await (await fetch(`${server.url}${path}`)).arrayBuffer();
  }
  for (const route of ROUTE_IDS) {
    const report = Object.fromEntries([
      ['route', route],
      ...VITAL_NAMES.map((name, i) => [name, name === 'CLS' ? 0.05 : 200 * (i + 1)]),
    ]);
    const res = await fetch(`${server.url}${VITALS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: server.url },
      body: JSON.stringify(report),
    });
    expect(res.status).toBe(204);
  }
}, 90_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a real Prometheus scraping the server', () => {
  it('loads the test copy of the rules, with the shortened delivery alert', async () => {
    const data = await query<{
      groups: Array<{
        rules: Array<{ name: string; type: string; duration?: number; query: string }>;
      }>;
    }>('/api/v1/rules');
    const rules = data.groups.flatMap((g) => g.rules);
    // Every rule of the file, each alert once.
    expect(rules.length).toBe(allRules(loadRules()).length);
    expect(rules.find((r) => r.name === ALERT)).toMatchObject({
      duration: FOR_S,
      query: `max by (job, channel) (outbox_oldest_age_seconds) > ${THRESHOLD_S}`,
    });
  });

  it('holds every series the rules and the dashboard read, with the labels they name', async () => {
    // Two scrapes after the traffic, so that rates and the recording rules have values.
    await until('the Web Vitals reports scraped twice', async () => {
      const data = await query<{ result: Array<{ value: [number, string] }> }>(
        `/api/v1/query?query=${encodeURIComponent('count_over_time(web_vitals_reports_total{result="accepted"}[1m])')}`,
      );
      return Number(data.result[0]?.value[1]) >= 2 ? true : undefined;
    });
    const queries = monitoringQueries();
    const metrics = new Set<string>();
    const { selectors } = await import('../../scripts/lib/promql.ts');
    for (const q of queries) for (const s of selectors(q.expr)) metrics.add(s.metric);
    const labelsOf = new Map<string, Set<string>>();
    const missing: string[] = [];
    for (const metric of metrics) {
      // Recording rules appear at their first evaluation after the data they read.
      const names = recordingRuleNames().has(metric)
        ? await until(`recording rule ${metric}`, () => labelNames(metric), 15_000).catch(
            () => undefined,
          )
        : await labelNames(metric);
      if (names) labelsOf.set(metric, names);
      else missing.push(metric);
    }
    // The server runs in this process's cgroup: without a memory limit there is none to export.
    const unlimited = containerMemoryLimit() === undefined;
    expect(missing).toEqual(unlimited ? ['cgroup_memory_limit_bytes'] : []);
    const histograms = new Set(
      [...metrics].flatMap((m) => (m.endsWith('_bucket') ? [m.slice(0, -'_bucket'.length)] : [])),
    );
    expect(
      queries.flatMap((q) =>
        problemsOf(q, labelsOf, histograms, unlimited ? ['cgroup_memory_limit_bytes'] : []),
      ),
    ).toEqual([]);
    // A route label of the vitals histograms is the page's path, as on the request metrics.
    const routes = await query<string[]>(
      `/api/v1/label/route/values?match[]=${encodeURIComponent('web_vitals_lcp_seconds_count')}`,
    );
    expect(routes.sort()).toEqual([...PAGES.map((p) => p.path), 'not-found'].sort());
  });

  it('fires EnquiriesNotDelivered once an enquiry cannot be delivered, within its window', async () => {
    // Nothing waits before the enquiry: the rule has been evaluated and is inactive.
    await until('an evaluation of the outbox age', async () => {
      const data = await query<{ result: unknown[] }>(
        `/api/v1/query?query=${encodeURIComponent('outbox_oldest_age_seconds')}`,
      );
      return data.result.length > 0 ? true : undefined;
    });
    expect((await alerts()).filter((a) => a.labels['alertname'] === ALERT)).toEqual([]);

    const posted = Date.now();
    // A visitor without JavaScript: the contact page's form, answered with its confirmation.
    const res = await fetch(`${server.url}${FORM_POST}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({
        name: 'Asha Verma',
        email: 'asha@example.com',
        subject: 'Launch in Delhi',
        message: 'We would like to talk about a product launch.',
        website: '',
      }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(CONFIRMATION);

    const states = new Set<string>();
    const fired = await until(
      `${ALERT} firing`,
      async () => {
        const alert = (await alerts()).find((a) => a.labels['alertname'] === ALERT);
        if (alert) states.add(alert.state);
        return alert?.state === 'firing' ? alert : undefined;
      },
      40_000,
    );
    const firedAfterS = (Date.now() - posted) / 1000;
    const evidence = process.env['MONITORING_EVIDENCE_DIR'];
    if (evidence) {
      mkdirSync(evidence, { recursive: true });
      writeFileSync(
        join(evidence, 'alerts.json'),
        JSON.stringify({ firedAfterSeconds: firedAfterS, alerts: await alerts() }, null, 2),
      );
    }
    expect(fired.labels).toMatchObject({ alertname: ALERT, job: JOB, severity: 'critical' });
    expect(Number(fired.value)).toBeGreaterThan(THRESHOLD_S);
    expect(fired.annotations['summary']).toMatch(/^Enquiries wait undelivered/);
    // It went through `pending` (its `for`), and not before the enquiry was older than the
    // threshold. An upper bound suits a loaded machine: threshold + for + a few intervals.
    expect(states).toContain('pending');
    expect(new Date(fired.activeAt).getTime()).toBeGreaterThanOrEqual(
      posted + THRESHOLD_S * 1000 - 1000,
    );
    expect(firedAfterS).toBeLessThan(THRESHOLD_S + FOR_S + 20);
    // The form's post is counted under its page's path, as the rules and the dashboard read it.
    const postRoutes = await query<string[]>(
      `/api/v1/label/route/values?match[]=${encodeURIComponent('http_requests_total{method="POST"}')}`,
    );
    expect(postRoutes.sort()).toEqual([FORM_POST, VITALS_PATH].sort());
  }, 60_000);
});
