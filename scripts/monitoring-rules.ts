/**
 * `npm run monitoring:rules` — writes the Prometheus Operator's copy of the site's rules,
 * `deploy/kubernetes/monitoring/prometheusrule.yaml`, from `deploy/monitoring/rules.yml` (see
 * `scripts/lib/monitoring-rules.ts`). Run it after every change to the rules; `npm test` fails
 * until you do.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PROMETHEUS_RULE_FILE, prometheusRuleYaml } from './lib/monitoring-rules.ts';

writeFileSync(PROMETHEUS_RULE_FILE, await prometheusRuleYaml());
console.log(`wrote ${relative(process.cwd(), PROMETHEUS_RULE_FILE)}`);
