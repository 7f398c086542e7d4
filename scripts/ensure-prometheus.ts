/**
 * Makes sure Debian's `prometheus` package is installed (it brings `/usr/bin/prometheus` and
 * `/usr/bin/promtool`, and starts no service on a machine without systemd) before the monitoring
 * tests (`tests/monitoring`) run them: `promtool check rules`, `promtool test rules`, and a real
 * Prometheus scraping the server. Installed from Debian
 * (`scripts/lib/apt.ts`) only when a binary is missing.
 *
 * Usage: `node scripts/ensure-prometheus.ts` (npm's `test:unit` runs it before Vitest).
 * Exit status: 0 when both binaries are present (or were installed); apt's status otherwise.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './lib/apt.ts';

/** Where the monitoring tests expect the two programs. */
export const PROMETHEUS_PATH = '/usr/bin/prometheus';
export const PROMTOOL_PATH = '/usr/bin/promtool';

/**
 * Installs Debian's prometheus when either binary is missing.
 * @returns 0 on success, otherwise apt's non-zero exit status
 */
export function ensurePrometheus(): number {
  if (existsSync(PROMETHEUS_PATH) && existsSync(PROMTOOL_PATH)) return 0;
  const status = aptInstall(['prometheus'], { tag: 'ensure-prometheus', recommends: false });
  if (status !== 0) return status;
  if (!existsSync(PROMETHEUS_PATH) || !existsSync(PROMTOOL_PATH)) {
    console.error('[ensure-prometheus] prometheus or promtool still missing after the install.');
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensurePrometheus());
}
