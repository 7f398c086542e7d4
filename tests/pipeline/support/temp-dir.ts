/**
 * Temporary directories for the Vitest suites, removed when the test file that made them ends.
 * This module's `afterAll` is registered when the file imports it, before the file's own hooks,
 * so it runs after them (Vitest runs after-hooks in reverse order), once the servers and stores
 * using the directories have stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/** A fresh directory `<tmp>/<label>-XXXXXX`; removed after the calling test file. */
export const tempDir = (label = 'pipeline'): string => {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`));
  made.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});
