/**
 * `npm run enquiries -- backup` and `restore` on SQLite, run as the operator runs them (the real
 * script, its exit codes and one-line messages): the copy is the database, checked, private and
 * recorded; dated backups are pruned to the newest N; a restore puts a backup in place and keeps
 * the replaced database, its write-ahead log folded in; and every refusal — a database in use, a
 * damaged file, a newer schema, a PostgreSQL archive — leaves the current database as it was.
 * The online copy under a live server's writes is proved in `backup-restore.test.ts`.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  databaseFile,
  PROGRESS_FROM_BYTES,
  restoreSqlite,
} from '../../src/server/backups/sqlite.ts';
import { SQLITE_MIGRATIONS } from '../../src/server/db/steps.ts';
import { SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { insert, newSubmission as sub } from './support/fixtures.ts';
import { cli, NODE } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

/** Rows of `table` in the SQLite file `file`, opened on its own (no -wal beside it is read). */
function rows(file: string, sql = 'SELECT id, name, message, status FROM submissions ORDER BY id') {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe('enquiries backup and restore on SQLite', () => {
  let dataDir: string;
  let database: string;
  let backups: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    dataDir = tempDir('backup-data');
    backups = tempDir('backups');
    database = databaseFile(dataDir);
    env = { DATA_DIR: dataDir };
    const store = new SqliteStore(database);
    await store.migrate();
    await insert(store, sub({ name: 'Asha', message: 'A launch in March' }));
    await insert(store, sub({ name: 'Bot', spam: 'honeypot' }));
    await insert(store, sub({ name: 'Kabir', message: 'Crisis communications' }));
    await store.close();
  });

  it('backup --to: the database as it is, checked, private, recorded, in one line', () => {
    const file = join(backups, 'site.sqlite');
    const r = cli(env, 'backup', '--to', file);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(
        `^Backed up ${database} to ${file}: \\d+ bytes in \\d+ ms, schema \\d+, rows .*submissions 3, outbox 2,.*\\.\\n$`,
      ),
    );
    expect(r.out.split('\n')).toHaveLength(2);
    expect(rows(file)).toEqual(rows(database));
    expect(rows(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    // One self-contained file (no -wal to carry along), readable by its owner only.
    expect(rows(file, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'delete' }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups)).toEqual(['site.sqlite']);
    const [recorded] = rows(database, 'SELECT bytes, file, finished_at FROM backups');
    expect(recorded).toMatchObject({ bytes: statSync(file).size, file });
    expect(Math.abs(Number(recorded?.['finished_at']) - Date.now())).toBeLessThan(60_000);
  });

  it('backup refuses to replace a file, to start without a database and on PostgreSQL', () => {
    const file = join(backups, 'site.sqlite');
    writeFileSync(file, 'an older backup');
    expect(cli(env, 'backup', '--to', file)).toMatchObject({
      code: 2,
      err: `enquiries: ${file} exists: a backup never replaces another; choose a new name\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
    const empty = tempDir('no-data');
    expect(cli({ DATA_DIR: empty }, 'backup', '--to', join(backups, 'x.sqlite'))).toMatchObject({
      code: 1,
      err: `enquiries: there is no database at ${databaseFile(empty)}\n`,
    });
    expect(readdirSync(empty)).toEqual([]);
    const pg = cli(
      { ...env, DATABASE_URL: 'postgres://site@db.example:5432/site' },
      'backup',
      '--to',
      join(backups, 'y.sqlite'),
    );
    expect(pg.code).toBe(2);
    expect(pg.err).toMatch(/^enquiries: DATABASE_URL is set: .*pg_dump -Fc.*Backups and restore/);
    expect(cli(env, 'backup').code).toBe(2);
    expect(cli(env, 'backup', '--to', file, '--keep', '3').err).toContain('--keep goes with');
    expect(cli(env, 'backup', '--to-dir', backups, '--keep', '0').code).toBe(2);
  });

  it('backup --to-dir --keep: dated files, the newest N kept, nothing else touched', () => {
    const mine = ['20250101T000000Z', '20250102T000000Z', '20250103T000000Z'].map((s) =>
      join(backups, `enquiries-${s}.sqlite`),
    );
    for (const f of mine) writeFileSync(f, 'old');
    writeFileSync(join(backups, 'notes.txt'), 'keep me');
    writeFileSync(join(backups, 'enquiries-manual.sqlite'), 'keep me too');
    const r = cli(env, 'backup', '--to-dir', backups, '--keep', '2');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/; kept the newest 2 in .* \(deleted 2\)\.\n$/);
    const left = readdirSync(backups).sort();
    expect(left).toHaveLength(4);
    expect(left).toEqual(
      expect.arrayContaining([
        'notes.txt',
        'enquiries-manual.sqlite',
        'enquiries-20250103T000000Z.sqlite',
      ]),
    );
    const dated = left.find(
      (n) => /^enquiries-2\d{7}T\d{6}Z\.sqlite$/.test(n) && !n.startsWith('enquiries-2025'),
    );
    expect(dated, left.join(', ')).toBeDefined();
    expect(rows(join(backups, dated!))).toEqual(rows(database));
  });

  it('backup reports its progress on a large database, on stderr', () => {
    const db = new DatabaseSync(database);
    db.exec('CREATE TABLE filler (b BLOB)');
    const fill = db.prepare('INSERT INTO filler VALUES (randomblob(1048576))');
    for (let i = 0; i < PROGRESS_FROM_BYTES / 1048576 + 4; i++) fill.run();
    db.close();
    const r = cli(env, 'backup', '--to', join(backups, 'large.sqlite'));
    expect(r.code).toBe(0);
    const lines = r.err.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^backup: [1-9]0 % \(\d+ of \d+ pages\)$/);
    expect(r.out).toContain('filler 68');
  });

  it('restore into an empty DATA_DIR: the backup in place, nothing set aside', () => {
    const file = join(backups, 'site.sqlite');
    expect(cli(env, 'backup', '--to', file).code).toBe(0);
    const fresh = tempDir('restored');
    const r = cli({ DATA_DIR: fresh }, 'restore', '--from', file);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(
        `^Restored ${file} into ${databaseFile(fresh)}: .*submissions 3.*; there was no database before\\.\\n$`,
      ),
    );
    expect(readdirSync(fresh)).toEqual(['enquiries.sqlite']);
    expect(rows(databaseFile(fresh))).toEqual(rows(database));
    expect(cli({ DATA_DIR: fresh }, 'list', '--search', 'launch').out).toContain('Asha');
  });

  it('restore over a crashed server’s database keeps it aside, its -wal folded in', async () => {
    const file = join(backups, 'site.sqlite');
    expect(cli(env, 'backup', '--to', file).code).toBe(0);
    // A process that commits into the -wal without checkpointing, then dies holding the file.
    const late = randomUUID();
    const holder = spawn(
      NODE,
      [
        '--input-type=module',
        '-e',
        `import { DatabaseSync } from 'node:sqlite';
         const db = new DatabaseSync(${JSON.stringify(database)});
         db.exec('PRAGMA wal_autocheckpoint = 0');
         db.prepare("UPDATE submissions SET name = 'Late' WHERE name = 'Kabir'").run();
         db.prepare("INSERT INTO backups (finished_at, bytes, duration_ms, file) VALUES (1, 1, 1, ?)").run(${JSON.stringify(late)});
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    const held = cli(env, 'restore', '--from', file);
    expect(held).toMatchObject({
      code: 3,
      err: `enquiries: ${database} is in use: stop the server (and any other enquiries command) first, then restore\n`,
    });
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(statSync(`${database}-wal`).size).toBeGreaterThan(0);

    const r = cli(env, 'restore', '--from', file);
    expect(r.code).toBe(0);
    const aside =
      /the replaced database is kept as (\S+) \(delete it once the site works\)\.\n$/.exec(
        r.out,
      )?.[1];
    expect(aside).toMatch(new RegExp(`^${database}\\.replaced-\\d{8}T\\d{6}Z$`));
    // Beside the restored file no -wal is left to be replayed into it; the old one is one file.
    expect(readdirSync(dataDir).sort()).toEqual(['enquiries.sqlite', basename(aside!)]);
    expect(rows(aside!, "SELECT count(*) AS n FROM submissions WHERE name = 'Late'")).toEqual([
      { n: 1 },
    ]);
    expect(rows(aside!, 'SELECT file FROM backups WHERE finished_at = 1')).toEqual([
      { file: late },
    ]);
    expect(rows(database, "SELECT count(*) AS n FROM submissions WHERE name = 'Kabir'")).toEqual([
      { n: 1 },
    ]);
  });

  it('restore holds the old file’s lock past the swap: a server that opened it meanwhile gives up', async () => {
    const file = join(backups, 'site.sqlite');
    expect(cli(env, 'backup', '--to', file).code).toBe(0);
    const restoring = restoreSqlite(
      file,
      database,
      new Set(SQLITE_MIGRATIONS.map((m) => m.version)),
    );
    // Everything up to the swap has run; the file set aside is the one a late server opened.
    const aside = readdirSync(dataDir).find((n) => n.startsWith('enquiries.sqlite.replaced-'));
    expect(aside).toBeDefined();
    const late = new DatabaseSync(join(dataDir, aside!), { timeout: 0 });
    expect(() => late.exec('PRAGMA journal_mode = WAL')).toThrow(/database is locked/);
    const r = await restoring;
    expect(r.replaced).toBe(join(dataDir, aside!));
    expect(late.prepare('PRAGMA journal_mode = WAL').get()).toEqual({ journal_mode: 'wal' });
    late.close();
  });

  it('restore refuses a damaged file, a newer schema and a PostgreSQL archive, and changes nothing', () => {
    const file = join(backups, 'site.sqlite');
    expect(cli(env, 'backup', '--to', file).code).toBe(0);
    const before = readFileSync(database);
    const refused = (from: string) => {
      const r = cli(env, 'restore', '--from', from);
      expect(readFileSync(database).equals(before), `${from} changed the database`).toBe(true);
      expect(
        readdirSync(dataDir).filter((n) => n.includes('replaced') || n.startsWith('.')),
      ).toEqual([]);
      expect(r.err.split('\n')).toHaveLength(2);
      return r;
    };

    const text = join(backups, 'notes.txt');
    writeFileSync(text, 'not a database');
    expect(refused(text)).toMatchObject({
      code: 4,
      err: `enquiries: ${text} is not a SQLite database\n`,
    });

    // Pages past the schema overwritten: the header reads, the b-trees do not add up.
    const damaged = join(backups, 'damaged.sqlite');
    writeFileSync(damaged, readFileSync(file));
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 3, 0xa5), 0, 4096 * 3, 4096 * 4);
    closeSync(fd);
    const bad = refused(damaged);
    expect(bad.code).toBe(4);
    expect(bad.err).toMatch(
      new RegExp(
        `^enquiries: ${damaged} (fails its integrity check|cannot be read as a database): `,
      ),
    );

    const newer = join(backups, 'newer.sqlite');
    writeFileSync(newer, readFileSync(file));
    const db = new DatabaseSync(newer);
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)').run();
    db.close();
    const n = refused(newer);
    expect(n.code).toBe(5);
    expect(n.err).toMatch(
      /^enquiries: .* was written by a newer release \(schema version 999; this release knows up to \d+\): restore it with that release\n$/,
    );

    const archive = join(backups, 'site.dump');
    writeFileSync(archive, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(64)]));
    expect(refused(archive)).toMatchObject({ code: 2 });
    expect(refused(archive).err).toContain(
      'is a PostgreSQL archive (pg_dump): restore it with pg_restore',
    );

    expect(refused(join(backups, 'missing.sqlite')).code).toBe(2);
    expect(cli(env, 'restore').code).toBe(2);
  });
});
