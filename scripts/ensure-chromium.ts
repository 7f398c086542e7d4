/**
 * Makes sure Debian's Chromium is installed before Playwright or the Lighthouse bench launches
 * it: the full browser at /usr/bin/chromium (Lighthouse) and its headless shell at
 * /usr/bin/chromium-headless-shell (Playwright, as Playwright itself runs headless tests:
 * https://playwright.dev/docs/browsers#chromium-headless-shell;
 * docs/decisions/049-end-to-end-tests-in-the-headless-shell.md). On a fresh machine `npm test`
 * must install them itself (docs/development/testing.md) — Debian's `chromium` and
 * `chromium-headless-shell` (`scripts/lib/apt.ts`), never Playwright's own browser download.
 *
 * Usage: `node scripts/ensure-chromium.ts` (npm's `test:e2e` runs it before `playwright test`),
 * or `import { ensureChromium } from './ensure-chromium.ts'`.
 *
 * Exit status / errors: exits 0 when Chromium is present (or was installed); exits with apt's
 * status (non-zero) and a message when the install fails, e.g. because the process is not root.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './lib/apt.ts';

/** The full browser, where the Lighthouse bench expects it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The headless shell, where Playwright's tests expect it (`playwright.config.ts`). */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
/** Debian's packages that install the two. */
const PACKAGES = ['chromium', 'chromium-headless-shell'];

/**
 * Installs Chromium and its headless shell from Debian when either path is missing.
 * @returns 0 on success, otherwise apt's non-zero exit status.
 */
export function ensureChromium(): number {
  const missing = [CHROMIUM_PATH, HEADLESS_SHELL_PATH].filter((path) => !existsSync(path));
  if (missing.length === 0) return 0;
  console.log(`[ensure-chromium] ${missing.join(', ')} missing.`);
  const status = aptInstall(PACKAGES, { tag: 'ensure-chromium' });
  if (status !== 0) return status;
  if (missing.some((path) => !existsSync(path))) {
    console.error(`[ensure-chromium] ${missing.join(', ')} still missing after the install.`);
    return 1;
  }
  console.log(`[ensure-chromium] installed ${missing.join(', ')}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureChromium());
}
