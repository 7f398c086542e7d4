/**
 * PostgreSQL's backups, with the real tools against the throwaway server
 * (`docs/operations/backups.md`): `deploy/kubernetes/postgres-backup.sh` — what the Kubernetes CronJob runs — writes a
 * dated, checked archive, keeps the newest KEEP and records it where the server's metric reads it;
 * then the manual's restore (the old database renamed aside, a new one filled by `pg_restore`
 * with the manual's own flags) brings back every row — enquiries in each status with their
 * search words, deliveries, staff with passkeys byte for byte, live sessions, the audit log — and
 * the inbox finds them. Staff sign-in over HTTP on a restored database is proved on SQLite
 * (`backup-restore.test.ts`); here the passkey and session rows it reads are compared.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { lastBackupAt } from '../../src/server/backups/last-backup.ts';
import { PG_MIGRATIONS } from '../../src/server/db/steps.ts';
import { PgStore } from '../../src/server/enquiries/sql-store.ts';
import { createInboxService } from '../../src/server/inbox/service.ts';
import { PgStaffStore } from '../../src/server/staff/sql-store.ts';
import { pgBinDir } from '../../scripts/lib/postgres.ts';
import { insert, newSubmission as sub } from './support/fixtures.ts';
import { createDatabase, ROOT } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const SCRIPT = join(ROOT, 'deploy/kubernetes/postgres-backup.sh');

/** The `pg_restore` options of the manual's restore, so the test runs what operators run. */
function manualRestoreOptions(): string[] {
  const manual = readFileSync(join(ROOT, 'docs/operations/backups.md'), 'utf8');
  const section = manual.slice(manual.indexOf('## PostgreSQL'));
  const line = /^\s*(?:docker compose exec -T db )?pg_restore (.+)$/m.exec(section)?.[1] ?? '';
  return line.split(/\s+/).filter((word) => /^--[a-z-]+$/.test(word));
}

/** Runs a PostgreSQL client program from the server's own folder. */
function tool(name: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(join(pgBinDir(), name), args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function query(url: string, sql: string, params: unknown[] = []): Promise<unknown[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as unknown[];
  } finally {
    await c.end();
  }
}

/** The rows a restore must bring back unchanged, table by table, in a stable order. */
const SNAPSHOT = {
  submissions: 'SELECT * FROM submissions ORDER BY id',
  outbox: 'SELECT * FROM outbox ORDER BY id',
  staff: 'SELECT * FROM staff ORDER BY id',
  staff_passkeys: 'SELECT * FROM staff_passkeys ORDER BY id',
  staff_sessions: 'SELECT * FROM staff_sessions ORDER BY id_hash',
  staff_audit: 'SELECT * FROM staff_audit ORDER BY id',
  search:
    "SELECT id FROM submissions WHERE search @@ to_tsquery('simple', 'zephyrine') ORDER BY id",
};

async function snapshot(url: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(SNAPSHOT)) out[name] = await query(url, sql);
  return out;
}

describe('PostgreSQL backups with pg_dump and pg_restore', () => {
  let adminUrl: string;
  let url: string;
  let dir: string;
  const run = (env: Record<string, string> = {}) =>
    spawnSync('sh', [SCRIPT], {
      encoding: 'utf8',
      env: {
        PATH: `${pgBinDir()}:${process.env['PATH'] ?? ''}`,
        DATABASE_URL: url,
        BACKUP_DIR: dir,
        KEEP: '2',
        ...env,
      },
    });

  beforeAll(async () => {
    adminUrl = inject('pgAdminUrl');
    url = await createDatabase(adminUrl);
    dir = tempDir('pg-backups');
    const store = new PgStore(url);
    const staff = new PgStaffStore(url);
    await store.migrate();
    const at = Date.UTC(2026, 10, 28, 10, 0);
    const ids: string[] = [];
    for (const [i, over] of [
      { name: 'Asha Verma', message: 'A zephyrine launch in March' },
      { name: 'Kabir Sood', message: 'Crisis communications' },
      { name: 'Bot', spam: 'honeypot' as const },
      { name: 'Tara', email: 'tara@example.com', message: 'Please forget me' },
    ].entries()) {
      ids.push(
        (await insert(store, sub({ ...over, receivedAt: at + i * 1000 }), 1, ['email', 'slack']))
          .id,
      );
    }
    await store.setHandled(ids[1]!, true, at + 10_000);
    await store.eraseByEmail('tara@example.com');
    const [job] = await store.claimDue(at + 20_000, 60_000, 1, 'email');
    await store.markFailed(job!.outboxId, job!.claimToken, 'SMTP 451', at + 50_000);
    const staffId = randomUUID();
    await staff.createStaff({
      id: staffId,
      email: 'meera@kahaani-pr.example',
      name: 'Meera Nair',
      webauthnUserId: randomUUID(),
      createdAt: at,
      disabledAt: null,
    });
    await staff.addPasskey({
      id: 'credential-1',
      staffId,
      publicKey: new Uint8Array([165, 1, 2, 3, 38, 32, 1, 0, 255]),
      counter: 7,
      transports: ['internal', 'hybrid'],
      createdAt: at,
      lastUsedAt: null,
    });
    await staff.signIn(
      'credential-1',
      8,
      {
        idHash: 'session-hash',
        staffId,
        csrfToken: 'csrf',
        createdAt: at,
        expiresAt: at + 43_200_000,
      },
      null,
    );
    await staff.audit({ at, staffId, action: 'sign-in', enquiryId: null, detail: '' });
    await staff.close();
    await store.close();
  });

  it('the script writes a dated archive, read back whole, keeps the newest KEEP and records it', async () => {
    const older = ['20250101T000000Z', '20250102T000000Z'].map((s) => `enquiries-${s}.dump`);
    for (const name of older) writeFileSync(join(dir, name), 'old');
    writeFileSync(join(dir, 'notes.txt'), 'keep me');
    const r = run();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const file = /^Backed up to (\S+): (\d+) bytes in \d+ ms; kept the newest 2\.\n$/.exec(
      r.stdout,
    );
    expect(file, r.stdout).not.toBeNull();
    const archive = file![1]!;
    expect(archive).toMatch(new RegExp(`^${dir}/enquiries-\\d{8}T\\d{6}Z\\.dump$`));
    expect(readdirSync(dir).sort()).toEqual(
      ['enquiries-20250102T000000Z.dump', archive.split('/').pop(), 'notes.txt'].sort(),
    );
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(Number(file![2])).toBe(statSync(archive).size);
    expect(tool('pg_restore', ['--list', archive]).code).toBe(0);
    const [row] = (await query(url, 'SELECT file, bytes FROM backups')) as Array<{
      file: string;
      bytes: string;
    }>;
    expect(row).toEqual({ file: archive, bytes: String(statSync(archive).size) });
    // What the server's backup_last_success_timestamp_seconds reads.
    const at = await lastBackupAt({ DATA_DIR: dir, DATABASE_URL: url, SQLITE_SYNCHRONOUS: 'FULL' });
    expect(Math.abs(at! - Date.now())).toBeLessThan(60_000);
  });

  it('the script refuses bad settings and leaves nothing behind when pg_dump fails', async () => {
    expect(run({ KEEP: '0' })).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('KEEP must be'),
    });
    expect(run({ BACKUP_DIR: join(dir, 'missing') }).status).toBe(2);
    const before = readdirSync(dir).sort();
    const rows = await query(url, 'SELECT count(*)::int AS n FROM backups');
    const failed = run({ DATABASE_URL: `${adminUrl.replace(/\/[^/]*$/, '')}/no_such_database` });
    expect(failed.status).not.toBe(0);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(await query(url, 'SELECT count(*)::int AS n FROM backups')).toEqual(rows);
  });

  it('the manual’s restore brings every row back, searchable, the replaced database kept', async () => {
    const archive = readdirSync(dir)
      .filter((n) => /^enquiries-2\d{7}T\d{6}Z\.dump$/.test(n) && !n.startsWith('enquiries-2025'))
      .map((n) => join(dir, n))[0]!;
    const backedUp = await snapshot(url);
    expect(backedUp['search']).toHaveLength(1);
    expect(backedUp['staff_passkeys']).toHaveLength(1);
    // After the backup, the live database moves on; the restore goes back to the archive.
    const store = new PgStore(url);
    await insert(store, sub({ name: 'After the backup' }));
    await store.close();

    const options = manualRestoreOptions();
    expect(options).toEqual(
      expect.arrayContaining([
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
      ]),
    );
    const name = new URL(url).pathname.slice(1);
    const aside = `${name}_replaced`;
    await query(adminUrl, `ALTER DATABASE ${name} RENAME TO ${aside}`);
    await query(adminUrl, `CREATE DATABASE ${name}`);
    const restored = tool('pg_restore', [`--dbname=${url}`, ...options, archive]);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);

    expect(await snapshot(url)).toEqual(backedUp);
    // The site's release opens it as it is, and the inbox finds what was there.
    const again = new PgStore(url);
    await again.migrate();
    const inbox = createInboxService({
      store: again,
      channels: ['email', 'slack'],
      configured: new Set(),
    });
    expect((await inbox.list({ q: 'zephyrine' })).rows.map((r) => r.name)).toEqual(['Asha Verma']);
    expect((await inbox.list({ status: 'erased' })).rows).toHaveLength(1);
    expect((await inbox.list({ q: 'after backup' })).rows).toEqual([]);
    await again.close();
    const staff = new PgStaffStore(url);
    const found = await staff.findPasskey('credential-1');
    expect(found?.passkey).toMatchObject({
      counter: 8,
      publicKey: new Uint8Array([165, 1, 2, 3, 38, 32, 1, 0, 255]),
    });
    expect((await staff.findSession('session-hash'))?.staff.email).toBe('meera@kahaani-pr.example');
    await staff.close();

    const asideUrl = new URL(url);
    asideUrl.pathname = `/${aside}`;
    expect(
      await query(
        asideUrl.toString(),
        "SELECT name FROM submissions WHERE name = 'After the backup'",
      ),
    ).toHaveLength(1);
  });

  it('the archive names its schema versions (which release may restore it)', () => {
    const archive = readdirSync(dir).find(
      (n) => /^enquiries-2\d{7}T\d{6}Z\.dump$/.test(n) && !n.startsWith('enquiries-2025'),
    )!;
    const r = tool('pg_restore', [
      '--data-only',
      '--table=schema_migrations',
      '--file=-',
      join(dir, archive),
    ]);
    expect(r.code).toBe(0);
    const versions = [...r.out.matchAll(/^(\d+)\t/gm)].map((m) => Number(m[1]));
    expect(versions.sort((a, b) => a - b)).toEqual(
      PG_MIGRATIONS.map((m) => m.version).sort((a, b) => a - b),
    );
  });
});
