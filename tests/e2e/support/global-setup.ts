/**
 * Playwright global setup: installs Debian's Chromium and its headless shell when missing, so that
 * `npx playwright test` on a fresh machine works as well as `npm run test:e2e` (docs/development/testing.md,
 * "What `npm test` runs").
 * Throws when the install fails, which stops the run with apt's message above it.
 *
 * Returns the teardown: it removes the throwaway DATA_DIR that playwright.config.ts created
 * (never a directory the caller passed in E2E_DATA_DIR).
 */
import { rmSync } from 'node:fs';
import { ensureChromium } from '../../../scripts/ensure-chromium.ts';

export default function globalSetup(): () => void {
  const status = ensureChromium();
  if (status !== 0) throw new Error(`Installing Chromium failed (apt status ${status}).`);
  return () => {
    const dir = process.env['E2E_DATA_DIR'];
    if (dir && process.env['E2E_DATA_DIR_OWNED'] === '1')
      rmSync(dir, { recursive: true, force: true });
  };
}
