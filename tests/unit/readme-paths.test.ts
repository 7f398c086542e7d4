/**
 * The README names only what the tree holds: every repository path it quotes (`src/…`,
 * `scripts/…`, `docs/…`, globs included) exists, and every file and folder "Layout of the code"
 * names exists where it says (a name in an entry's description is looked for under that entry).
 * A failure lists each missing path.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** Top-level folders and files whose paths the README quotes. */
const QUOTED = /^(?:src|scripts|tests|docs|deploy|public)\/|^(?:server\.ts|compose\.yaml)$/;

/** A path or glob (`routes/*.tsx`) exists under `dir`. */
const exists = (dir: string, path: string) =>
  path.includes('*') ? globSync(path, { cwd: dir }).length > 0 : existsSync(join(dir, path));

describe('README paths', () => {
  it('every quoted repository path exists', () => {
    const quoted = [...README.matchAll(/`([^`\s]+)`/g)]
      .map((m) => (m[1] ?? '').replace(/#.*$/, ''))
      .filter((p) => QUOTED.test(p) && !/[…<]/.test(p));
    expect(quoted.length).toBeGreaterThan(50);
    expect([...new Set(quoted)].filter((p) => !exists(ROOT, p))).toEqual([]);
  });

  it('"Layout of the code" names only files and folders that exist', () => {
    const block = /## Layout of the code\n\n```text\n([\s\S]*?)\n```/.exec(README)?.[1] ?? '';
    const missing: string[] = [];
    let top = '';
    let entry = '';
    for (const line of block.split('\n')) {
      const m = /^( {0,2})([^\s,]+(?:, [^\s,]+)*)(?: +(.*))?$/.exec(line);
      let description = line.trim();
      if (m && line.length - line.trimStart().length < 4) {
        const [, indent = '', names = '', rest = ''] = m;
        description = rest;
        // `styles/, assets/` names two folders.
        const here = names.split(', ');
        for (const name of here) {
          const path = indent ? join(top, name) : name;
          if (!existsSync(join(ROOT, path))) missing.push(path);
        }
        entry = indent ? join(top, here[0] ?? '') : (here[0] ?? '');
        if (!indent) top = entry;
        if (!indent && !entry.endsWith('/')) top = '';
      }
      // Names in the description: `layout/`, `load-context.ts`, `routes/*.tsx`, a decision record.
      for (const [word = ''] of description.matchAll(/[\w.*-]+(?:\/[\w.*-]+)*\/?/g)) {
        const named = word.endsWith('/') || /\.(?:ts|tsx|js|css|svg|md|yaml)$/.test(word);
        // dist/ is the build's output, not in the tree.
        if (!named || word.startsWith('dist/')) continue;
        // Under the entry's folder (a file's own folder for a file).
        const dir = join(ROOT, entry.endsWith('/') ? entry : dirname(entry));
        const found =
          exists(ROOT, word) ||
          exists(dir, word) ||
          globSync(`**/${word}`, { cwd: dir }).length > 0;
        if (!found) missing.push(`${entry || '(top)'}: ${word}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
