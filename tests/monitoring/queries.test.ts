/**
 * The rules and the dashboard read only what the server exports: every PromQL query in
 * `deploy/monitoring/` names metrics of the server's registry (histograms with their `_bucket`,
 * `_sum` and `_count`) or of the recording rules, with labels those metrics have and values
 * those labels can take. And every label stays within a fixed list however the site is used
 * (routes from `src/pages.ts`, outcomes from `src/lib/enquiry-outcomes.ts`). Also: the dashboard
 * imports into Grafana as it is.
 */
import { describe, expect, it } from 'vitest';
import { selectors } from '../../scripts/lib/promql.ts';
import type { EnquiryRuntime } from '../../src/server/enquiries/runtime.ts';
import {
  createObservability,
  requestMetrics,
  VITAL_HISTOGRAMS,
  VITALS_RESULTS,
} from '../../src/server/observability.ts';
import { OUTCOMES } from '../../src/lib/enquiry-outcomes.ts';
import { VITAL_NAMES } from '../../src/lib/vitals-report.ts';
import { ROUTE_IDS } from '../../src/pages.ts';
import {
  dashboard,
  knownLabelValues,
  monitoringQueries,
  problemsOf,
  recordingRuleNames,
  TARGET_LABELS,
} from './support/monitoring.ts';

/** A runtime with every channel configured and an empty outbox. */
const runtime = {
  channels: ['email', 'slack', 'webhook'],
  now: () => Date.now(),
  onAttempt: () => undefined,
  store: {
    deliveryFigures: () =>
      Promise.resolve({
        oldestUndeliveredAt: null,
        channels: ['email', 'slack', 'webhook'].map((channel) => ({
          channel,
          backlog: 0,
          oldestQueuedAt: null,
          lastFailureAt: null,
          lastError: null,
        })),
      }),
  },
} as unknown as EnquiryRuntime;

/** The server's registry, every metric of it registered (a memory limit included). */
function serverMetrics() {
  const obs = createObservability(runtime, { memoryLimit: () => 256 * 1024 * 1024 });
  const { record } = requestMetrics(obs);
  return { obs, record };
}

/** Series name → label names, as a scrape of `obs` shows them, and the histograms' names. */
async function exported(obs: ReturnType<typeof serverMetrics>['obs']) {
  const labelsOf = new Map<string, Set<string>>();
  const histograms = new Set<string>();
  for (const metric of await obs.registry.getMetricsAsJSON()) {
    const declared = (obs.registry.getSingleMetric(metric.name) as { labelNames?: string[] })
      .labelNames;
    const labels = new Set([
      ...(declared ?? []),
      ...metric.values.flatMap((v) => Object.keys(v.labels)),
    ]);
    labels.delete('le');
    labels.delete('quantile');
    const type = String(metric.type);
    if (type === 'histogram') {
      histograms.add(metric.name);
      labelsOf.set(`${metric.name}_bucket`, new Set([...labels, 'le']));
      labelsOf.set(`${metric.name}_sum`, labels);
      labelsOf.set(`${metric.name}_count`, labels);
    } else if (type === 'summary') {
      labelsOf.set(metric.name, new Set([...labels, 'quantile']));
      labelsOf.set(`${metric.name}_sum`, labels);
      labelsOf.set(`${metric.name}_count`, labels);
    } else {
      labelsOf.set(metric.name, labels);
    }
  }
  // A recording rule's series carry at most the labels of the series it reads.
  for (const query of monitoringQueries()) {
    const name = /^rules\.yml (\S+)$/.exec(query.source)?.[1];
    if (!name || !recordingRuleNames().has(name)) continue;
    const labels = new Set(
      selectors(query.expr).flatMap((s) => [...(labelsOf.get(s.metric) ?? [])]),
    );
    labels.delete('le');
    labelsOf.set(name, labels);
  }
  return { labelsOf, histograms };
}

describe('the queries of deploy/monitoring', () => {
  it('read only series the server exports, by labels they have, for values they take', async () => {
    const { labelsOf, histograms } = await exported(serverMetrics().obs);
    const queries = monitoringQueries();
    expect(queries.length).toBeGreaterThan(40);
    expect(queries.flatMap((q) => problemsOf(q, labelsOf, histograms))).toEqual([]);
  });

  it('the check finds a wrong metric, label or value (it is not a no-op)', async () => {
    const { labelsOf, histograms } = await exported(serverMetrics().obs);
    const check = (expr: string) => problemsOf({ source: 'test', expr }, labelsOf, histograms);
    expect(check('rate(http_request_total[5m])')).toEqual(['test: no series http_request_total']);
    expect(check('sum by (path) (rate(http_requests_total[5m]))')).toEqual([
      'test: http_requests_total has no label path',
    ]);
    expect(check('enquiries_total{outcome="rate_limited"}')).toHaveLength(1);
    expect(check('http_requests_total{route!~"/healthz|/ready"}')).toHaveLength(1);
    expect(check('web_vitals_reports_total{result="dropped"}')).toHaveLength(1);
    expect(check('histogram_quantile(0.5, sum by (le) (rate(web_vitals_cls_bucket[1h])))')).toEqual(
      [],
    );
  });

  it('the dashboard shows what the operator needs', () => {
    const read = new Set(
      monitoringQueries().flatMap((q) => selectors(q.expr).map((s) => s.metric)),
    );
    for (const metric of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'enquiries_total',
      'outbox_backlog',
      'outbox_oldest_age_seconds',
      ...VITAL_NAMES.map((n) => `job_route:${VITAL_HISTOGRAMS[n].name}:p75_1h`),
      'process_resident_memory_bytes',
      'cgroup_memory_limit_bytes',
      'instance:nodejs_eventloop_delay_p99:seconds',
    ]) {
      expect(read, metric).toContain(metric);
    }
  });
});

describe('deploy/monitoring/dashboard.json', () => {
  const board = dashboard();
  const text = JSON.stringify(board);

  it('chooses its Prometheus by a datasource variable and names no data source UID', () => {
    expect(board.schemaVersion).toBeGreaterThanOrEqual(36);
    const variable = board.templating.list.find((v) => v['type'] === 'datasource');
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const uids = [...text.matchAll(/"uid":"([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(uids)).toEqual(new Set(['story-voice-site', '${datasource}']));
    for (const panel of board.panels.filter((p) => p['type'] !== 'row')) {
      expect(panel['datasource'], String(panel['title'])).toEqual({
        type: 'prometheus',
        uid: '${datasource}',
      });
      for (const target of panel['targets'] as Array<Record<string, unknown>>) {
        expect(target['datasource']).toEqual({ type: 'prometheus', uid: '${datasource}' });
      }
    }
  });

  it('lays its panels out on Grafana’s 24 columns without overlap, each with an id and a text', () => {
    const ids = board.panels.map((p) => p['id']);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const panel of board.panels) {
      const { x, y, w, h } = panel['gridPos'] as Record<string, number>;
      expect(x! + w!, String(panel['title'])).toBeLessThanOrEqual(24);
      for (let i = x!; i < x! + w!; i++) {
        for (let j = y!; j < y! + h!; j++) {
          expect(cells.has(`${i},${j}`), `${String(panel['title'])} overlaps`).toBe(false);
          cells.add(`${i},${j}`);
        }
      }
      if (panel['type'] !== 'row')
        expect(panel['description'], String(panel['title'])).toBeTruthy();
    }
  });
});

describe('cardinality', () => {
  it('every label keeps to a fixed list of values however the site is used', async () => {
    const { obs, record } = serverMetrics();
    const start = performance.now();
    // Traffic a scanner would send: random paths, every method, odd statuses.
    for (let i = 0; i < 500; i++) {
      const path = `/${Math.random().toString(36).slice(2)}/${i}`;
      record(['GET', 'POST', 'HEAD'][i % 3]!, path, [200, 404, 400, 405, 500][i % 5]!, start);
      record('GET', `/assets/chunk-${i}.js`, 200, start);
    }
    for (const route of ROUTE_IDS) {
      for (const name of VITAL_NAMES) obs.webVital(route, name, 100);
    }
    for (const result of VITALS_RESULTS) obs.vitalsReport(result);
    for (const { metric } of Object.values(OUTCOMES)) obs.enquiry(metric);
    const known = knownLabelValues();
    for (const metric of await obs.registry.getMetricsAsJSON()) {
      for (const { labels } of metric.values) {
        for (const [label, value] of Object.entries(labels)) {
          if (label === 'le' || label === 'quantile' || TARGET_LABELS.has(label)) continue;
          const allowed = known[`${metric.name}:${label}`] ?? known[label];
          if (label === 'status') expect(String(value)).toMatch(/^[1-5]\d\d$/);
          else if (allowed) expect(allowed, `${metric.name}{${label}}`).toContain(String(value));
        }
      }
    }
    // 500 distinct paths gave no more than the fixed routes.
    const routes = new Set(
      (await obs.registry.getSingleMetric('http_requests_total')!.get()).values.map((v) =>
        String(v.labels['route']),
      ),
    );
    expect([...routes].sort()).toEqual(['/assets', 'not-found', 'static']);
  });
});
