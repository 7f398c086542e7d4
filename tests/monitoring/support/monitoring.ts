/**
 * What the monitoring tests share: every PromQL query of the rules (`deploy/monitoring/rules.yml`)
 * and of the dashboard (`deploy/monitoring/dashboard.json`), the label values the server can
 * export, and the check that a query reads only series that exist with the labels it names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { selectors, type Selector } from '../../../scripts/lib/promql.ts';
import { allRules, loadRules } from '../../../scripts/lib/monitoring-rules.ts';
import { START_PATH } from '../../../src/lib/enquiry-fields.ts';
import { OUTCOMES } from '../../../src/lib/enquiry-outcomes.ts';
import { VITALS_PATH } from '../../../src/lib/vitals-report.ts';
import {
  LIVENESS_PATH,
  READINESS_PATH,
  VITALS_RESULTS,
} from '../../../src/server/observability.ts';
import { PAGES } from '../../../src/pages.ts';

/**
 * The methods the server answers, from this run's build: `src/server/app.ts` imports the route
 * tree, which only the build holds (`tests/server/support/test-app.ts` loads it the same way).
 */
const { ALLOWED_METHODS } = (await import(
  pathToFileURL(join(inject('buildDir') || '/no-build', 'server/app.js')).href
)) as typeof import('../../../src/server/app.ts');

export const DASHBOARD_FILE = join(
  import.meta.dirname,
  '../../../deploy/monitoring/dashboard.json',
);

/** One query and where it is. */
export interface Query {
  source: string;
  expr: string;
}

/**
 * The dashboard's template variables as a query would see them: `$__rate_interval` a 5-minute
 * window, `$job` every job.
 */
function expandVariables(expr: string): string {
  return expr
    .replaceAll('$__rate_interval', '5m')
    .replaceAll('$__range', '1h')
    .replaceAll('$job', '.*');
}

/** The dashboard, parsed. */
export function dashboard(): {
  schemaVersion: number;
  templating: { list: Array<Record<string, unknown>> };
  panels: Array<Record<string, unknown>>;
} {
  return JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as ReturnType<typeof dashboard>;
}

/** Every query of the rules and the dashboard (its panels and its `label_values` variables). */
export function monitoringQueries(): Query[] {
  const queries: Query[] = allRules(loadRules()).map((rule) => ({
    source: `rules.yml ${rule.alert ?? rule.record ?? '?'}`,
    expr: rule.expr,
  }));
  const board = dashboard();
  for (const panel of board.panels) {
    const targets = (panel['targets'] ?? []) as Array<{ expr: string }>;
    for (const target of targets) {
      queries.push({
        source: `dashboard "${String(panel['title'])}"`,
        expr: expandVariables(target.expr),
      });
    }
  }
  for (const variable of board.templating.list) {
    const definition = variable['definition'];
    const match =
      typeof definition === 'string' && /^label_values\((\w+), (\w+)\)$/.exec(definition);
    if (match) {
      queries.push({
        source: `dashboard variable $${String(variable['name'])}`,
        expr: `count by (${match[2]}) (${match[1]})`,
      });
    }
  }
  return queries;
}

/** The names of the recording rules. */
export function recordingRuleNames(): Set<string> {
  return new Set(allRules(loadRules()).flatMap((r) => (r.record ? [r.record] : [])));
}

/** Labels Prometheus adds to every scraped series. */
export const TARGET_LABELS: ReadonlySet<string> = new Set(['job', 'instance']);

/**
 * The values the server can give a label, where they are a fixed list (by label name, or
 * `metric:label` where one name means different things): every other value in a query is a
 * typo.
 */
export function knownLabelValues(): Record<string, readonly string[]> {
  return {
    route: [
      ...PAGES.map((p) => p.path),
      '/assets',
      START_PATH,
      VITALS_PATH,
      LIVENESS_PATH,
      READINESS_PATH,
      'static',
      'not-found',
    ],
    outcome: [...new Set(Object.values(OUTCOMES).map((o) => o.metric))],
    method: [...ALLOWED_METHODS],
    'web_vitals_reports_total:result': VITALS_RESULTS,
    'outbox_deliveries_total:result': ['delivered', 'failed'],
    'content_release_renders_total:result': ['stored', 'failed'],
    channel: ['email', 'slack', 'webhook'],
  };
}

/** The metric a series name belongs to: `x_bucket` → `x` for a histogram `x`. */
export function baseMetric(name: string, histograms: ReadonlySet<string>): string {
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  return m && histograms.has(m[1]!) ? m[1]! : name;
}

/**
 * Problems of `query` against what exists: each selector's metric must be among `labelsOf`
 * (metric → its label names; recording rules included), each label it matches on or groups by
 * must be among that metric's labels, and a matched value must be one the label can take.
 * The metrics in `absentHere` are skipped: series this server leaves out on this machine by design
 * (the memory limit, where the process has none).
 */
export function problemsOf(
  query: Query,
  labelsOf: ReadonlyMap<string, ReadonlySet<string>>,
  histograms: ReadonlySet<string> = new Set(),
  absentHere: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  const known = knownLabelValues();
  let found: Selector[];
  try {
    found = selectors(query.expr);
  } catch (e) {
    return [`${query.source}: ${(e as Error).message}`];
  }
  for (const { metric, matchers, grouping } of found) {
    const labels = labelsOf.get(metric);
    if (!labels) {
      if (!absentHere.includes(metric)) {
        problems.push(`${query.source}: no series ${metric}`);
      }
      continue;
    }
    const base = baseMetric(metric, histograms);
    const needed = new Set([...matchers.map((m) => m.label), ...grouping]);
    for (const label of needed) {
      if (TARGET_LABELS.has(label) || labels.has(label)) continue;
      if (label === 'le' && metric.endsWith('_bucket')) continue;
      problems.push(`${query.source}: ${metric} has no label ${label}`);
    }
    for (const { label, op, value } of matchers) {
      const values = known[`${base}:${label}`] ?? known[label];
      if (!values || TARGET_LABELS.has(label)) continue;
      const fits =
        op === '=' || op === '!='
          ? values.includes(value)
          : values.some((v) => new RegExp(`^(?:${value})$`).test(v));
      const alternatives = op.endsWith('~') ? value.split('|') : [value];
      const unknown = alternatives.filter(
        (a) => /^[\w/.-]+$/.test(a) && !values.some((v) => new RegExp(`^(?:${a})$`).test(v)),
      );
      if (!fits || unknown.length) {
        problems.push(
          `${query.source}: ${metric}{${label}${op}"${value}"} matches no value the server exports`,
        );
      }
    }
  }
  return problems;
}
