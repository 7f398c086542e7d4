/**
 * Comments and docs cite only what a reader of the repository has: its files and public standards
 * by URL. References to documents outside the repository (a specification's numbered sections,
 * issue numbers, design or contract notes) fail here, in every tracked source and document.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The forbidden references; written so that this file does not match them itself. */
const FORBIDDEN: readonly RegExp[] = [
  new RegExp(['spec', '§'].join(' '), 'i'),
  new RegExp(['issue', '#\\d'].join(' '), 'i'),
  new RegExp(['design', 'md'].join('\\.'), 'i'),
  new RegExp(['contracts', 'md'].join('\\.'), 'i'),
  new RegExp(['stack', 'notes'].join(' '), 'i'),
];

const TRACKED = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'src',
    'scripts',
    'tests',
    'docs',
    'README.md',
    'server.ts',
    'Dockerfile',
    'vite.config.ts',
    'eslint.config.js',
    'playwright.config.ts',
    'deploy',
  ],
  { cwd: ROOT, encoding: 'utf8' },
)
  .split('\n')
  .filter((f) => /(\.(ts|tsx|mjs|js|css|ya?ml|md)|Dockerfile)$/.test(f));

describe('references', () => {
  it('finds files to check', () => {
    expect(TRACKED.length).toBeGreaterThan(100);
  });

  it('cite nothing outside the repository', () => {
    const found: string[] = [];
    for (const file of TRACKED) {
      const lines = readFileSync(resolve(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (FORBIDDEN.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    expect(FORBIDDEN.some((re) => re.test(`see ${['issue', '#12'].join(' ')}`))).toBe(true);
  });
});
