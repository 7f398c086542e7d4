/**
 * Vitest global setup: the resources every suite shares, made once per run.
 *
 * 1. PostgreSQL: DATABASE_URL when set; otherwise a throwaway server (`postgres.ts`), stopped
 *    afterwards. Suites receive an admin URL via `inject('pgAdminUrl')` and create their own
 *    databases.
 * 2. A production build in `.builds/vitest-<pid>` (`inject('buildDir')`; TEST_BUILD_DIR reuses an
 *    existing one), removed afterwards. A failed build fails only the suites that need it: they
 *    find `buildDir` empty and say so.
 * 3. A folder for the suites' temporary directories (`inject('tempRoot')`,
 *    `tests/pipeline/support/temp-dir.ts`), removed afterwards with all in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from './build.ts';
import { startThrowawayPostgres } from '../../scripts/lib/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    buildDir: string;
    tempRoot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  let stop = (): void => {};
  let url = process.env['DATABASE_URL'];
  if (!url) {
    const pg = await startThrowawayPostgres();
    url = pg.url;
    stop = pg.stop;
  }
  project.provide('pgAdminUrl', url);
  let buildDir = process.env['TEST_BUILD_DIR'] ?? '';
  const own = buildDir ? undefined : `vitest-${process.pid}`;
  if (own) {
    try {
      buildDir = buildSite(own);
    } catch (e) {
      console.error('global-setup: build failed', e);
    }
  }
  project.provide('buildDir', buildDir);
  const tempRoot = mkdtempSync(join(tmpdir(), 'vitest-'));
  project.provide('tempRoot', tempRoot);
  return () => {
    stop();
    rmSync(tempRoot, { recursive: true, force: true, maxRetries: 3 });
    if (own && buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
}
