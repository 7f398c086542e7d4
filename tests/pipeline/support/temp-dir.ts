/**
 * Temporary directories for the Vitest suites, inside the run's own folder, which the global
 * setup removes when the run ends (`tests/support/global-setup.ts`). Not removed by an `afterAll`
 * here: the suites share modules (`isolate: false` in `vitest.config.ts`), so a hook this module
 * registered would belong to the first test file that imported it, and every later file's
 * directories would be left in the system's temporary folder.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** A fresh directory `<run's folder>/<label>-XXXXXX`; removed when the run ends. */
export const tempDir = (label = 'pipeline'): string =>
  mkdtempSync(join(inject('tempRoot'), `${label}-`));
