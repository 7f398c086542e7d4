/**
 * `npm run enquiries`: list (by status, by search), export (RFC 4180 CSV with formula
 * neutralisation, JSON, with the status column), erase (to tombstones), purge, retry, and a
 * non-zero exit with a clear message on bad arguments. Runs the real script against a SQLite
 * file (and `erase` once against PostgreSQL).
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { csvCell, toCsv } from '../../src/server/enquiries/export.ts';
import { PgStore, SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import type { SubmissionStore } from '../../src/server/enquiries/store.ts';
import { insert, newSubmission as sub } from './support/fixtures.ts';
import { cli, createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

describe('enquiries CLI on SQLite', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const withStore = async <T>(fn: (s: SubmissionStore) => Promise<T>) => {
    const s = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    await s.migrate();
    try {
      return await fn(s);
    } finally {
      await s.close();
    }
  };
  beforeEach(async () => {
    dataDir = tempDir('cli');
    env = { DATA_DIR: dataDir };
    await withStore(async (s) => {
      await insert(s, sub({ name: 'Old', receivedAt: Date.now() - 400 * 86_400_000 }), 1);
      await insert(s, sub({ name: 'Newer', receivedAt: Date.now() - 1000 }), 1);
      await insert(s, sub({ name: 'Newest', email: 'other@example.com' }), 1);
      await insert(s, sub({ name: 'Bot', spam: 'honeypot' }), 1);
    });
  });

  it('list: newest first, spam hidden unless --spam, --limit', () => {
    const r = cli(env, 'list');
    expect(r.code).toBe(0);
    const names = r.out
      .trim()
      .split('\n')
      .map((l) => / (\w+) </.exec(l)?.[1]);
    expect(names).toEqual(['Newest', 'Newer', 'Old']);
    expect(cli(env, 'list', '--spam').out).toContain('[spam: honeypot]');
    expect(cli(env, 'list', '--limit', '1').out.trim().split('\n')).toHaveLength(1);
  });

  it('list --status and --search: one status, plain-word search, hostile text harmless', () => {
    const held = cli(env, 'list', '--status', 'held');
    expect(held.code).toBe(0);
    expect(held.out.trim().split('\n')).toHaveLength(1);
    expect(held.out).toMatch(/ held +Bot </);
    const found = cli(env, 'list', '--search', 'OTHER@example.com');
    expect(
      found.out
        .trim()
        .split('\n')
        .map((l) => / (\w+) </.exec(l)?.[1]),
    ).toEqual(['Newest']);
    for (const q of [
      '"unbalanced',
      'NEAR(',
      '*',
      'a AND OR NOT',
      "'; DROP TABLE submissions; --",
    ]) {
      const r = cli(env, 'list', '--search', q);
      expect(r.code, q).toBe(0);
    }
    expect(cli(env, 'list', '--search', 'nowhere-to-be-found').out).toBe('No enquiries.\n');
  });

  it('export --format csv: RFC 4180 with neutralised formulas; json: parseable', async () => {
    await withStore((s) =>
      insert(
        s,
        sub({ name: '=HYPERLINK("http://evil")', subject: 'a,b', message: 'line1\r\nline "2"' }),
        1,
      ),
    );
    const csv = cli(env, 'export', '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.out.startsWith('id,receivedAt,name,email,subject,message,')).toBe(true);
    expect(csv.out).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.out).toContain(',"a,b",');
    expect(csv.out).toContain('"line1\r\nline ""2"""');
    expect(csv.out.endsWith('\r\n')).toBe(true);
    const json = JSON.parse(cli(env, 'export', '--format', 'json').out) as Array<{
      name: string;
      status: string;
    }>;
    expect(json.map((r) => r.name)).toContain('=HYPERLINK("http://evil")');
    expect(json.every((r) => r.status === 'new')).toBe(true);
    expect(
      csv.out
        .split('\r\n')[0]
        ?.endsWith(
          ',status,originSource,originCampaign,originEntryPage,originFormPage,originViewsBefore',
        ),
    ).toBe(true);
    const held = cli(env, 'export', '--format', 'json', '--status', 'held');
    expect((JSON.parse(held.out) as Array<{ name: string }>).map((r) => r.name)).toEqual(['Bot']);
  });

  it('erase --email erases that person only, leaving tombstones', async () => {
    const r = cli(env, 'erase', '--email', 'ASHA@example.com');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Erased 3 submission(s)');
    const left = await withStore((s) => s.list({ includeSpam: true }));
    expect(left.map((x) => `${x.status} ${x.email}`).sort()).toEqual([
      'erased ',
      'erased ',
      'erased ',
      'new other@example.com',
    ]);
    expect(cli(env, 'list', '--status', 'erased').out).toMatch(/^\S+ {2}\S+ {2}erased\n/);
  });

  it('purge --older-than 365d removes only old rows', async () => {
    expect(cli(env, 'purge', '--older-than', '365d').out).toContain('Purged 1 submission(s)');
    expect((await withStore((s) => s.list())).map((r) => r.name)).toEqual(['Newest', 'Newer']);
  });

  it('retry re-queues failed notifications', async () => {
    await withStore(async (s) => {
      for (const j of await s.claimDue(Date.now(), 1000, 10)) {
        await s.markFailed(j.outboxId, j.claimToken, 'boom', Date.now() + 3_600_000);
      }
    });
    expect(cli(env, 'retry').out).toContain('Re-queued 3 notification(s)');
    expect(await withStore((s) => s.claimDue(Date.now(), 1000, 10))).toHaveLength(3);
  });

  it.each([
    [[], /No command given/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [['export'], /--format csv or --format json/],
    [['export', '--format', 'xml'], /--format csv or --format json/],
    [['erase'], /erase needs --email/],
    [['erase', '--email', 'not-an-address'], /erase needs --email/],
    [['purge', '--older-than', '1y'], /number of days/],
    [['purge'], /number of days/],
    [['list', '--limit', 'ten'], /positive whole number/],
    [['list', '--bogus'], /Unknown option '--bogus'/],
    [['list', '--status', 'spam'], /--status takes one of new, handled, held, released, erased/],
    [['export', '--format', 'csv', '--status', 'x'], /--status takes one of/],
    [['retry', 'extra'], /Unexpected argument 'extra'/],
  ])('bad arguments %j → exit 2 with a clear message', (args, message) => {
    const r = cli(env, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).toContain('Usage: npm run enquiries');
  });

  it.each([
    [{ DATABASE_URL: 'mysql://db/site' }, 'DATABASE_URL: must be a URL starting with postgres:'],
    [{ SQLITE_SYNCHRONOUS: 'normal' }, 'SQLITE_SYNCHRONOUS: Invalid option'],
  ])('invalid configuration %j → exit 1 with one line naming it', (bad, message) => {
    const r = cli({ ...env, ...bad }, 'list');
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^Invalid configuration: /);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });
});

it('erase works against PostgreSQL too', async () => {
  const url = await createDatabase(inject('pgAdminUrl'));
  const s = new PgStore(url);
  await s.migrate();
  await insert(s, sub(), 1);
  await s.close();
  const r = cli(
    { DATABASE_URL: url, DATA_DIR: tempDir('cli-pg') },
    'erase',
    '--email',
    'asha@example.com',
  );
  expect(r.out).toContain('Erased 1 submission(s)');
});

describe('csvCell', () => {
  it('neutralises formula starters and quotes per RFC 4180', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(toCsv([]).split('\r\n')[0]).toMatch(/^id,/);
  });
});
