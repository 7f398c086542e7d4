/**
 * `npm run enquiries -- staff …` as an operator runs it (the real script, a SQLite file and once
 * PostgreSQL): invite prints a one-time link and, with SMTP configured, queues the e-mail in the
 * outbox, the first as an owner and later ones as editors unless `--role` says; role (never
 * demoting the last owner), list, disable (sessions end), enable, audit; clear refusals with exit codes 2 (bad
 * arguments) and 1 (configuration, a disabled account, the inbox off).
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { SqliteStaffStore } from '../../src/server/staff/sql-store.ts';
import { cli as enquiries, cliFromSources, createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** `npm run enquiries -- staff …` */
const cli = (env: Record<string, string>, ...args: string[]) => enquiries(env, 'staff', ...args);

const SITE = 'https://www.kahaani-pr.example';

describe('the staff commands on SQLite', () => {
  const dataDir = tempDir('staff-cli');
  const env = { DATA_DIR: dataDir, SITE_URL: SITE };

  it('invites: a one-time link on the staff origin, valid 24 hours; the token is not stored', async () => {
    const r = cli(env, 'invite', '--email', 'Meera@Kahaani-PR.example', '--name', 'Meera Nair');
    expect(r.code, r.err).toBe(0);
    // The first account is an owner: someone must be able to manage staff in the browser.
    expect(r.out).toContain('Invited Meera Nair <Meera@Kahaani-PR.example> as owner.');
    const link = /https:\/\/www\.kahaani-pr\.example\/staff\/invite\?token=([\w-]{43})/.exec(r.out);
    expect(link).not.toBeNull();
    expect(r.out).toContain('SMTP_URL is not set, so it is not e-mailed');
    const until = /valid until (\S+) \(24 hours\)/.exec(r.out)?.[1] ?? '';
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const store = new SqliteStaffStore(join(dataDir, 'enquiries.sqlite'));
    try {
      expect(await store.findInvite(link?.[1] ?? '')).toBeNull();
    } finally {
      await store.close();
    }
    // A second invite for the same address is a new link for the same account.
    const again = cli(env, 'invite', '--email', 'meera@kahaani-pr.example', '--name', 'Other');
    expect(again.out).toContain('New invite for Meera Nair <Meera@Kahaani-PR.example> as owner.');
  });

  it('invites as an editor once an owner exists, or with the role --role names; sets roles', () => {
    const editor = cli(env, 'invite', '--email', 'dev@kahaani-pr.example', '--name', 'Dev Rao');
    expect(editor.out).toContain('Invited Dev Rao <dev@kahaani-pr.example> as editor.');
    const publisher = cli(
      env,
      'invite',
      '--email',
      'ira@kahaani-pr.example',
      '--name',
      'Ira Sen',
      '--role',
      'publisher',
    );
    expect(publisher.out).toContain('as publisher.');
    const list = cli(env, 'list').out;
    expect(list).toMatch(/^dev@kahaani-pr\.example {2}"Dev Rao" {2}editor {2}invited /m);
    expect(list).toMatch(/^ira@kahaani-pr\.example {2}"Ira Sen" {2}publisher {2}invited /m);
    // Re-inviting keeps the role; naming another one is refused, not a quiet promotion.
    const other = cli(
      env,
      'invite',
      '--email',
      'dev@kahaani-pr.example',
      '--name',
      'D',
      '--role',
      'owner',
    );
    expect(other.code).toBe(1);
    expect(other.err).toContain('dev@kahaani-pr.example is already staff, as editor');

    const promoted = cli(env, 'role', '--email', 'DEV@kahaani-pr.example', '--role', 'owner');
    expect(promoted.out).toBe('dev@kahaani-pr.example is now owner.\n');
    expect(cli(env, 'role', '--email', 'meera@kahaani-pr.example', '--role', 'editor').code).toBe(
      0,
    );
    // Dev is now the last owner.
    const last = cli(env, 'role', '--email', 'dev@kahaani-pr.example', '--role', 'editor');
    expect(last.code).toBe(1);
    expect(last.err).toContain('dev@kahaani-pr.example is the last owner');
    expect(cli(env, 'audit', '--limit', '1').out).toMatch(
      / operator {2}staff-role-changed {2}\(account [\w-]+, owner to editor\)/,
    );
  });

  it('with SMTP configured, queues the invite e-mail in the outbox for the server to send', async () => {
    const r = cli(
      { ...env, SMTP_URL: 'smtp://relay.example:587' },
      'invite',
      '--email',
      'kabir@kahaani-pr.example',
      '--name',
      'Kabir Sood',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('queued for e-mail through the outbox');
    const store = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    try {
      expect((await store.counts()).pending).toBeGreaterThanOrEqual(1);
    } finally {
      await store.close();
    }
  });

  it('lists, disables (ending sessions), enables, and shows the audit log', () => {
    cli(env, 'invite', '--email', 'tara@kahaani-pr.example', '--name', 'Tara DSouza');
    const list = cli(env, 'list');
    expect(list.out).toMatch(
      /^tara@kahaani-pr\.example {2}"Tara DSouza" {2}editor {2}invited {2}passkeys: 0 {2}sessions: 0 /m,
    );
    const disabled = cli(env, 'disable', '--email', 'TARA@kahaani-pr.example');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toContain('Disabled tara@kahaani-pr.example');
    expect(cli(env, 'list').out).toMatch(/^tara@kahaani-pr\.example .* disabled /m);
    const refused = cli(env, 'invite', '--email', 'tara@kahaani-pr.example', '--name', 'Tara');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'is disabled; run "staff enable --email tara@kahaani-pr.example" first',
    );
    expect(cli(env, 'enable', '--email', 'tara@kahaani-pr.example').code).toBe(0);
    const audit = cli(env, 'audit', '--limit', '3');
    expect(
      audit.out
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[2]),
    ).toEqual(['staff-enabled', 'staff-disabled', 'staff-invited']);
    expect(audit.out).toMatch(/ operator {2}staff-enabled {2}\(account [\w-]+\)/);
  });

  it.each([
    [['invite', '--email', 'nobody'], 'staff invite needs --email'],
    [['invite', '--email', 'a@b.example'], 'staff invite needs --name'],
    [['disable'], "staff disable needs --email with the account's address"],
    [['audit', '--limit', 'all'], '--limit takes a whole number'],
    [['invite', '--email', 'a@b.example', '--name', 'A', '--role', 'admin'], '--role takes one of'],
    [['role', '--email', 'a@b.example'], 'staff role needs --role: editor, publisher, owner'],
    [['promote'], 'Unknown staff command "promote"'],
    [[], 'staff needs a command'],
  ])('%j is refused with exit 2: %s', (args, message) => {
    const r = cli(env, ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('refuses with exit 1: an unknown account, the inbox off, a bad configuration', () => {
    const unknown = cli(env, 'disable', '--email', 'ghost@kahaani-pr.example');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No staff account for ghost@kahaani-pr.example');
    const off = cli(
      { ...env, STAFF_AREA: 'off' },
      'invite',
      '--email',
      'a@b.example',
      '--name',
      'A',
    );
    expect(off.code).toBe(1);
    expect(off.err).toContain('The staff area is off');
    const bad = cli({ DATA_DIR: dataDir, SITE_URL: 'ftp://kahaani-pr.example' }, 'list');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Invalid configuration: SITE_URL: must be a URL starting with http:');
  });

  it("without SITE_URL takes npm start's origin, and a bad PORT is named alone", () => {
    const listed = cliFromSources({ DATA_DIR: dataDir }, 'staff', 'list');
    expect(listed.code, listed.err).toBe(0);
    const invited = cliFromSources(
      { DATA_DIR: dataDir, PORT: '3999' },
      'staff',
      'invite',
      '--email',
      'lata@kahaani-pr.example',
      '--name',
      'Lata Rao',
    );
    expect(invited.code, invited.err).toBe(0);
    expect(invited.out).toMatch(/http:\/\/localhost:3999\/staff\/invite\?token=/);
    expect(invited.err).toContain('SITE_URL is not set: the link uses http://localhost:3999');
    const badPort = cliFromSources({ DATA_DIR: dataDir, PORT: 'abc' }, 'staff', 'list');
    expect(badPort.code).toBe(1);
    expect(badPort.err.trim()).toBe(
      'enquiries: Invalid configuration: PORT: must be a port number',
    );
  });
});

describe('the staff commands on PostgreSQL', () => {
  it('invites and lists on the shared database', async () => {
    const env = { DATABASE_URL: await createDatabase(inject('pgAdminUrl')), SITE_URL: SITE };
    const r = cli(env, 'invite', '--email', 'pg@kahaani-pr.example', '--name', 'Post Gres');
    expect(r.code, r.err).toBe(0);
    expect(cli(env, 'list').out).toContain('pg@kahaani-pr.example  "Post Gres"  owner  invited');
  });
});
