/**
 * The site's Prometheus rules (`deploy/monitoring/rules.yml`, the one source) and what is made
 * from them:
 *
 * - the Prometheus Operator's `PrometheusRule` (monitoring.coreos.com/v1) in
 *   `deploy/kubernetes/monitoring/prometheusrule.yaml`, written by `npm run monitoring:rules`;
 *   `tests/monitoring/rules.test.ts` fails while the file differs from what this module makes;
 * - a test copy whose named alerts wait less (`for`) and trip sooner (their threshold), so a real
 *   Prometheus can show one firing within seconds (`tests/monitoring/prometheus.test.ts`). The
 *   production file is never changed for a test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse, stringify } from 'yaml';
import { withThreshold } from './promql.ts';

const ROOT = join(import.meta.dirname, '../..');
/** The rule file Prometheus loads. */
export const RULES_FILE = join(ROOT, 'deploy/monitoring/rules.yml');
/** Its promtool unit tests. */
export const RULES_TEST_FILE = join(ROOT, 'deploy/monitoring/rules.test.yml');
/** The generated PrometheusRule. */
export const PROMETHEUS_RULE_FILE = join(ROOT, 'deploy/kubernetes/monitoring/prometheusrule.yaml');

/** One rule as Prometheus's rule file format has it. */
export interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** A rule file: `groups` of named rule lists. */
export interface RuleFile {
  groups: Array<{ name: string; interval?: string; rules: Rule[] }>;
}

/** Reads and parses `deploy/monitoring/rules.yml`. */
export function loadRules(file = RULES_FILE): RuleFile {
  return parse(readFileSync(file, 'utf8')) as RuleFile;
}

/** Every rule of every group. */
export function allRules(rules: RuleFile): Rule[] {
  return rules.groups.flatMap((g) => g.rules);
}

/**
 * The rules as a `PrometheusRule` object: the same groups, rule for rule. Labelled like the
 * site's other manifests; a Prometheus whose `ruleSelector` wants other labels gets them from
 * the kustomization.
 */
export function prometheusRule(rules: RuleFile): Record<string, unknown> {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: {
      name: 'story-voice-site',
      labels: { 'app.kubernetes.io/name': 'story-voice-site' },
    },
    spec: { groups: rules.groups },
  };
}

/** The text of `prometheusrule.yaml`, header included, formatted as Prettier keeps it. */
export async function prometheusRuleYaml(rules: RuleFile = loadRules()): Promise<string> {
  const text =
    '# GENERATED from deploy/monitoring/rules.yml by `npm run monitoring:rules`: edit that file,\n' +
    '# then run the script. `npm test` fails while this copy differs from it.\n' +
    stringify(prometheusRule(rules), { lineWidth: 0 });
  const options = await resolveConfig(PROMETHEUS_RULE_FILE);
  return format(text, { ...options, filepath: PROMETHEUS_RULE_FILE });
}

/** What a test copy changes of one alert. */
export interface AlertOverride {
  /** The new `for`, e.g. `2s`. */
  for: string;
  /** The new number of the expression's top-level comparison. */
  threshold?: number;
}

/**
 * A copy of `rules` with the named alerts shortened; every other rule unchanged.
 * @throws Error when an alert is not in the rules or its expression has no threshold to change
 */
export function testCopy(rules: RuleFile, overrides: Record<string, AlertOverride>): RuleFile {
  const copy = structuredClone(rules);
  const seen = new Set<string>();
  for (const rule of allRules(copy)) {
    const override = rule.alert === undefined ? undefined : overrides[rule.alert];
    if (!override || rule.alert === undefined) continue;
    seen.add(rule.alert);
    rule.for = override.for;
    if (override.threshold !== undefined) {
      rule.expr = withThreshold(rule.expr.trim(), override.threshold);
    }
  }
  const missing = Object.keys(overrides).filter((name) => !seen.has(name));
  if (missing.length) throw new Error(`no such alert in the rules: ${missing.join(', ')}`);
  return copy;
}
