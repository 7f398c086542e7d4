/**
 * The README and every document under `docs/` name only what the tree holds: every repository
 * path they quote (`src/…`, `scripts/…`, `docs/…`, globs included) exists, every relative
 * Markdown link reaches a file, every file and folder the README's "Layout of the code" names
 * exists where it says (a name in an entry's description is looked for under that entry), and
 * every decision record a source file cites exists.
 *
 * A decision record keeps the names it was written with: a path that has since moved or gone is
 * listed under the record's "Paths since moved" note, as `` `old` → `new` `` (the new path must
 * exist) or `` `old` → removed by NNN `` (record NNN must exist), and the old path must be gone;
 * docs/decisions/090-readme-maps-the-house-manuals-in-docs.md. A failure lists each path.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README and every Markdown file under docs/, as paths from the root. */
const DOCUMENTS = ['README.md', ...globSync('docs/**/*.md', { cwd: ROOT }).sort()];

/** Top-level folders and files whose paths the documents quote. */
const QUOTED = /^(?:src|scripts|tests|docs|deploy|public|bench)\/|^(?:server\.ts|compose\.yaml)$/;

/** A path or glob (`routes/*.tsx`) exists under `dir`. */
const exists = (dir: string, path: string) =>
  path.includes('*') ? globSync(path, { cwd: dir }).length > 0 : existsSync(join(dir, path));

/** The repository paths `text` quotes in backticks, `#anchor` dropped, placeholders left out. */
const quotedPaths = (text: string) =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => (m[1] ?? '').replace(/#.*$/, ''))
    .filter((p) => QUOTED.test(p) && !/[…<]/.test(p));

/** One line of a record's "Paths since moved" list: the old path and where it went. */
interface Moved {
  old: string;
  to: { path: string } | { removedBy: string };
}

/** The note's lines: `- \`old\` → \`new\`` or `- \`old\` → removed by NNN`. */
function movedNote(text: string): Moved[] {
  const list = /^Paths since moved\b[^\n]*\n\n((?:- [^\n]*\n)+)/m.exec(text)?.[1] ?? '';
  return list
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const m = /^- `([^`]+)` → (?:`([^`]+)`|removed by (\d{3}))$/.exec(line);
      if (!m) throw new Error(`not a moved path: ${line}`);
      const [, old = '', path, removedBy] = m;
      return { old, to: path ? { path } : { removedBy: removedBy ?? '' } };
    });
}

describe('paths in the README and docs/', () => {
  it('finds the documents and their paths', () => {
    expect(DOCUMENTS).toContain('docs/operations/configuration.md');
    expect(DOCUMENTS.filter((d) => d.startsWith('docs/decisions/')).length).toBeGreaterThan(60);
    expect(quotedPaths(README).length).toBeGreaterThan(30);
  });

  it('every quoted repository path exists, or its record says where it went', () => {
    const missing: string[] = [];
    for (const doc of DOCUMENTS) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      const moved = new Set(movedNote(text).map((m) => m.old));
      for (const path of new Set(quotedPaths(text))) {
        if (!exists(ROOT, path) && !moved.has(path)) missing.push(`${doc}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every "Paths since moved" note is true: the old path gone, the new one there', () => {
    const wrong: string[] = [];
    let notes = 0;
    for (const doc of DOCUMENTS) {
      for (const { old, to } of movedNote(readFileSync(join(ROOT, doc), 'utf8'))) {
        notes += 1;
        if (exists(ROOT, old)) wrong.push(`${doc}: ${old} still exists`);
        if ('path' in to && !exists(ROOT, to.path)) wrong.push(`${doc}: ${to.path} does not exist`);
        if (
          'removedBy' in to &&
          globSync(`docs/decisions/${to.removedBy}-*.md`, { cwd: ROOT }).length === 0
        ) {
          wrong.push(`${doc}: no decision record ${to.removedBy}`);
        }
      }
    }
    expect(notes).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('every relative Markdown link reaches a file', () => {
    const broken: string[] = [];
    for (const doc of DOCUMENTS) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const file = target.replace(/#.*$/, '');
        if (file === '' || /^[a-z]+:/.test(file)) continue;
        if (!existsSync(join(ROOT, dirname(doc), file))) broken.push(`${doc}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
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

  it('every decision record the code cites exists', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', 'src', 'tests', 'scripts', 'bench', 'server.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((file) => /\.(?:ts|tsx|mjs|css)$/.test(file));
    const missing: string[] = [];
    let cited = 0;
    for (const file of tracked) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [record = ''] of text.matchAll(/docs\/decisions\/\d{3}-[a-z0-9-]+\.md/g)) {
        cited += 1;
        if (!existsSync(join(ROOT, record))) missing.push(`${file}: ${record}`);
      }
    }
    expect(cited).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
