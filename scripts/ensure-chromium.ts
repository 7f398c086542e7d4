/**
 * Makes sure Debian's Chromium is installed at /usr/bin/chromium before Playwright (or the
 * Lighthouse bench) launches it. On a fresh machine `npm test` must install Chromium itself
 * (README, "What `npm test` runs") — from Debian (`apt-get update` then a non-interactive
 * `apt-get install -y chromium`), never Playwright's own browser download.
 *
 * Usage: `node scripts/ensure-chromium.ts` (npm's `test:e2e` runs it before `playwright test`),
 * or `import { ensureChromium } from './ensure-chromium.ts'`.
 *
 * Exit status / errors: exits 0 when Chromium is present (or was installed); exits with apt's
 * status (non-zero) and a message when the install fails, e.g. because the process is not root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where every test and bench in this project expects the browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Runs one command with its output shown on this terminal.
 * @returns the exit status (1 when the command could not be started)
 */
export function run(cmd: string, args: string[]): number {
  // Use sudo only when we are not root and sudo exists (CI containers usually run as root).
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const useSudo = !asRoot && existsSync('/usr/bin/sudo');
  const [bin, argv]: [string, string[]] = useSudo ? ['sudo', ['-E', cmd, ...args]] : [cmd, args];
  console.log(`[ensure-chromium] $ ${[bin, ...argv].join(' ')}`);
  const r = spawnSync(bin, argv, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status ?? 1;
}

/**
 * Installs Chromium from Debian when {@link CHROMIUM_PATH} is missing.
 * @returns 0 on success, otherwise apt's non-zero exit status.
 */
export function ensureChromium(): number {
  if (existsSync(CHROMIUM_PATH)) return 0;
  console.log(`[ensure-chromium] ${CHROMIUM_PATH} is missing; installing Debian's chromium.`);
  // Another process (a parallel `npm test`, unattended upgrades) may hold dpkg's lock: wait for
  // it rather than fail, up to 10 minutes.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  const update = run('apt-get', [...wait, 'update']);
  if (update !== 0) {
    console.error(`[ensure-chromium] apt-get update failed (status ${update}).`);
    return update;
  }
  const install = run('apt-get', [...wait, 'install', '-y', 'chromium']);
  if (install !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error(`[ensure-chromium] apt-get install chromium failed (status ${install}).`);
    return install || 1;
  }
  console.log(`[ensure-chromium] installed ${CHROMIUM_PATH}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureChromium());
}
