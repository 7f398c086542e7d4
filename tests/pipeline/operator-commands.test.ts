/**
 * The operator manual's commands, run as an operator copies them: every line of the `sh` blocks
 * under "For operators" (`docs/operations/staff.md`), "SQLite (the default …)" and "Testing a
 * restore" (`docs/operations/backups.md`), through `sh -c` in the clone, in that order, against
 * one SQLite DATA_DIR holding an enquiry. Only the absolute folders change: `/backups` and
 * `/tmp/restore-test` become folders of this test, and the manual's example backup name is given
 * to the newest backup made so far. Lines that need Docker
 * or root (the container's commands, `sudo`, the crontab line) are listed and skipped; any other
 * line fails until this test runs it or says why not.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { ROOT } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** Each section as [file, heading], in the order an operator meets them. */
const SECTIONS = [
  ['docs/operations/staff.md', '## For operators'],
  ['docs/operations/backups.md', '## SQLite (the default: one instance, `DATA_DIR`)'],
  ['docs/operations/backups.md', '## Testing a restore'],
] as const;

/** Needs Docker, root or cron: not run here (tests/docker runs the image). */
const NOT_HERE = /^(?:docker |sudo |15 2 \* \* \* docker )/;
/** What this test runs. */
const RUNS = /^(?:DATA_DIR=\S+ )?npm run enquiries -- |^rm -r \/tmp\/restore-test$/;

/**
 * The commands of the fenced `sh` blocks under `heading` (up to the next heading), one per
 * command: continuation lines joined, comment lines and blank lines left out.
 */
function commands(file: string, heading: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading ${heading}`);
  const rest = text.slice(start + heading.length + 2);
  const section = rest.slice(0, rest.search(/^#{2,3} /m));
  const found: string[] = [];
  for (const [, body = ''] of section.matchAll(/^ *```sh\n([\s\S]*?)^ *```$/gm)) {
    const lines = body
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((l) => l.trim());
    found.push(...lines.filter((l) => l !== '' && !l.startsWith('#')));
  }
  return found;
}

const ALL = SECTIONS.flatMap(([file, heading]) => commands(file, heading));

describe('operator commands, as written', { timeout: 90_000 }, () => {
  const tmp = tempDir('readme');
  const dataDir = join(tmp, 'data');
  const backups = join(tmp, 'backups');
  const restoreTest = join(tmp, 'restore-test');
  const outputs = new Map<string, string>();

  beforeAll(async () => {
    mkdirSync(backups);
    const store = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    try {
      await store.migrate();
      await insert(store, newSubmission());
    } finally {
      await store.close();
    }
  });

  it('finds the commands, and runs every one that needs neither Docker nor root', () => {
    expect(ALL.filter((c) => RUNS.test(c)).length).toBeGreaterThanOrEqual(12);
    expect(ALL.filter((c) => !RUNS.test(c) && !NOT_HERE.test(c))).toEqual([]);
  });

  it.each(ALL.filter((c) => RUNS.test(c)))('%s', (command) => {
    const line = command
      .replaceAll('/tmp/restore-test', restoreTest)
      .replace(/(?<=[\s=])\/backups\b/g, backups);
    // The manual names one night's backup; here that is the newest one made so far.
    const from = / --from (\S+)/.exec(line)?.[1];
    if (from && !existsSync(from)) {
      const newest = readdirSync(backups)
        .filter((f) => /^enquiries-\d{8}T\d{6}Z\.sqlite$/.test(f))
        .sort()
        .at(-1);
      if (newest) copyFileSync(join(backups, newest), from);
    }
    const r = spawnSync('sh', ['-c', line], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? tmp,
        DATA_DIR: dataDir,
        npm_config_update_notifier: 'false',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, `${line}\n${r.stdout}\n${r.stderr}`).toBe(0);
    outputs.set(command, r.stdout);
  });

  it('gave what the manual says each shows', () => {
    const out = (pattern: RegExp) =>
      [...outputs.entries()].filter(([c]) => pattern.test(c)).map(([, o]) => o);
    expect(out(/staff invite/)[0]).toMatch(/http:\/\/localhost:3000\/staff\/invite\?token=/);
    for (const list of out(/staff list/)) expect(list).toContain('meera@agency.example');
    expect(out(/staff audit/)[0]).toContain('staff-disabled');
    expect(out(/backup --to-dir/)[0]).toMatch(/Backed up .* submissions 1/);
    for (const found of out(/restore-test npm run enquiries -- list/)) {
      expect(found).toContain('Asha Verma <asha@example.com>');
    }
    expect(existsSync(restoreTest)).toBe(false);
  });
});
