/**
 * Makes sure Debian's Chromium is installed before Playwright or the Lighthouse bench launches
 * it: the full browser at /usr/bin/chromium (Lighthouse) and its headless shell at
 * /usr/bin/chromium-headless-shell (Playwright, as Playwright itself runs headless tests:
 * https://playwright.dev/docs/browsers#chromium-headless-shell;
 * docs/decisions/049-end-to-end-tests-in-the-headless-shell.md). On a fresh machine `npm test`
 * must install them itself (docs/development/testing.md) — from Debian (`apt-get update` then
 * a non-interactive `apt-get install -y chromium chromium-headless-shell`), never Playwright's own
 * browser download.
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

/** The full browser, where the Lighthouse bench expects it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The headless shell, where Playwright's tests expect it (`playwright.config.ts`). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's packages that install the two. */
const PACKAGES = ['chromium', 'chromium-headless-shell'];

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
 * Installs Chromium and its headless shell from Debian when either path is missing.
 * @returns 0 on success, otherwise apt's non-zero exit status.
 */
export function ensureChromium(): number {
  const missing = [CHROMIUM_PATH, HEADLESS_SHELL_PATH].filter((path) => !existsSync(path));
  if (missing.length === 0) return 0;
  console.log(`[ensure-chromium] ${missing.join(', ')} missing; installing from Debian.`);
  // Another process (a parallel `npm test`, unattended upgrades) may hold dpkg's lock: wait for
  // it rather than fail, up to 10 minutes.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  const update = run('apt-get', [...wait, 'update']);
  if (update !== 0) {
    console.error(`[ensure-chromium] apt-get update failed (status ${update}).`);
    return update;
  }
  const install = run('apt-get', [...wait, 'install', '-y', ...PACKAGES]);
  if (install !== 0 || missing.some((path) => !existsSync(path))) {
    console.error(
      `[ensure-chromium] apt-get install ${PACKAGES.join(' ')} failed (status ${install}).`,
    );
    return install || 1;
  }
  console.log(`[ensure-chromium] installed ${missing.join(', ')}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureChromium());
}
