/**
 * The inbox on both stores (node:sqlite and a real PostgreSQL), through `InboxService`:
 * statuses and their transitions (docs/operations/enquiries.md, "Enquiry statuses"), one delivery row per channel,
 * release and mark-spam, search with the store's own full-text index (hostile input included),
 * pagination, erasure to tombstones, delivery health, invite e-mails, the export, and the
 * migration of rows stored before statuses existed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Migration } from '../../src/server/db/migrate.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../../src/server/db/steps.ts';
import { PgStore, SqliteStore } from '../../src/server/enquiries/sql-store.ts';
import type { NewSubmission, SubmissionStore } from '../../src/server/enquiries/store.ts';
import { createInboxService } from '../../src/server/inbox/service.ts';
import type { Channel, InboxService } from '../../src/server/inbox/types.ts';
import { insert, newSubmission } from './support/fixtures.ts';
import { createDatabase } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';

const T0 = Date.UTC(2026, 10, 1, 12, 0, 0);
const ALL: Channel[] = ['email', 'slack', 'webhook'];

/** Migration 1's SQL, as the first release ran it. */
function firstStep(steps: readonly Migration[]): string {
  const step = steps.find((m) => m.version === 1);
  if (!step || !('sql' in step)) throw new Error('migration 1 is released SQL');
  return step.sql;
}

interface Backend {
  open: () => Promise<SubmissionStore>;
  /** Where the data lives (file or URL), for the migration and erasure checks. */
  location: () => string;
}

function sqliteBackend(): Backend {
  let file = '';
  return {
    open: () => {
      file = join(tempDir('inbox'), 'e.sqlite');
      return Promise.resolve(new SqliteStore(file));
    },
    location: () => file,
  };
}

function pgBackend(): Backend {
  let url = '';
  return {
    open: async () => {
      url = await createDatabase(inject('pgAdminUrl'));
      return new PgStore(url);
    },
    location: () => url,
  };
}

const backends: Array<[string, Backend]> = [
  ['sqlite', sqliteBackend()],
  ['postgres', pgBackend()],
];

describe.each(backends)('the inbox on %s', (kind, backend) => {
  let store: SubmissionStore;
  let inbox: InboxService;
  let clock = T0;
  let kicks = 0;
  const sub = (over: Partial<NewSubmission> = {}) => newSubmission({ receivedAt: T0, ...over });
  /** Store `s` as the server would with every channel configured; returns its id. */
  const add = async (s: NewSubmission) => (await insert(store, s, 600_000, ALL)).id;

  beforeEach(async () => {
    clock = T0 + 3_600_000;
    kicks = 0;
    store = await backend.open();
    await store.migrate();
    inbox = createInboxService({
      store,
      channels: ALL,
      configured: new Set(ALL),
      now: () => clock,
      kick: () => (kicks += 1),
    });
  });
  afterEach(async () => {
    await store.close();
  });

  it('a genuine enquiry is new with one pending delivery per channel; spam is held with none', async () => {
    const ham = await add(sub({ name: 'Genuine' }));
    const spam = await add(sub({ name: 'Bot', spam: 'honeypot', receivedAt: T0 + 1 }));
    const page = await inbox.list({});
    expect(page.rows.map((r) => [r.name, r.status, r.delivery])).toEqual([
      ['Bot', 'held', 'none'],
      ['Genuine', 'new', 'pending'],
    ]);
    const full = await inbox.get(ham);
    expect(full?.deliveries.map((d) => [d.channel, d.state, d.attempts])).toEqual([
      ['email', 'pending', 0],
      ['slack', 'pending', 0],
      ['webhook', 'pending', 0],
    ]);
    expect(full).toMatchObject({ spamReason: null, handledAt: null, releasedAt: null });
    expect(await inbox.get(spam)).toMatchObject({ spamReason: 'honeypot', deliveries: [] });
    expect(await store.claimDue(T0, 60_000, 10, 'slack')).toHaveLength(1);
  });

  it('mark handled and reopen: new ⇄ handled, released → handled; held and erased refuse', async () => {
    const id = await add(sub());
    expect(await inbox.setHandled(id, true)).toBe('ok');
    expect(await inbox.get(id)).toMatchObject({ status: 'handled', handledAt: clock });
    expect(await inbox.setHandled(id, true)).toBe('ok');
    expect(await inbox.setHandled(id, false)).toBe('ok');
    expect(await inbox.get(id)).toMatchObject({ status: 'new', handledAt: null });
    const held = await add(sub({ spam: 'too-fast' }));
    expect(await inbox.setHandled(held, true)).toBe('invalid');
    expect(await inbox.release(held)).toBe('released');
    expect(await inbox.setHandled(held, true)).toBe('ok');
    expect((await inbox.get(held))?.status).toBe('handled');
    expect(await inbox.setHandled('no-such-id', true)).toBe('not-found');
    await inbox.erase('asha@example.com');
    expect(await inbox.setHandled(id, true)).toBe('invalid');
    expect(await inbox.markSpam(id)).toBe('invalid');
    expect(await inbox.release(id)).toBe('not-held');
  });

  it('release queues every channel once and is recorded; a second release is not-held', async () => {
    const id = await add(sub({ spam: 'honeypot' }));
    clock += 5000;
    expect(await inbox.release(id)).toBe('released');
    expect(kicks).toBe(1);
    expect(await inbox.release(id)).toBe('not-held');
    expect(await inbox.release('no-such-id')).toBe('not-found');
    const full = await inbox.get(id);
    expect(full).toMatchObject({ status: 'released', releasedAt: clock, spamReason: 'honeypot' });
    expect(full?.deliveries.map((d) => d.state)).toEqual(['pending', 'pending', 'pending']);
    for (const channel of ALL) {
      expect(await store.claimDue(clock, 60_000, 10, channel), channel).toHaveLength(1);
    }
  });

  it('mark spam cancels what is undelivered; a later release re-queues only that, never twice', async () => {
    const id = await add(sub());
    const [mail] = await store.claimDue(T0, 60_000, 10, 'email');
    expect(await store.markSent(mail!.outboxId, mail!.claimToken, T0 + 1)).toBe(true);
    expect(await inbox.markSpam(id)).toBe('ok');
    expect(await inbox.markSpam(id)).toBe('already');
    expect(await inbox.markSpam('no-such-id')).toBe('not-found');
    let full = await inbox.get(id);
    expect(full).toMatchObject({ status: 'held', spamReason: 'staff', delivery: 'delivered' });
    expect(full?.deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['email', 'delivered'],
      ['slack', 'cancelled'],
      ['webhook', 'cancelled'],
    ]);
    for (const channel of ALL) {
      expect(await store.claimDue(clock, 60_000, 10, channel)).toHaveLength(0);
    }
    expect(await inbox.release(id)).toBe('released');
    full = await inbox.get(id);
    expect(full?.deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['email', 'delivered'],
      ['slack', 'pending'],
      ['webhook', 'pending'],
    ]);
    expect(await store.claimDue(clock, 60_000, 10, 'email')).toHaveLength(0);
    expect(await store.claimDue(clock, 60_000, 10, 'slack')).toHaveLength(1);
  });

  it('lists newest first with status filter and pages; excerpts are 160 characters', async () => {
    for (let i = 0; i < 7; i++) {
      await add(
        sub({ name: `N${i}`, receivedAt: T0 + i * 1000, spam: i % 3 === 0 ? 'honeypot' : 'ham' }),
      );
    }
    const page1 = await inbox.list({ pageSize: 3 });
    expect(page1).toMatchObject({ total: 7, page: 1, pageSize: 3, pages: 3 });
    expect(page1.rows.map((r) => r.name)).toEqual(['N6', 'N5', 'N4']);
    expect((await inbox.list({ pageSize: 3, page: 3 })).rows.map((r) => r.name)).toEqual(['N0']);
    expect((await inbox.list({ pageSize: 3, page: 9 })).rows).toEqual([]);
    const held = await inbox.list({ status: 'held' });
    expect(held.rows.map((r) => r.name)).toEqual(['N6', 'N3', 'N0']);
    expect(held.total).toBe(3);
    expect((await inbox.list({ pageSize: 1000 })).pageSize).toBe(100);
    expect((await inbox.list({ pageSize: 0, page: -4 })).page).toBe(1);
    await expect(inbox.list({ status: 'spam' as never })).rejects.toThrow(RangeError);

    const long = `${'👩🏽‍💻'.repeat(100)}${'x'.repeat(200)}`;
    const id = await add(sub({ message: long, receivedAt: T0 + 99_000 }));
    const row = (await inbox.list({})).rows[0];
    expect(row?.id).toBe(id);
    expect(row?.excerpt.startsWith('👩🏽‍💻'.repeat(100))).toBe(true);
    expect([...new Intl.Segmenter().segment(row!.excerpt)]).toHaveLength(161); // 160 and '…'
  });

  it('search finds name, address (whole or in parts), subject and message words, ANDed', async () => {
    await add(
      sub({
        name: 'Priya Raman',
        email: 'priya@studio.example',
        subject: 'Crisis plan',
        message: 'We need help before Diwali.',
      }),
    );
    await add(
      sub({
        name: 'Asha Verma',
        email: 'asha@agency.example',
        subject: 'Launch',
        message: 'Crisis in March',
        receivedAt: T0 + 1,
      }),
    );
    await add(
      sub({
        name: 'Bot',
        email: 'bot@spam.example',
        subject: 'crisis',
        message: 'buy',
        spam: 'honeypot',
        receivedAt: T0 + 2,
      }),
    );
    const names = async (q: string, status?: 'held' | 'new') =>
      (await inbox.list({ q, ...(status ? { status } : {}) })).rows.map((r) => r.name);
    expect(await names('priya')).toEqual(['Priya Raman']);
    expect(await names('PRIYA@studio.example')).toEqual(['Priya Raman']);
    expect(await names('studio')).toEqual(['Priya Raman']);
    expect(await names('diwali')).toEqual(['Priya Raman']);
    expect(await names('crisis')).toEqual(['Bot', 'Asha Verma', 'Priya Raman']);
    expect(await names('crisis', 'new')).toEqual(['Asha Verma', 'Priya Raman']);
    expect(await names('crisis march')).toEqual(['Asha Verma']);
    expect(await names('crisis nowhere')).toEqual([]);
    expect((await inbox.list({ q: 'crisis', pageSize: 1 })).total).toBe(3);
    expect((await inbox.list({ q: 'crisis' })).totalCapped).toBeUndefined();
    // A search's count stops past its limit and says so; the rows are still all there.
    const capped = await store.page({ terms: ['crisis'], offset: 0, limit: 10, countLimit: 2 });
    expect([capped.total, capped.capped, capped.rows.length]).toEqual([2, true, 3]);
    const exact = await store.page({ terms: ['crisis'], offset: 0, limit: 10, countLimit: 3 });
    expect([exact.total, exact.capped]).toEqual([3, false]);
    const beyond = await store.page({ terms: ['crisis'], offset: 2, limit: 10, countLimit: 1 });
    expect(beyond.rows.map((r) => r.name)).toEqual(['Priya Raman']);
  });

  it('hostile search text never raises and is read as plain words', async () => {
    const hostile = {
      name: '<script>alert(1)</script> ‮Eve',
      email: 'eve@example.com',
      subject: '"quoted" AND (NEAR) OR NOT col:umn* ^start',
      message: 'Zero\u200bwidth joiner\u200d, شكرا, שלום, नमस्ते and 🎉🎉 emoji 👩‍👩‍👧 done',
    };
    const id = await add(sub(hostile));
    await add(
      sub({
        name: 'Other',
        email: 'o@example.com',
        subject: 'x',
        message: 'y',
        receivedAt: T0 + 1,
      }),
    );
    const queries = [
      '"',
      '""',
      '"unbalanced',
      "'",
      '*',
      'NEAR(a b)',
      'a AND',
      'OR',
      'NOT x',
      '^',
      'col:umn',
      '(',
      ')',
      '-',
      '+',
      '{',
      '}',
      '[]',
      ':',
      '\\',
      '%',
      '_',
      '\u0000',
      '\u202e',
      '\u200b',
      '🎉',
      '👩‍👩‍👧',
      '<script>',
      "'; DROP TABLE submissions; --",
      'a'.repeat(5000),
      Array.from({ length: 200 }, (_, i) => `w${i}`).join(' '),
    ];
    for (const q of queries) {
      await expect(inbox.list({ q }), JSON.stringify(q.slice(0, 20))).resolves.toBeDefined();
      await expect(inbox.export('csv', { q })).resolves.toBeDefined();
    }
    const found = async (q: string) => (await inbox.list({ q })).rows.map((r) => r.id);
    for (const q of [
      '"quoted"',
      'quoted',
      'NEAR',
      'AND',
      'script',
      '<script>alert(1)</script>',
      'שלום',
      'नमस्ते',
      'شكرا',
      'col:umn*',
      '(NEAR)',
    ]) {
      expect(await found(q), q).toEqual([id]);
    }
    // Symbols alone are no words: the list is not filtered.
    expect(await found('*')).toHaveLength(2);
    expect(await found('🎉')).toHaveLength(2);
    const row = (await inbox.get(id))!;
    expect(row.name).toBe(hostile.name);
    expect(row.message).toBe(hostile.message);
  });

  it('erase leaves tombstones only and the search index forgets the words', async () => {
    const a = await add(
      sub({
        email: 'Zed@Example.com',
        name: 'Zedekiah Quorn',
        subject: 'Xylograph',
        message: 'Vexillology quixotic',
      }),
    );
    const b = await add(
      sub({
        email: 'zed@example.com',
        spam: 'bad-token',
        name: 'Zedekiah Quorn',
        receivedAt: T0 + 1,
      }),
    );
    const keep = await add(sub({ email: 'keep@example.com', receivedAt: T0 + 2 }));
    await store.enqueueInvite(
      { to: 'ZED@example.com', link: 'https://x.example/i/secret-link', expiresAt: clock + 1 },
      clock,
    );
    await store.enqueueInvite(
      { to: 'keep@example.com', link: 'https://x.example/i/other', expiresAt: clock + 1 },
      clock,
    );
    // The erasure's confirmation counts them first, whatever the case, held ones too.
    expect(await inbox.countByEmail(' ZED@example.com ')).toBe(2);
    expect(await inbox.countByEmail('nobody@example.com')).toBe(0);
    expect(await inbox.erase(' zed@EXAMPLE.com ')).toBe(2);
    expect(await inbox.countByEmail('zed@example.com')).toBe(0);
    expect(await inbox.erase('zed@example.com')).toBe(0);
    expect(await inbox.erase('')).toBe(0);
    for (const id of [a, b]) {
      const t = await inbox.get(id);
      expect(t).toEqual({
        id,
        receivedAt: expect.any(Number),
        status: 'erased',
        name: '',
        email: '',
        subject: '',
        excerpt: '',
        message: '',
        userAgent: '',
        privacyNoticeVersion: '',
        spamReason: null,
        handledAt: null,
        releasedAt: null,
        delivery: 'none',
        deliveries: [],
      });
    }
    expect((await inbox.list({ status: 'erased' })).total).toBe(2);
    for (const q of ['zedekiah', 'quorn', 'xylograph', 'vexillology', 'zed@example.com']) {
      expect((await inbox.list({ q })).total, q).toBe(0);
    }
    expect((await inbox.get(keep))?.deliveries).toHaveLength(3);
    const invites = await store.claimDue(clock, 60_000, 10, 'email');
    expect(
      invites.filter((j) => j.kind === 'invite').map((j) => j.kind === 'invite' && j.invite.to),
    ).toEqual(['keep@example.com']);

    // Nothing of the erased text is left in the database's files or rows.
    if (kind === 'sqlite') {
      await store.close();
      for (const file of [backend.location(), `${backend.location()}-wal`]) {
        let bytes = '';
        try {
          bytes = readFileSync(file).toString('latin1').toLowerCase();
        } catch {
          continue;
        }
        for (const word of ['zedekiah', 'xylograph', 'vexillology', 'secret-link']) {
          expect(bytes.includes(word), `${word} in ${file}`).toBe(false);
        }
      }
      store = new SqliteStore(backend.location());
    } else {
      const c = new pg.Client({ connectionString: backend.location() });
      await c.connect();
      const { rows } = await c.query(
        `SELECT count(*)::int AS n FROM submissions WHERE search @@ plainto_tsquery('simple', 'zedekiah')
           OR name ILIKE '%zedekiah%'`,
      );
      await c.end();
      expect(rows[0]).toEqual({ n: 0 });
    }
  });

  it('health: backlog and last failure per channel, the oldest undelivered enquiry', async () => {
    const empty = await inbox.health();
    expect(empty).toEqual({
      backlog: 0,
      oldestUndeliveredAt: null,
      channels: ALL.map((channel) => ({
        channel,
        configured: true,
        backlog: 0,
        lastFailureAt: null,
        lastError: null,
      })),
    });
    await add(sub({ receivedAt: T0 - 5000 }));
    await add(sub({ receivedAt: T0 }));
    const [job] = await store.claimDue(T0, 60_000, 1, 'webhook');
    await store.markFailed(job!.outboxId, job!.claimToken, 'HTTP 502', T0 + 30_000, T0 + 7);
    for (const j of await store.claimDue(T0, 60_000, 10, 'email')) {
      await store.markSent(j.outboxId, j.claimToken, T0);
    }
    const h = await inbox.health();
    expect(h.backlog).toBe(4);
    expect(h.oldestUndeliveredAt).toBe(T0 - 5000);
    expect(h.channels).toEqual([
      { channel: 'email', configured: true, backlog: 0, lastFailureAt: null, lastError: null },
      { channel: 'slack', configured: true, backlog: 2, lastFailureAt: null, lastError: null },
      {
        channel: 'webhook',
        configured: true,
        backlog: 2,
        lastFailureAt: T0 + 7,
        lastError: 'HTTP 502',
      },
    ]);
    expect((await inbox.get(job!.kind === 'enquiry' ? job!.submission.id : ''))?.delivery).toBe(
      'failing',
    );
    const unconfigured = createInboxService({ store, channels: ['email'], configured: new Set() });
    expect((await unconfigured.health()).channels.every((c) => !c.configured)).toBe(true);
  });

  it('invite e-mails go through the e-mail channel; the link is cleared once sent', async () => {
    expect(
      await inbox.enqueueInviteEmail(
        'new.staff@agency.example',
        'https://site.example/staff/invite/abc',
        clock + 86_400_000,
      ),
    ).toBe(true);
    expect(kicks).toBe(1);
    const [job, ...rest] = await store.claimDue(clock, 60_000, 10, 'email');
    expect(rest).toHaveLength(0);
    expect(job).toMatchObject({
      kind: 'invite',
      channel: 'email',
      invite: {
        to: 'new.staff@agency.example',
        link: 'https://site.example/staff/invite/abc',
        expiresAt: clock + 86_400_000,
      },
    });
    expect(await store.markSent(job!.outboxId, job!.claimToken, clock)).toBe(true);
    expect((await inbox.health()).backlog).toBe(0);
    const noSmtp = createInboxService({
      store,
      channels: ['email'],
      configured: new Set(['slack']),
    });
    expect(await noSmtp.enqueueInviteEmail('x@agency.example', 'https://l', clock + 1)).toBe(false);
    expect(await store.claimDue(clock + 120_000, 60_000, 10, 'email')).toHaveLength(0);
  });

  it('export: every status with its column, CSV cells that start a formula neutralised', async () => {
    const cells = [
      '=HYPERLINK("http://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTAB',
      '\rCR',
    ];
    await add(sub({ name: cells[0]!, subject: cells[1]!, message: cells[2]!, receivedAt: T0 }));
    await add(
      sub({
        name: cells[3]!,
        subject: cells[4]!,
        message: cells[5]!,
        spam: 'honeypot',
        receivedAt: T0 + 1,
      }),
    );
    const csv = await inbox.export('csv', {});
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.filename).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = parseCsv(csv.body);
    expect(records[0]).toEqual([
      'id',
      'receivedAt',
      'name',
      'email',
      'subject',
      'message',
      'spam',
      'notification',
      'privacyNoticeVersion',
      'userAgent',
      'ipHash',
      'status',
      'originSource',
      'originCampaign',
      'originEntryPage',
      'originFormPage',
      'originViewsBefore',
    ]);
    const values = records.slice(1).flatMap((r) => r);
    for (const cell of cells) expect(values).toContain(`'${cell}`);
    for (const v of values) expect(v, JSON.stringify(v)).not.toMatch(/^[=+\-@\t\r]/);
    expect(records.slice(1).map((r) => r[11])).toEqual(['held', 'new']);
    const json = await inbox.export('json', { status: 'held' });
    expect(json.contentType).toBe('application/json; charset=utf-8');
    const rows = JSON.parse(json.body) as Array<Record<string, string>>;
    expect(rows.map((r) => [r['name'], r['status']])).toEqual([[cells[3], 'held']]);
    expect(JSON.parse((await inbox.export('json', { q: 'HYPERLINK' })).body)).toHaveLength(1);
  });

  it('rows stored before statuses existed migrate: genuine → new, spam → held, their e-mail rows kept', async () => {
    await store.close();
    const ham = newSubmission({ name: 'Old genuine', receivedAt: T0 });
    const spam = newSubmission({ name: 'Old spam', spam: 'too-fast', receivedAt: T0 + 1 });
    if (kind === 'sqlite') {
      const file = join(tempDir('inbox-v1'), 'e.sqlite');
      const db = new DatabaseSync(file);
      db.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
      );
      db.exec(firstStep(SQLITE_MIGRATIONS));
      db.prepare('INSERT INTO schema_migrations VALUES (1, 0)').run();
      for (const s of [ham, spam]) {
        db.prepare(`INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
          s.id,
          s.name,
          s.email,
          s.subject,
          s.message,
          s.receivedAt,
          s.ipHash,
          s.userAgent,
          s.privacyNoticeVersion,
          s.spam,
          s.dedupeKey,
        );
      }
      db.prepare(
        "INSERT INTO outbox (id, submission_id, next_attempt_at, attempts, last_error) VALUES ('o1', ?, ?, 2, 'SMTP 451')",
      ).run(ham.id, T0);
      db.close();
      store = new SqliteStore(file);
    } else {
      const url = await createDatabase(inject('pgAdminUrl'));
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      await c.query(firstStep(PG_MIGRATIONS));
      await c.query('INSERT INTO schema_migrations (version) VALUES (1)');
      for (const s of [ham, spam]) {
        await c.query(
          'INSERT INTO submissions VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
          [
            s.id,
            s.name,
            s.email,
            s.subject,
            s.message,
            new Date(s.receivedAt),
            s.ipHash,
            s.userAgent,
            s.privacyNoticeVersion,
            s.spam,
            s.dedupeKey,
          ],
        );
      }
      await c.query(
        "INSERT INTO outbox (id, submission_id, next_attempt_at, attempts, last_error) VALUES ('o1', $1, $2, 2, 'SMTP 451')",
        [ham.id, T0],
      );
      await c.end();
      store = new PgStore(url);
    }
    await store.migrate();
    inbox = createInboxService({
      store,
      channels: ALL,
      configured: new Set(ALL),
      now: () => clock,
    });
    expect((await inbox.list({})).rows.map((r) => [r.name, r.status, r.delivery])).toEqual([
      ['Old spam', 'held', 'none'],
      ['Old genuine', 'new', 'failing'],
    ]);
    expect((await inbox.get(ham.id))?.deliveries).toEqual([
      { channel: 'email', state: 'failing', attempts: 2, lastError: 'SMTP 451', deliveredAt: null },
    ]);
    expect((await inbox.list({ q: 'genuine' })).rows.map((r) => r.id)).toEqual([ham.id]);
    const [job] = await store.claimDue(clock, 60_000, 10, 'email');
    expect(job).toMatchObject({ outboxId: 'o1', kind: 'enquiry', attempts: 2 });
    expect(await inbox.release(spam.id)).toBe('released');
  });
});

/** RFC 4180 records (quoted fields with doubled quotes, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}
