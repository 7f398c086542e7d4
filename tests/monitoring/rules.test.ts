/**
 * The rules of `deploy/monitoring/rules.yml` (README beside it): Prometheus accepts them
 * (`promtool check rules`), they do what their unit tests say (`promtool test rules`), every
 * alert has its texts, a runbook paragraph and a test, and the Prometheus Operator's copy in
 * `deploy/kubernetes/monitoring/` is the same rules and a valid `PrometheusRule`, checked offline
 * against the operator's CRD schema (`@kubernetes-models/prometheus-operator`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  allRules,
  loadRules,
  PROMETHEUS_RULE_FILE,
  prometheusRuleYaml,
  RULES_FILE,
  RULES_TEST_FILE,
  testCopy,
} from '../../scripts/lib/monitoring-rules.ts';
import { withThreshold } from '../../scripts/lib/promql.ts';
import { PROMTOOL_PATH } from '../../scripts/ensure-prometheus.ts';
import { EVENT_LOOP_SAMPLE_MS } from '../../src/server/observability.ts';

const MONITORING = dirname(RULES_FILE);
const K8S_MONITORING = dirname(PROMETHEUS_RULE_FILE);
const rules = loadRules();
const alerts = allRules(rules).filter((r) => r.alert !== undefined);

/** Runs promtool in deploy/monitoring; its status and output. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const r = spawnSync(PROMTOOL_PATH, args, { cwd: MONITORING, encoding: 'utf8' });
  if (r.error)
    throw new Error(`${PROMTOOL_PATH}: ${r.error.message} (node scripts/ensure-prometheus.ts)`);
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('deploy/monitoring/rules.yml', () => {
  it('passes `promtool check rules`', () => {
    const { status, output } = promtool('check', 'rules', 'rules.yml');
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(status, output).toBe(0);
  });

  it('passes its unit tests, `promtool test rules rules.test.yml`', () => {
    const { status, output } = promtool('test', 'rules', 'rules.test.yml');
    expect(status, output).toBe(0);
    expect(output).toContain('SUCCESS');
  });

  it('every alert has a severity, a summary, a description and a runbook paragraph', () => {
    const readme = readFileSync(join(MONITORING, 'README.md'), 'utf8');
    const headings = new Set(
      [...readme.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase()),
    );
    expect(alerts.length).toBeGreaterThanOrEqual(11);
    for (const alert of alerts) {
      const name = alert.alert!;
      expect(['critical', 'warning'], name).toContain(alert.labels?.['severity']);
      expect(alert.annotations?.['summary'], name).toBeTruthy();
      expect(alert.annotations?.['description'], name).toBeTruthy();
      expect(alert.annotations?.['runbook'], name).toBe(
        `deploy/monitoring/README.md#${name.toLowerCase()}`,
      );
      expect(headings, `README.md has no "### ${name}"`).toContain(name.toLowerCase());
    }
  });

  it('every alert is shown firing by a unit test', () => {
    const tests = parse(readFileSync(RULES_TEST_FILE, 'utf8')) as {
      tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
    };
    const firing = new Set(
      tests.tests.flatMap((t) =>
        (t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname),
      ),
    );
    expect([...firing].sort()).toEqual(alerts.map((a) => a.alert).sort());
  });

  it('subtracts the event-loop sampler’s own period, as the server sets it', () => {
    const rule = allRules(rules).find(
      (r) => r.record === 'instance:nodejs_eventloop_delay_p99:seconds',
    );
    expect(rule?.expr).toContain(
      `nodejs_eventloop_lag_p99_seconds - ${EVENT_LOOP_SAMPLE_MS / 1000},`,
    );
  });
});

describe('the test copy of the rules', () => {
  it('shortens only the named alert, and only its `for` and threshold', () => {
    const copy = testCopy(rules, { EnquiriesNotDelivered: { for: '2s', threshold: 2 } });
    const before = allRules(rules);
    const after = allRules(copy);
    const changed = after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i]));
    expect(changed).toEqual([
      expect.objectContaining({
        alert: 'EnquiriesNotDelivered',
        for: '2s',
        expr: 'max by (job, channel) (outbox_oldest_age_seconds) > 2',
      }),
    ]);
    expect(allRules(loadRules())).toEqual(before);
  });

  it('refuses an alert that does not exist or an expression without a threshold', () => {
    expect(() => testCopy(rules, { NoSuchAlert: { for: '1s' } })).toThrow(/NoSuchAlert/);
    expect(() => withThreshold('rate(x[5m])', 1)).toThrow(/not a comparison/);
    expect(() => withThreshold('a > 0.5 and b', 1)).toThrow(/not a comparison/);
    expect(withThreshold('max(x) >= 900', 3)).toBe('max(x) >= 3');
  });
});

describe('deploy/kubernetes/monitoring', () => {
  const docs = readdirSync(K8S_MONITORING)
    .filter((f) => /\.ya?ml$/.test(f))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(K8S_MONITORING, file), 'utf8')).map((d) => ({
        file,
        doc: d.toJS() as Record<string, unknown> & { kind: string },
      })),
    );
  const ofKind = (kind: string) => docs.find((d) => d.doc.kind === kind)!.doc;

  it('prometheusrule.yaml is what `npm run monitoring:rules` makes of rules.yml', async () => {
    expect(readFileSync(PROMETHEUS_RULE_FILE, 'utf8')).toBe(await prometheusRuleYaml(rules));
    expect((ofKind('PrometheusRule')['spec'] as { groups: unknown }).groups).toEqual(rules.groups);
  });

  it('the PrometheusRule and the PodMonitor validate against the operator’s CRD schemas', () => {
    expect(() => new PrometheusRule(ofKind('PrometheusRule') as never).validate()).not.toThrow();
    expect(() => new PodMonitor(ofKind('PodMonitor') as never).validate()).not.toThrow();
  });

  it('the schema check catches a wrong type (it is not a no-op)', () => {
    const broken = structuredClone(ofKind('PrometheusRule')) as unknown as {
      spec: { groups: Array<{ rules: Array<Record<string, unknown>> }> };
    };
    broken.spec.groups[0]!.rules[0]!['expr'] = 42;
    broken.spec.groups[0]!.rules[0]!['record'] = ['not', 'a', 'name'];
    expect(() => new PrometheusRule(broken as never).validate()).toThrow();
  });

  it('the PodMonitor scrapes the Deployment’s pods on their metrics port', () => {
    const deployment = parse(readFileSync(join(K8S_MONITORING, '../deployment.yaml'), 'utf8')) as {
      spec: {
        template: {
          metadata: { labels: Record<string, string> };
          spec: { containers: Array<{ ports: Array<{ name: string }> }> };
        };
      };
    };
    const monitor = ofKind('PodMonitor') as unknown as {
      spec: {
        selector: { matchLabels: Record<string, string> };
        podMetricsEndpoints: Array<{ port: string }>;
      };
    };
    expect(deployment.spec.template.metadata.labels).toMatchObject(
      monitor.spec.selector.matchLabels,
    );
    const ports = deployment.spec.template.spec.containers[0]!.ports.map((p) => p.name);
    expect(monitor.spec.podMetricsEndpoints.map((e) => e.port)).toEqual(['metrics']);
    expect(ports).toContain('metrics');
  });

  it('its kustomization applies every manifest in the folder', () => {
    const kustomization = docs.find((d) => d.doc.kind === 'Kustomization')!;
    expect([...(kustomization.doc['resources'] as string[])].sort()).toEqual(
      docs
        .map((d) => d.file)
        .filter((f) => f !== kustomization.file)
        .sort(),
    );
  });
});
