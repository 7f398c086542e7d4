/**
 * The operator manual documents what operators set and read: every environment variable the
 * server parses (`src/server/env.ts`) has a row in `docs/operations/configuration.md`, and every
 * metric the server exports (`src/server/observability.ts`) is named in
 * `docs/operations/monitoring.md`. A failure lists what is undocumented.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/env.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('the operator manual', () => {
  it('has a configuration row for every environment variable', () => {
    const rows = read('docs/operations/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    const documented = new Set(
      rows.flatMap((cell) => [...cell.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1])),
    );
    const variables = Object.keys(envSchema.shape);
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('names every metric the server exports', () => {
    const metrics = [...read('src/server/observability.ts').matchAll(/\bname: '([a-z_]+)'/g)].map(
      (m) => m[1] ?? '',
    );
    const manual = read('docs/operations/monitoring.md');
    expect(metrics.length).toBeGreaterThan(15);
    expect(metrics.filter((name) => !manual.includes(`\`${name}\``))).toEqual([]);
  });
});
