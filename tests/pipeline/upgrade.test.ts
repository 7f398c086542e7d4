/**
 * Upgrading in place: a database created and filled by the previous release's own store code
 * (its `src/server`, taken from git and run with the project's Node by `support/fill-release.ts`:
 * enquiries in every status, deliveries sent, failing mid-retry and leased, the search index,
 * staff with passkeys and live sessions, audit lines) is opened by this code, on SQLite and on
 * PostgreSQL. Every table's rows stay as the engine held them (the `tsvector`s included; the FTS5
 * index passes its integrity check), every read through the contracts — lists, searches, records,
 * sessions, passkeys byte for byte — answers as the release's did, and the upgraded data keeps
 * working: the retry is delivered once, the lease still holds, staff sign in, search finds new
 * enquiries beside old ones. The one change: every staff account is now an owner (migration 220).
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PgStore, SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import { PgStaffStore, SqliteStaffStore } from '../../src/server/staff/sql-store.ts';
import { newSubmission } from './support/fixtures.ts';
import { createDatabase, NODE, ROOT } from './support/helpers.ts';
import { canonical, dump, NOW, snapshot } from './support/release-data.ts';
import { tempDir } from './support/temp-dir.ts';

/**
 * The releases this code upgrades from; their commits must be in the clone's history. 851a71c
 * kept a store file per engine; d02bfcd, one store file for both, kept its content in files.
 */
const PREVIOUS_RELEASES = ['851a71c', 'd02bfcd'] as const;

const releases: Record<string, string> = {};
beforeAll(() => {
  for (const commit of PREVIOUS_RELEASES) {
    const release = tempDir(`release-${commit}`);
    const tar = join(release, 'src.tar');
    try {
      execFileSync('git', ['archive', '-o', tar, commit, 'src/server'], { cwd: ROOT });
    } catch {
      throw new Error(
        `${commit} is not in this clone's history (a shallow clone?): git fetch --unshallow`,
      );
    }
    execFileSync('tar', ['-xf', tar, '-C', release]);
    // Its imports of pg resolve to this checkout's packages.
    symlinkSync(join(ROOT, 'node_modules'), join(release, 'node_modules'));
    releases[commit] = release;
  }
});

const engines = [
  ['sqlite', () => Promise.resolve(join(tempDir('upgrade'), 'enquiries.sqlite'))],
  ['postgres', () => createDatabase(inject('pgAdminUrl'))],
] as const;
const cases = PREVIOUS_RELEASES.flatMap((commit) =>
  engines.map(([kind, create]) => [kind, commit, create] as const),
);

describe.each(cases)('a database %s kept under release %s', (kind, commit, create) => {
  it('opens with every row, search hit and session as it was, and goes on working', async () => {
    const where = await create();
    const before = JSON.parse(
      execFileSync(
        NODE,
        [join(ROOT, 'tests/pipeline/support/fill-release.ts'), releases[commit]!, where],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      ),
    ) as ReturnType<typeof canonical>;
    const rows = await dump(where);
    expect(rows['submissions']).toHaveLength(10);
    expect(rows['staff_passkeys']).toHaveLength(3);

    const store = kind === 'sqlite' ? new SqliteStore(where) : new PgStore(where);
    const staff = kind === 'sqlite' ? new SqliteStaffStore(where) : new PgStaffStore(where);
    try {
      await store.migrate();
      await store.migrate();
      // Every read answers as before, each account now with a role (migration 220): owner, as
      // every account had every right before roles.
      const roles: unknown[] = [];
      const read = JSON.parse(
        JSON.stringify(canonical(await snapshot(store, staff)), (key, value: unknown) => {
          if (key !== 'role') return value;
          roles.push(value);
          return undefined;
        }),
      ) as unknown;
      expect(read).toEqual(before);
      expect(roles.length).toBeGreaterThan(0);
      expect(new Set(roles)).toEqual(new Set(['owner']));
      expect((await staff.listStaff(NOW)).map((s) => [s.id, s.role])).toEqual([
        ['staff-meera', 'owner'],
        ['staff-dev', 'owner'],
        ['staff-gone', 'owner'],
      ]);
      const after = await dump(where);
      for (const [table, kept] of Object.entries(rows)) {
        if (table === 'schema_migrations') {
          expect(after[table], table).toEqual(expect.arrayContaining(kept));
        } else if (table === 'staff') {
          const parse = (r: string) => JSON.parse(r) as Record<string, unknown>;
          expect(
            after[table]?.map((r) => parse(r)['role']),
            table,
          ).toEqual(kept.map(() => 'owner'));
          const withoutRole = (r: string) => {
            const { role: _role, ...rest } = parse(r);
            return rest;
          };
          expect(after[table]?.map(withoutRole), table).toEqual(kept.map(parse));
        } else expect(after[table], table).toEqual(kept);
      }
      if (kind === 'sqlite') {
        const db = new DatabaseSync(where);
        // Throws SQLITE_CORRUPT_VTAB when the index and the rows disagree.
        db.exec("INSERT INTO submissions_fts (submissions_fts) VALUES ('integrity-check')");
        db.close();
      }

      // The delivery failing mid-retry goes once, with its attempts; the leased one stays held.
      const failing = (await store.list({ includeSpam: true })).filter(
        (s) => s.notification === 'failing',
      );
      expect(failing.length).toBeGreaterThan(0);
      const leased = (rows['outbox'] ?? [])
        .map((r) => JSON.parse(r) as { id: string; claim_token: string | null; sent_at: unknown })
        .filter((o) => o.claim_token !== null && o.sent_at === null);
      expect(leased).toHaveLength(1);
      const slack = await store.claimDue(NOW, 60_000, 50, 'slack');
      expect(slack.length).toBeGreaterThan(0);
      expect(slack.map((j) => j.outboxId)).not.toContain(leased[0]?.id);
      expect(await store.retryFailed(NOW)).toBeGreaterThan(0);
      const jobs = await store.claimDue(NOW, 60_000, 50, 'webhook');
      for (const job of jobs) {
        const id = job.kind === 'enquiry' ? job.submission.id : '';
        const was = (await store.get(id))?.deliveries.find((d) => d.channel === 'webhook');
        expect(job.attempts).toBe(was?.attempts);
        expect(await store.markSent(job.outboxId, job.claimToken, NOW)).toBe(true);
        expect(await store.markSent(job.outboxId, job.claimToken, NOW)).toBe(false);
      }
      expect(await store.claimDue(NOW + 3_600_000, 60_000, 50, 'webhook')).toEqual([]);

      // Staff: the live session and the passkey's counter carry on; a sign-in replaces it.
      expect((await staff.findSession('session-1'))?.session.expiresAt).toBeGreaterThan(NOW);
      await staff.signIn(
        'credential-1',
        8,
        {
          idHash: 'session-9',
          staffId: 'staff-meera',
          csrfToken: 'csrf-9',
          createdAt: NOW,
          expiresAt: NOW + 1000,
        },
        'session-1',
      );
      expect(await staff.findSession('session-1')).toBeNull();
      expect((await staff.findPasskey('credential-1'))?.passkey.counter).toBe(8);
      expect(
        await staff.peekLimit('staff:signInAccount:staff-meera', 10, 600_000, NOW),
      ).toMatchObject({ count: 1, allowed: true });
      expect((await staff.takeCeremony('ceremony-0', NOW))?.challenge).toBe('challenge-bytes');

      // New enquiries land beside the old ones, both found by search, newest first.
      const fresh = newSubmission({ message: 'A zebu launch.', receivedAt: NOW });
      await store.submit(fresh, { key: 'k', max: 5, windowMs: 1000 }, 600_000);
      const launch = await store.page({ terms: ['launch'], offset: 0, limit: 25 });
      expect(launch.rows[0]?.id).toBe(fresh.id);
      expect(launch.total).toBe(
        (before as { pages: Record<string, { total: number }> }).pages['launch|']!.total + 1,
      );
    } finally {
      await staff.close();
      await store.close();
    }
  });
});
