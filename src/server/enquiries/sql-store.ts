/** Exactly once: a claim stamps a random token and only its holder may mark the row sent. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { compiledOnce, type Compiled } from '../db/compiled.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import { hitLimit } from '../db/rate-limits.ts';
import type { Database, Db, Executor, InstantValue } from '../db/tables.ts';
import { openSqlite } from '../db/sqlite.ts';
import { CHANNELS, type Channel, type DeliveryState, type EnquiryStatus } from '../inbox/types.ts';
import { timeOrderedId } from './ids.ts';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS } from '../db/steps.ts';
import { FTS5, TSVECTOR, type SearchEngine } from './search.ts';
import type {
  DeliveryFigures,
  EnquiryRecord,
  HandledResult,
  InsertResult,
  InviteNotice,
  ListOptions,
  NewSubmission,
  Notice,
  OutboxJob,
  PageQuery,
  PageRow,
  RateLimitResult,
  ReleaseResult,
  SpamResult,
  StoreCounts,
  StoredOrigin,
  StoredSubmission,
  SubmissionStore,
} from './store.ts';

const SENT = ['s.id', 's.name', 's.email', 's.subject', 's.message', 's.receivedAt'] as const;
const NOTICE = [...SENT, 's.ipHash', 's.userAgent', 's.privacyNoticeVersion', 's.spam'] as const;
const RECORD = [...NOTICE, 's.status', 's.handledAt', 's.releasedAt'] as const;

const undelivered = sql<boolean>`sent_at IS NULL AND cancelled_at IS NULL`;
const unleased = (now: number) => sql<boolean>`(lease_until IS NULL OR lease_until <= ${now})`;
const held = (id: string, token: string) =>
  sql<boolean>`id = ${id} AND claim_token = ${token} AND sent_at IS NULL`;

/** Worst highest: MAX over an enquiry's rows is its delivery. */
const DELIVERIES = ['none', 'delivered', 'pending', 'failing'] as const;
const delivery = (rank: number | null) => DELIVERIES[rank ?? 0] ?? 'none';
const RANK: Record<DeliveryState, number> = { cancelled: 0, delivered: 1, pending: 2, failing: 3 };
const NOTIFICATION = { failing: 'failing', pending: 'pending', delivered: 'sent', none: 'none' };

const DELIVERY_RANK = sql`(SELECT MAX(CASE WHEN o.sent_at IS NOT NULL THEN 1
  WHEN o.cancelled_at IS NOT NULL THEN 0 WHEN o.attempts > 0 THEN 3 ELSE 2 END)
  FROM outbox o WHERE o.submission_id = s.id) AS delivery_rank`;
type Ranked = { deliveryRank: number | null };

function deliveryState(o: Selectable<Database['outbox']>): DeliveryState {
  if (o.sentAt !== null) return 'delivered';
  if (o.cancelledAt !== null) return 'cancelled';
  return o.attempts > 0 ? 'failing' : 'pending';
}

const CHANNEL_ORDER: Record<Channel, number> = { email: 0, slack: 1, webhook: 2 };

// The contact form's statements (docs/decisions/043-compiled-queries-on-the-hot-path.md).

const EARLIER = compiledOnce(
  (v: { dedupeKey: string; since: InstantValue }) => sql<{ id: string }>`SELECT id
    FROM submissions WHERE dedupe_key = ${v.dedupeKey} AND received_at >= ${v.since}
    ORDER BY received_at LIMIT 1`,
);

type SubmissionRow = Omit<NewSubmission, 'receivedAt'> & {
  at: InstantValue;
  ms: number;
  status: EnquiryStatus;
};

export class SqlStore implements SubmissionStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly #db: Db;
  readonly #k: Kysely<Database>;
  readonly #search: SearchEngine;
  readonly #insertSubmission: Compiled<SubmissionRow, unknown>;

  constructor(db: Db) {
    this.#db = db;
    this.#k = db.kysely;
    this.kind = db.kind;
    const search = db.kind === 'sqlite' ? FTS5 : TSVECTOR;
    this.#search = search;
    this.#insertSubmission = compiledOnce((v: SubmissionRow) => {
      const key = search.rowKey(v.ms);
      return sql`INSERT INTO submissions (id, name, email, subject, message, received_at, ip_hash,
          user_agent, privacy_notice_version, spam, dedupe_key, status${key.columns})
        VALUES (${v.id}, ${v.name}, ${v.email}, ${v.subject}, ${v.message}, ${v.at},
          ${v.ipHash}, ${v.userAgent}, ${v.privacyNoticeVersion}, ${v.spam},
          ${v.dedupeKey}, ${v.status}${key.values})`;
    });
  }

  migrate(): Promise<void> {
    return migrate(this.#db, this.kind === 'sqlite' ? SQLITE_MIGRATIONS : PG_MIGRATIONS);
  }

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.#k);
  }

  submit(
    sub: NewSubmission,
    limit: { key: string; max: number; windowMs: number },
    dedupeWindowMs: number,
    channels: readonly Channel[] = ['email'],
  ): Promise<{ rate: RateLimitResult; stored?: InsertResult }> {
    return this.#db.grouped(async (trx) => {
      const rate = await hitLimit(this.#k, limit, sub.receivedAt, trx);
      if (!rate.allowed) return { rate };
      return { rate, stored: await this.#insert(trx, sub, dedupeWindowMs, channels) };
    });
  }

  async #insert(
    trx: Transaction<Database>,
    sub: NewSubmission,
    dedupeWindowMs: number,
    channels: readonly Channel[],
  ): Promise<InsertResult> {
    await this.#db.lockKey(trx, sub.dedupeKey);
    const since = this.#db.instant(sub.receivedAt - dedupeWindowMs);
    const earlier = await EARLIER(this.#k, trx, { dedupeKey: sub.dedupeKey, since });
    if (earlier.rows[0]) return { id: earlier.rows[0].id, duplicate: true };
    const status = sub.spam === 'ham' ? 'new' : 'held';
    const at = this.#db.instant(sub.receivedAt);
    await this.#insertSubmission(this.#k, trx, { ...sub, at, ms: sub.receivedAt, status });
    if (status === 'new') await queueDeliveries(this.#k, trx, sub.id, channels, sub.receivedAt);
    return { id: sub.id, duplicate: false };
  }

  claimDue(now: number, leaseMs: number, limit: number, channel: Channel = 'email') {
    const claimToken = randomUUID();
    return this.#k.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('outbox')
        .select('id')
        .where('channel', '=', channel)
        .where(undelivered)
        .where('nextAttemptAt', '<=', now)
        .where(unleased(now))
        .orderBy('nextAttemptAt')
        .limit(limit);
      const claimed = await trx
        .updateTable('outbox')
        .set({ leaseUntil: now + leaseMs, claimToken })
        .where('id', 'in', this.#db.forUpdate(due, true))
        .returning(['id', 'channel', 'kind', 'payload', 'attempts', 'submissionId'])
        .execute();
      const notices = await trx
        .selectFrom('submissions as s')
        .innerJoin('outbox as o', 'o.submissionId', 's.id')
        .select(NOTICE)
        .where('o.claimToken', '=', claimToken)
        .execute();
      return claimed.map((c): OutboxJob => {
        const job = { outboxId: c.id, channel: c.channel, claimToken, attempts: c.attempts };
        if (c.kind === 'invite') {
          return { ...job, kind: 'invite', invite: JSON.parse(c.payload ?? '') as InviteNotice };
        }
        const submission = notices.find((n) => n.id === c.submissionId);
        if (!submission) throw new Error(`outbox row ${c.id} has no enquiry`);
        return { ...job, kind: 'enquiry', submission: submission as Notice };
      });
    });
  }

  async markSent(outboxId: string, claimToken: string, now: number): Promise<boolean> {
    const r = await this.#k
      .updateTable('outbox')
      .set((eb) => ({ sentAt: this.#db.instant(now), attempts: eb('attempts', '+', 1) }))
      .set({ leaseUntil: null, claimToken: null, lastError: null, payload: null })
      .where(held(outboxId, claimToken))
      .executeTakeFirst();
    return r.numUpdatedRows === 1n;
  }

  async markFailed(
    outboxId: string,
    claimToken: string,
    error: string,
    nextAttemptAt: number,
    now = Date.now(),
  ): Promise<void> {
    const lastError = error.slice(0, 200);
    await this.#k.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), lastError, nextAttemptAt }))
        .set({ leaseUntil: null, claimToken: null })
        .where(held(outboxId, claimToken))
        .returning('channel')
        .executeTakeFirst();
      if (!row) return;
      const failure = { lastFailureAt: this.#db.instant(now), lastError };
      await trx
        .insertInto('channelStatus')
        .values({ channel: row.channel, ...failure })
        .onConflict((oc) => oc.column('channel').doUpdateSet(failure))
        .execute();
    });
  }

  async markCancelled(outboxId: string, claimToken: string, reason: string, now: number) {
    await this.#k
      .updateTable('outbox')
      .set({ cancelledAt: this.#db.instant(now), lastError: reason.slice(0, 200), payload: null })
      .set({ leaseUntil: null, claimToken: null })
      .where(held(outboxId, claimToken))
      .execute();
  }

  async nextDueAt(channel?: Channel): Promise<number | null> {
    const r = await this.#k
      .selectFrom('outbox')
      .select(
        sql<number | null>`MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until
          ELSE next_attempt_at END)`.as('due'),
      )
      .where(undelivered)
      .$if(channel !== undefined, (qb) => qb.where('channel', '=', channel ?? 'email'))
      .executeTakeFirstOrThrow();
    return r.due;
  }

  async list(opts: ListOptions = {}): Promise<StoredSubmission[]> {
    const filter = { status: opts.status, terms: opts.terms, hideHeld: !opts.includeSpam };
    const { from, where, order } = this.#search.clauses(filter);
    const limit = opts.limit === undefined ? sql`` : sql`LIMIT ${opts.limit}`;
    const { rows } = await sql<Omit<StoredSubmission, 'notification'> & Ranked>`SELECT
        s.id, s.name, s.email, s.subject, s.message, s.received_at, s.ip_hash, s.user_agent,
        s.privacy_notice_version, s.spam, s.status, ${DELIVERY_RANK}
      FROM ${from} ${where} ORDER BY ${order} ${limit}`.execute(this.#k);
    return rows.map(({ deliveryRank: rank, ...r }) => ({
      ...r,
      notification: NOTIFICATION[delivery(rank)] as StoredSubmission['notification'],
    }));
  }

  async originsOf(ids: readonly string[]): Promise<Map<string, StoredOrigin>> {
    const found = new Map<string, StoredOrigin>();
    // In chunks: a statement's bound parameters are limited (SQLite's default is 32,766).
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.#k
        .selectFrom('statEnquiryOrigins')
        .select([
          'submissionId',
          'entryRoute',
          'entryItem',
          'source',
          'utmCampaign',
          'formRoute',
          'viewsBefore',
        ])
        .where('submissionId', 'in', ids.slice(i, i + 500))
        .execute();
      for (const { submissionId, ...origin } of rows) {
        found.set(submissionId, { ...origin, viewsBefore: Number(origin.viewsBefore) });
      }
    }
    return found;
  }

  async page(query: PageQuery): Promise<{ rows: PageRow[]; total: number; capped: boolean }> {
    const { from, counted, where, order } = this.#search.clauses(query);
    const { countLimit } = query;
    // Counting stops past `countLimit`: an exact count of a common word reads every match.
    const cap = countLimit === undefined ? sql`` : sql`LIMIT ${countLimit + 1}`;
    const [count, page] = await Promise.all([
      sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${counted} ${where} ${cap}) t`.execute(this.#k),
      sql<Omit<PageRow, 'delivery'> & Ranked>`SELECT s.id, s.received_at, s.status, s.name,
          s.email, s.subject, s.message, ${DELIVERY_RANK}
        FROM ${from} ${where} ORDER BY ${order}
        LIMIT ${query.limit} OFFSET ${query.offset}`.execute(this.#k),
    ]);
    const n = count.rows[0]?.n ?? 0;
    const capped = countLimit !== undefined && n > countLimit;
    return {
      rows: page.rows.map(({ deliveryRank: rank, ...r }) => ({ ...r, delivery: delivery(rank) })),
      total: capped ? countLimit : n,
      capped,
    };
  }

  async get(id: string): Promise<EnquiryRecord | null> {
    const [r, outbox] = await Promise.all([
      this.#k
        .selectFrom('submissions as s')
        .select(RECORD)
        .where('s.id', '=', id)
        .executeTakeFirst(),
      this.#k.selectFrom('outbox').selectAll().where('submissionId', '=', id).execute(),
    ]);
    if (!r) return null;
    const deliveries = outbox
      .map((o) => ({
        channel: o.channel,
        state: deliveryState(o),
        attempts: o.attempts,
        lastError: o.lastError,
        deliveredAt: o.sentAt,
      }))
      .sort((a, b) => CHANNEL_ORDER[a.channel] - CHANNEL_ORDER[b.channel]);
    const { spam, ipHash: _ip, ...record } = r;
    return {
      ...record,
      spamReason: spam === 'ham' || spam === '' ? null : spam,
      delivery: delivery(Math.max(0, ...deliveries.map((d) => RANK[d.state]))),
      deliveries,
    };
  }

  async #move(
    trx: Transaction<Database>,
    id: string,
    from: readonly EnquiryStatus[],
    set: Updateable<Database['submissions']>,
  ): Promise<boolean> {
    const moved = trx.updateTable('submissions').set(set).where('id', '=', id);
    return (await moved.where('status', 'in', from).executeTakeFirst()).numUpdatedRows === 1n;
  }

  setHandled(id: string, handled: boolean, now: number): Promise<HandledResult> {
    const [from, set] = handled
      ? ([['new', 'released'], { status: 'handled', handledAt: this.#db.instant(now) }] as const)
      : ([['handled'], { status: 'new', handledAt: null }] as const);
    return this.#k.transaction().execute(async (trx): Promise<HandledResult> => {
      if (await this.#move(trx, id, from, set)) return 'ok';
      const status = await statusOf(trx, id);
      if (status === null) return 'not-found';
      return (handled ? ['handled'] : ['new', 'released']).includes(status) ? 'ok' : 'invalid';
    });
  }

  release(id: string, channels: readonly Channel[], now: number): Promise<ReleaseResult> {
    const set = { status: 'released', releasedAt: this.#db.instant(now) } as const;
    return this.#k.transaction().execute(async (trx): Promise<ReleaseResult> => {
      // On PostgreSQL the row lock makes a concurrent release wait here, then find it released.
      if (!(await this.#move(trx, id, ['held'], set))) {
        return (await statusOf(trx, id)) === null ? 'not-found' : 'not-held';
      }
      await queueDeliveries(this.#k, trx, id, channels, now);
      return 'released';
    });
  }

  markSpam(id: string, now: number): Promise<SpamResult> {
    const set = { status: 'held', spam: 'staff' } as const;
    return this.#k.transaction().execute(async (trx): Promise<SpamResult> => {
      if (!(await this.#move(trx, id, ['new', 'handled', 'released'], set))) {
        const status = await statusOf(trx, id);
        return status === null ? 'not-found' : status === 'held' ? 'already' : 'invalid';
      }
      const cancelled = trx.updateTable('outbox').set({ cancelledAt: this.#db.instant(now) });
      await cancelled.where('submissionId', '=', id).where(undelivered).execute();
      return 'ok';
    });
  }

  async enqueueInvite(invite: InviteNotice, now: number): Promise<void> {
    const payload = JSON.stringify(invite);
    const row = { id: timeOrderedId(now), submissionId: null, recipient: invite.to, payload };
    await this.#k
      .insertInto('outbox')
      .values({ ...row, channel: 'email', kind: 'invite', createdAt: now, nextAttemptAt: now })
      .execute();
  }

  async deliveryFigures(): Promise<DeliveryFigures> {
    const [queued, failures, oldest] = await Promise.all([
      this.#k
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('backlog'), eb.fn.min('createdAt').as('at')])
        .select('channel')
        .where(undelivered)
        .groupBy('channel')
        .execute(),
      this.#k.selectFrom('channelStatus').selectAll().execute(),
      // timestamptz and BIGINT ms on PostgreSQL: compared once read.
      sql<{ enquiry: number | null; invite: number | null }>`SELECT
          (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
            WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL) AS enquiry,
          (SELECT MIN(created_at) FROM outbox WHERE kind = 'invite' AND ${undelivered}) AS invite`
        .execute(this.#k)
        .then((r) => [r.rows[0]?.enquiry ?? null, r.rows[0]?.invite ?? null]),
    ]);
    const times = oldest.filter((t) => t !== null);
    const channels = CHANNELS.map((channel) => {
      const q = queued.find((r) => r.channel === channel);
      const { lastFailureAt = null, lastError = null } =
        failures.find((r) => r.channel === channel) ?? {};
      return {
        channel,
        backlog: q?.backlog ?? 0,
        oldestQueuedAt: q?.at ?? null,
        lastFailureAt,
        lastError,
      };
    });
    return { channels, oldestUndeliveredAt: times.length > 0 ? Math.min(...times) : null };
  }

  eraseByEmail(email: string): Promise<number> {
    const address = email.trim();
    const theirs = (column: 'email' | 'recipient') =>
      sql<boolean>`lower(${sql.ref(column)}) = lower(${address})`;
    return this.#db.erasing(['submissions', 'outbox', 'stat_enquiry_origins'], async (trx) => {
      const enquiries = trx.selectFrom('submissions').select('id').where(theirs('email'));
      const kept = enquiries.where('status', '<>', 'erased');
      await trx.deleteFrom('outbox').where('submissionId', 'in', kept).execute();
      await trx.deleteFrom('statEnquiryOrigins').where('submissionId', 'in', enquiries).execute();
      const invites = trx.deleteFrom('outbox').where('recipient', 'is not', null);
      await invites.where(theirs('recipient')).execute();
      // SQLite: a trigger drops the old words from FTS; PostgreSQL's tsvector follows the text.
      const blank = { name: '', email: '', subject: '', message: '', ipHash: '', userAgent: '' };
      const r = await trx
        .updateTable('submissions')
        .set({ ...blank, privacyNoticeVersion: '', spam: '', dedupeKey: '', status: 'erased' })
        .set({ handledAt: null, releasedAt: null })
        .where(theirs('email'))
        .where('status', '<>', 'erased')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    });
  }

  purgeOlderThan(before: number): Promise<number> {
    const at = this.#db.instant(before);
    return this.#k.transaction().execute(async (trx) => {
      const old = trx.selectFrom('submissions').select('id').where('receivedAt', '<', at);
      await trx.deleteFrom('outbox').where('submissionId', 'in', old).execute();
      await trx.deleteFrom('statEnquiryOrigins').where('submissionId', 'in', old).execute();
      const invites = trx.deleteFrom('outbox').where('kind', '=', 'invite');
      await invites.where('createdAt', '<', before).execute();
      await trx.deleteFrom('rateLimits').where('windowStart', '<', before).execute();
      const r = await trx.deleteFrom('submissions').where('receivedAt', '<', at).executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  async retryFailed(now: number): Promise<number> {
    const r = await this.#k
      .updateTable('outbox')
      .set({ nextAttemptAt: now })
      .where(undelivered)
      .where('nextAttemptAt', '>', now)
      .where(unleased(now))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async counts(): Promise<StoreCounts> {
    const r = await sql<StoreCounts>`SELECT
        (SELECT COUNT(*) FROM submissions WHERE spam = 'ham') AS submissions,
        (SELECT COUNT(*) FROM submissions WHERE spam NOT IN ('ham', '')) AS spam,
        (SELECT COUNT(*) FROM outbox WHERE ${undelivered}) AS pending,
        (SELECT COUNT(*) FROM outbox WHERE sent_at IS NOT NULL) AS sent,
        (SELECT MIN(s.received_at) FROM outbox o JOIN submissions s ON s.id = o.submission_id
          WHERE o.sent_at IS NULL AND o.cancelled_at IS NULL) AS oldest_pending_at`.execute(
      this.#k,
    );
    return r.rows[0]!;
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

async function statusOf(db: Executor, id: string): Promise<string | null> {
  const r = db.selectFrom('submissions').select('status').where('id', '=', id);
  return (await r.executeTakeFirst())?.status ?? null;
}

/** One delivery row, or a cancelled one due again; a delivered one stays. */
const OUTBOX_ROW = compiledOnce(
  (v: { id: string; submissionId: string; channel: Channel; at: number }) => sql`INSERT INTO outbox
      (id, submission_id, channel, kind, created_at, next_attempt_at)
    VALUES (${v.id}, ${v.submissionId}, ${v.channel}, 'enquiry', ${v.at}, ${v.at})
    ON CONFLICT (submission_id, channel) DO UPDATE SET cancelled_at = NULL,
      created_at = excluded.created_at, next_attempt_at = excluded.next_attempt_at
    WHERE outbox.sent_at IS NULL`,
);

async function queueDeliveries(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  submissionId: string,
  channels: readonly Channel[],
  at: number,
): Promise<void> {
  for (const channel of channels) {
    await OUTBOX_ROW(db, trx, { id: timeOrderedId(), submissionId, channel, at });
  }
}

/** On node:sqlite; `synchronous` is `SQLITE_SYNCHRONOUS`. */
export class SqliteStore extends SqlStore {
  constructor(file: string, synchronous: 'FULL' | 'NORMAL' = 'FULL') {
    super(openSqlite(file, synchronous));
  }
}

/** On PostgreSQL, connecting lazily. */
export class PgStore extends SqlStore {
  constructor(connectionString: string, max = 10) {
    super(openPostgres(connectionString, max));
  }
}
