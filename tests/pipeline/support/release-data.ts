/**
 * The upgrade test's data (`tests/pipeline/upgrade.test.ts`): what an earlier release writes
 * through the store contracts (`fill`), what any release reads back through them (`snapshot`),
 * and every table's rows as the engine holds them (`dump`). `fill-release.ts` runs `fill` and
 * `snapshot` on the earlier release's own store code; the test runs `snapshot` and `dump` on this
 * code, so only the contracts, never the implementations, are shared.
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { NewSubmission, SubmissionStore } from '../../../src/server/enquiries/store.ts';
import type { Channel } from '../../../src/server/inbox/types.ts';
import type { StaffStore } from '../../../src/server/staff/store.ts';

/** The staff store of a release before `peekLimit`. */
export type ReleaseStaffStore = Omit<StaffStore, 'peekLimit'>;

/** When the data was written; `NOW` is when it is read (sessions live, the retry not yet due). */
export const T0 = Date.UTC(2026, 10, 20, 9, 0, 0);
export const NOW = T0 + 3_600_000;
const ALL: Channel[] = ['email', 'slack', 'webhook'];
const WINDOW = { max: 1000, windowMs: 600_000 };

const id = (n: number) => `0b6c${String(n).padStart(4, '0')}-0000-4000-8000-000000000000`;

/** Names, subjects and messages beyond ASCII, each with a word no other enquiry has. */
const PEOPLE = [
  ['Asha Verma', 'asha@example.com', 'Launch coverage', 'A launch in March: quokka press.'],
  ['Zoë Ōkubo', 'zoe@example.jp', 'Crisis — 緊急', 'Need help fast 🚀 with narwhal news.'],
  ['محمد علي', 'mohammed@example.ae', 'شراكة', 'Partnership about an axolotl launch.'],
  ['Anaïs Dubois', 'anais@example.fr', 'Prix', "C'est urgent: pangolin <b>&amp;</b> co."],
  ['Ravi Iyer', 'ravi@example.in', 'Festive campaign', 'Diwali launch, wombat theme.'],
  ['Spam Bot', 'bot@spam.example', 'Cheap pills', 'Buy now: capybara deals.'],
  ['Kabir Sood', 'kabir@example.in', 'Awards entry', 'Entry for the ocelot awards.'],
  ['Old Friend', 'erase.me@example.com', 'Please forget me', 'Private tapir words.'],
  ['Tara DSouza', 'tara@example.in', 'Investor day', 'Investor launch with a lemur.'],
] as const;

function enquiry(n: number, over: Partial<NewSubmission> = {}): NewSubmission {
  const [name, email, subject, message] = PEOPLE[n] ?? PEOPLE[0];
  return {
    id: id(n),
    name,
    email,
    subject,
    message,
    // Two enquiries in one millisecond: their order must survive too.
    receivedAt: T0 + Math.min(n, 7) * 60_000,
    ipHash: `${n}`.repeat(64),
    userAgent: `Mozilla/5.0 (test ${n})`,
    privacyNoticeVersion: '2026-10-01',
    spam: 'ham',
    dedupeKey: `dedupe-${n}`,
    ...over,
  };
}

const submit = (store: SubmissionStore, sub: NewSubmission) =>
  store.submit(sub, { key: `submit:${sub.ipHash}`, ...WINDOW }, 600_000, ALL);

/**
 * Enquiries in every status with deliveries sent, failing mid-retry, leased, cancelled and
 * pending, an invite e-mail queued, a duplicate refused; staff with passkeys, live sessions,
 * invites used and unused, a disabled account, a ceremony under way, rate-limit windows and
 * audit lines.
 */
export async function fill(store: SubmissionStore, staff: ReleaseStaffStore): Promise<void> {
  await store.migrate();
  for (let n = 0; n < PEOPLE.length; n++) {
    await submit(store, enquiry(n, n === 5 ? { spam: 'honeypot' } : {}));
  }
  await submit(store, enquiry(0, { id: id(99) })); // a duplicate: stored once
  await submit(store, enquiry(3, { id: id(98), dedupeKey: 'other', spam: 'too-fast' }));
  // E-mail delivered for the first three; the webhook failing twice, due again later.
  for (const job of await store.claimDue(T0 + 60_000, 60_000, 3, 'email')) {
    await store.markSent(job.outboxId, job.claimToken, T0 + 61_000);
  }
  for (const job of await store.claimDue(T0 + 60_000, 60_000, 2, 'webhook')) {
    await store.markFailed(job.outboxId, job.claimToken, 'HTTP 502', T0 + 90_000, T0 + 62_000);
  }
  for (const job of await store.claimDue(T0 + 120_000, 60_000, 1, 'webhook')) {
    await store.markFailed(job.outboxId, job.claimToken, 'HTTP 503', NOW + 600_000, T0 + 121_000);
  }
  // A Slack delivery claimed by a worker that stopped: its lease runs past NOW.
  await store.claimDue(T0 + 60_000, NOW, 1, 'slack');
  await store.setHandled(id(1), true, T0 + 200_000);
  await store.release(id(5), ALL, T0 + 210_000);
  await store.markSpam(id(6), T0 + 220_000);
  await store.eraseByEmail('ERASE.ME@example.com');
  await store.enqueueInvite(
    { to: 'new.staff@kahaani.example', link: 'https://x.example/i/1', expiresAt: NOW + 9e6 },
    T0 + 230_000,
  );

  const accounts = ['meera', 'dev', 'gone'].map((name, n) => ({
    id: `staff-${name}`,
    email: `${name.toUpperCase()}@Kahaani.example`,
    name: `${name} ✓`,
    webauthnUserId: `user-handle-${n}-${'x'.repeat(40)}`,
    createdAt: T0 + n,
    disabledAt: null,
  }));
  for (const a of accounts) await staff.createStaff(a);
  const key = (n: number, staffId: string) => ({
    id: `credential-${n}`,
    staffId,
    // Every byte value, so nothing in between may treat the key as text.
    publicKey: Uint8Array.from({ length: 256 }, (_, i) => (i * 7 + n) % 256),
    counter: n,
    transports: n === 0 ? [] : ['internal', 'hybrid'],
    createdAt: T0 + 10 + n,
    lastUsedAt: null,
  });
  const session = (n: number, staffId: string, at: number) => ({
    idHash: `session-${n}`,
    staffId,
    csrfToken: `csrf-${n}`,
    createdAt: at,
    expiresAt: at + 12 * 3_600_000,
  });
  for (const [n, a] of accounts.entries()) {
    await staff.createInvite({
      tokenHash: `invite-${n}`,
      staffId: a.id,
      createdAt: T0 + 5,
      expiresAt: NOW + 86_400_000,
    });
  }
  await staff.enrol('invite-0', T0 + 20, key(0, 'staff-meera'), session(0, 'staff-meera', T0 + 20));
  await staff.addPasskey(key(1, 'staff-meera'));
  await staff.signIn('credential-1', 7, session(1, 'staff-meera', T0 + 30), 'session-0');
  await staff.enrol('invite-2', T0 + 40, key(2, 'staff-gone'), session(2, 'staff-gone', T0 + 40));
  await staff.setDisabled('staff-gone', T0 + 50);
  await staff.touchSession('session-1', T0 + 1_800_000);
  await staff.saveCeremony({
    idHash: 'ceremony-0',
    purpose: 'sign-in',
    challenge: 'challenge-bytes',
    staffId: null,
    expiresAt: NOW + 300_000,
  });
  await staff.hit('staff:signInAccount:staff-meera', 10, 600_000, NOW - 60_000);
  await staff.audit({
    at: T0 + 5,
    staffId: null,
    action: 'staff-invited',
    enquiryId: null,
    detail: 'staff-meera',
  });
  await staff.audit({
    at: T0 + 300_000,
    staffId: 'staff-meera',
    action: 'release',
    enquiryId: id(5),
    detail: '',
  });
  await staff.audit({
    at: T0 + 300_000,
    staffId: 'staff-meera',
    action: 'export',
    enquiryId: null,
    detail: 'csv',
  });
}

/** Every way the data is read through the contracts, in one JSON-able object. */
export async function snapshot(store: SubmissionStore, staff: ReleaseStaffStore) {
  const pages: Record<string, unknown> = {};
  for (const q of [
    '',
    'launch',
    'quokka',
    'narwhal',
    '緊急',
    'axolotl',
    'pangolin',
    'tapir',
    'LAUNCH March',
  ]) {
    for (const status of [undefined, 'new', 'held', 'released', 'handled'] as const) {
      const terms = q.split(' ').filter(Boolean);
      const query = { terms, offset: 0, limit: 25, ...(status ? { status } : {}) };
      pages[`${q}|${status ?? ''}`] = await store.page(query);
    }
  }
  pages['second page'] = await store.page({ offset: 2, limit: 3, countLimit: 4 });
  const ids = [...PEOPLE.keys(), 98, 99].map(id);
  return {
    list: await store.list({ includeSpam: true }),
    listHam: await store.list({ terms: ['launch'], limit: 2 }),
    pages,
    records: await Promise.all(ids.map((i) => store.get(i))),
    figures: await store.deliveryFigures(),
    counts: await store.counts(),
    due: await Promise.all(ALL.map((c) => store.nextDueAt(c))),
    staff: await staff.listStaff(NOW),
    byEmail: await staff.findStaffByEmail('meera@kahaani.EXAMPLE'),
    passkeys: await Promise.all(['staff-meera', 'staff-gone'].map((s) => staff.listPasskeys(s))),
    passkey: await staff.findPasskey('credential-1'),
    sessions: await Promise.all([0, 1, 2].map((n) => staff.findSession(`session-${n}`))),
    invites: await Promise.all([0, 1, 2].map((n) => staff.findInvite(`invite-${n}`))),
    audit: await staff.listAudit(100),
  };
}

/** Bytes as hex and instants as ISO strings, so JSON compares them exactly. */
export function canonical(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, function (this: unknown, _key, v: unknown) {
      if (v instanceof Uint8Array) return { hex: Buffer.from(v).toString('hex') };
      if (typeof v === 'object' && v && (v as { type?: string }).type === 'Buffer') {
        return { hex: Buffer.from((v as { data: number[] }).data).toString('hex') };
      }
      if (typeof v === 'bigint') return v.toString();
      return v;
    }),
  );
}

/**
 * Every table's rows as the engine holds them, sorted: SQLite's values, PostgreSQL's text of each
 * row (its `tsvector` included). SQLite's FTS5 index is derived data in tables of its own, left
 * out: a migration may rebuild it; the test checks it through searches and its integrity check.
 * @param where a SQLite file or a PostgreSQL URL
 */
export async function dump(where: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const keep = (rows: readonly unknown[]) =>
    rows.map((r) => JSON.stringify(canonical({ ...(r as object) }))).sort();
  if (!where.startsWith('postgres')) {
    const db = new DatabaseSync(where, { readOnly: true });
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'",
      )
      .all()
      .map((r) => String(r['name']));
    for (const t of tables) out[t] = keep(db.prepare(`SELECT * FROM "${t}"`).all());
    db.close();
    return out;
  }
  const c = new pg.Client({ connectionString: where });
  await c.connect();
  const { rows } = await c.query<{ t: string }>(
    "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'",
  );
  for (const { t } of rows) {
    // PostgreSQL's own text of each row: microseconds, bytea and tsvector as stored.
    const all = await c.query<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${t}" x`);
    out[t] = all.rows.map((r) => r.j).sort();
  }
  await c.end();
  return out;
}
