/**
 * One StaffStore contract, run against node:sqlite and a real PostgreSQL, on tables the enquiry
 * store's migrations (versions from 100) created: accounts, invites used once even when two
 * enrolments race, passkeys never removed down to none, sessions (found by hash, swept when
 * idle or past their end, ended for a disabled account), one-use ceremonies, rate-limit windows
 * (counted, and read without counting) and the audit log.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { PgStore, SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import type { SubmissionStore } from '../../src/server/enquiries/store.ts';
import { PgStaffStore, SqliteStaffStore } from '../../src/server/staff/sql-store.ts';
import {
  StaffExistsError,
  type StaffAccount,
  type StaffStore,
  type StoredPasskey,
} from '../../src/server/staff/store.ts';
import { createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const backends: Array<[string, () => Promise<{ enquiries: SubmissionStore; staff: StaffStore }>]> =
  [
    [
      'sqlite',
      () => {
        const file = join(tempDir('staff-store'), 'enquiries.sqlite');
        return Promise.resolve({
          enquiries: new SqliteStore(file),
          staff: new SqliteStaffStore(file),
        });
      },
    ],
    [
      'postgres',
      async () => {
        const url = await createDatabase(inject('pgAdminUrl'));
        return { enquiries: new PgStore(url), staff: new PgStaffStore(url) };
      },
    ],
  ];

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

const account = (over: Partial<StaffAccount> = {}): StaffAccount => ({
  id: randomUUID(),
  email: `${randomUUID().slice(0, 8)}@kahaani-pr.example`,
  name: 'Meera Nair',
  webauthnUserId: randomUUID(),
  createdAt: T0,
  disabledAt: null,
  role: 'editor',
  ...over,
});

const passkey = (staffId: string, over: Partial<StoredPasskey> = {}): StoredPasskey => ({
  id: randomUUID(),
  staffId,
  publicKey: new Uint8Array([1, 2, 3, 250, 0, 7]),
  counter: 0,
  transports: ['internal', 'hybrid'],
  createdAt: T0,
  lastUsedAt: null,
  ...over,
});

const session = (staffId: string, idHash: string = randomUUID(), createdAt = T0) => ({
  idHash,
  staffId,
  csrfToken: randomUUID(),
  createdAt,
  expiresAt: createdAt + 12 * 3_600_000,
});

describe.each(backends)('StaffStore on %s', (_name, open) => {
  let enquiries: SubmissionStore;
  let store: StaffStore;
  beforeEach(async () => {
    ({ enquiries, staff: store } = await open());
    await enquiries.migrate();
  });
  afterEach(async () => {
    await store.close();
    await enquiries.close();
  });

  it('keeps accounts, one per address whatever its case', async () => {
    const a = account({ email: 'Meera@Kahaani-PR.example' });
    await store.createStaff(a);
    expect(await store.getStaff(a.id)).toEqual(a);
    expect(await store.findStaffByEmail('meera@kahaani-pr.example')).toEqual(a);
    await expect(store.createStaff(account({ email: 'MEERA@kahaani-pr.example' }))).rejects.toThrow(
      StaffExistsError,
    );
    expect(await store.getStaff(randomUUID())).toBeNull();
  });

  it('keeps a role on each account: editor unless named, never leaving no enabled owner', async () => {
    const { role: _role, ...unnamed } = account();
    await store.createStaff(unnamed);
    expect((await store.getStaff(unnamed.id))?.role).toBe('editor');
    const owner = account({ role: 'owner' });
    const other = account({ role: 'owner' });
    await store.createStaff(owner);
    await store.createStaff(other);
    expect(await store.setRole(unnamed.id, 'publisher')).toEqual({
      kind: 'changed',
      from: 'editor',
    });
    expect(await store.setRole(unnamed.id, 'publisher')).toEqual({ kind: 'unchanged' });
    expect((await store.findStaffByEmail(unnamed.email))?.role).toBe('publisher');
    expect(await store.setRole(randomUUID(), 'owner')).toEqual({ kind: 'not-found' });

    // Two owners demoting each other at once: one wins, one owner stays.
    const both = await Promise.all([
      store.setRole(owner.id, 'editor'),
      store.setRole(other.id, 'editor'),
    ]);
    expect(both.map((r) => r.kind).sort()).toEqual(['changed', 'last-owner']);
    const owners = (await store.listStaff(T0)).filter((s) => s.role === 'owner');
    expect(owners).toHaveLength(1);
    const [last] = owners;
    expect(await store.setRole(last!.id, 'publisher')).toEqual({ kind: 'last-owner' });

    // A disabled owner is not one who can manage staff: an enabled one is still needed.
    await store.setRole(unnamed.id, 'owner');
    await store.setDisabled(unnamed.id, T0);
    expect(await store.setRole(last!.id, 'editor')).toEqual({ kind: 'last-owner' });
    // …and demoting the disabled one is always allowed.
    expect(await store.setRole(unnamed.id, 'editor')).toEqual({ kind: 'changed', from: 'owner' });
  });

  it('enrols from an invite once, even when two enrolments race', async () => {
    const a = account();
    await store.createStaff(a);
    await store.createInvite({
      tokenHash: 'h1',
      staffId: a.id,
      createdAt: T0,
      expiresAt: T0 + 1000,
    });
    const found = await store.findInvite('h1');
    expect(found).toMatchObject({
      tokenHash: 'h1',
      createdAt: T0,
      expiresAt: T0 + 1000,
      usedAt: null,
    });
    expect(found?.staff).toEqual(a);
    const results = await Promise.all([
      store.enrol('h1', T0 + 10, passkey(a.id), session(a.id)),
      store.enrol('h1', T0 + 10, passkey(a.id), session(a.id)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.listPasskeys(a.id)).toHaveLength(1);
    expect((await store.findInvite('h1'))?.usedAt).toBe(T0 + 10);
  });

  it('does not enrol from an expired invite or for a disabled account', async () => {
    const a = account();
    await store.createStaff(a);
    await store.createInvite({
      tokenHash: 'old',
      staffId: a.id,
      createdAt: T0,
      expiresAt: T0 + 1000,
    });
    expect(await store.enrol('old', T0 + 1000, passkey(a.id), session(a.id))).toBe(false);
    await store.createInvite({
      tokenHash: 'new',
      staffId: a.id,
      createdAt: T0,
      expiresAt: T0 + 5000,
    });
    await store.setDisabled(a.id, T0);
    // Disabling drops unused invites.
    expect(await store.findInvite('new')).toBeNull();
    expect(await store.enrol('new', T0 + 10, passkey(a.id), session(a.id))).toBe(false);
    expect(await store.listPasskeys(a.id)).toEqual([]);
  });

  it('stores a passkey byte for byte and finds it with its account', async () => {
    const a = account();
    await store.createStaff(a);
    const p = passkey(a.id);
    await store.addPasskey(p);
    const found = await store.findPasskey(p.id);
    expect(found?.passkey).toEqual(p);
    expect(found?.staff).toEqual(a);
    await expect(store.addPasskey(p)).rejects.toThrow();
  });

  it('never removes the last passkey, even when two removals race', async () => {
    const a = account();
    await store.createStaff(a);
    const [p1, p2] = [passkey(a.id), passkey(a.id, { createdAt: T0 + 1 })];
    await store.addPasskey(p1);
    await store.addPasskey(p2);
    expect(await store.deletePasskey(a.id, 'nope')).toBe('not-found');
    const other = account();
    await store.createStaff(other);
    expect(await store.deletePasskey(other.id, p1.id)).toBe('not-found');
    const results = await Promise.all([
      store.deletePasskey(a.id, p1.id),
      store.deletePasskey(a.id, p2.id),
    ]);
    expect(results.sort()).toEqual(['last', 'ok']);
    expect(await store.listPasskeys(a.id)).toHaveLength(1);
  });

  it('signs in: new counter, new session, the presented one gone', async () => {
    const a = account();
    await store.createStaff(a);
    const p = passkey(a.id);
    await store.addPasskey(p);
    await store.signIn(p.id, 1, session(a.id, 'first'), null);
    await store.signIn(p.id, 7, session(a.id, 'second', T0 + 60_000), 'first');
    expect(await store.findSession('first')).toBeNull();
    const found = await store.findSession('second');
    expect(found?.staff).toEqual(a);
    expect(found?.session).toMatchObject({ idHash: 'second', lastSeenAt: T0 + 60_000 });
    expect((await store.findPasskey(p.id))?.passkey).toMatchObject({
      counter: 7,
      lastUsedAt: T0 + 60_000,
    });
  });

  it('touches, sweeps and ends sessions', async () => {
    const a = account();
    await store.createStaff(a);
    const p = passkey(a.id);
    await store.addPasskey(p);
    for (const id of ['s1', 's2', 's3']) await store.signIn(p.id, 0, session(a.id, id), null);
    await store.touchSession('s2', T0 + 40 * 60_000);
    // At T0 + 45 min, sessions idle since before T0 + 15 min go: s1 and s3.
    await store.sweep(T0 + 45 * 60_000, T0 + 15 * 60_000);
    expect(await store.findSession('s1')).toBeNull();
    expect((await store.findSession('s2'))?.session.lastSeenAt).toBe(T0 + 40 * 60_000);
    await store.signIn(p.id, 0, session(a.id, 's4'), null);
    expect(await store.deleteSessionsOf(a.id)).toBe(2);
    await store.signIn(p.id, 0, session(a.id, 's5'), null);
    await store.deleteSession('s5');
    expect(await store.findSession('s5')).toBeNull();
  });

  it('disabling an account ends its sessions; listing counts passkeys and live sessions', async () => {
    const a = account();
    const b = account({ createdAt: T0 + 1 });
    await store.createStaff(a);
    await store.createStaff(b);
    const p = passkey(a.id);
    await store.addPasskey(p);
    await store.signIn(p.id, 0, session(a.id, 'live'), null);
    expect(await store.listStaff(T0)).toEqual([
      { ...a, passkeys: 1, sessions: 1 },
      { ...b, passkeys: 0, sessions: 0 },
    ]);
    expect(await store.setDisabled(a.id, T0 + 5)).toBe(true);
    expect(await store.findSession('live')).toBeNull();
    expect((await store.getStaff(a.id))?.disabledAt).toBe(T0 + 5);
    expect(await store.setDisabled(a.id, null)).toBe(true);
    expect((await store.getStaff(a.id))?.disabledAt).toBeNull();
    expect(await store.setDisabled(randomUUID(), T0)).toBe(false);
  });

  it('hands a ceremony out once, and not after it expired', async () => {
    const c = {
      idHash: 'c1',
      purpose: 'sign-in' as const,
      challenge: 'xyz',
      staffId: null,
      expiresAt: T0 + 100,
    };
    await store.saveCeremony(c);
    expect(await store.takeCeremony('c1', T0)).toEqual(c);
    expect(await store.takeCeremony('c1', T0)).toBeNull();
    await store.saveCeremony({ ...c, idHash: 'c2' });
    expect(await store.takeCeremony('c2', T0 + 100)).toBeNull();
  });

  it('counts attempts in a fixed window shared by every caller', async () => {
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await store.hit('k', 3, 1000, T0 + i));
    expect(hits.map((h) => [h.count, h.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(hits[0]?.resetAt).toBe(T0 + 1000);
    expect(await store.hit('k', 3, 1000, T0 + 1000)).toMatchObject({ count: 1, allowed: true });
  });

  it('peeks at a window without counting: allowed while one more hit would be', async () => {
    // No window yet: nothing counted, and one would end a window's length from now.
    expect(await store.peekLimit('p', 2, 1000, T0)).toEqual({
      allowed: true,
      count: 0,
      resetAt: T0 + 1000,
    });
    await store.hit('p', 2, 1000, T0);
    for (let i = 0; i < 3; i++) {
      expect(await store.peekLimit('p', 2, 1000, T0 + 10)).toEqual({
        allowed: true,
        count: 1,
        resetAt: T0 + 1000,
      });
    }
    expect(await store.hit('p', 2, 1000, T0 + 20)).toMatchObject({ count: 2, allowed: true });
    // At the limit: the next hit would be refused, so the peek says no, and still counts nothing.
    expect(await store.peekLimit('p', 2, 1000, T0 + 30)).toEqual({
      allowed: false,
      count: 2,
      resetAt: T0 + 1000,
    });
    expect(await store.hit('p', 2, 1000, T0 + 40)).toMatchObject({ count: 3, allowed: false });
    expect(await store.peekLimit('p', 5, 1000, T0 + 50)).toMatchObject({ allowed: true });
    // Once the window has ended it is as if none had begun; other keys are their own.
    expect(await store.peekLimit('p', 2, 1000, T0 + 1000)).toEqual({
      allowed: true,
      count: 0,
      resetAt: T0 + 2000,
    });
    expect(await store.peekLimit('other', 2, 1000, T0 + 30)).toMatchObject({ count: 0 });
  });

  it('appends to the audit log and reads it newest first with the actor', async () => {
    const a = account();
    await store.createStaff(a);
    await store.audit({
      at: T0,
      staffId: null,
      action: 'staff-invited',
      enquiryId: null,
      detail: 'x',
    });
    await store.audit({
      at: T0 + 1,
      staffId: a.id,
      action: 'enquiry-viewed',
      enquiryId: 'e1',
      detail: '',
    });
    const lines = await store.listAudit(10);
    expect(lines.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        at: T0 + 1,
        staffId: a.id,
        staffEmail: a.email,
        action: 'enquiry-viewed',
        enquiryId: 'e1',
        detail: '',
      },
      {
        at: T0,
        staffId: null,
        staffEmail: '',
        action: 'staff-invited',
        enquiryId: null,
        detail: 'x',
      },
    ]);
    expect(await store.listAudit(1)).toHaveLength(1);
  });
});
