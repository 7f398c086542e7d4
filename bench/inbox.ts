/**
 * `npm run bench:inbox`: server time of the staff inbox's list at scale. For each store —
 * SQLite (a file in a temporary folder) and PostgreSQL (a throwaway server,
 * `scripts/lib/postgres.ts`, or BENCH_DATABASE_URL) — it seeds 10,000 and then 100,000
 * enquiries (realistic names, addresses, subjects and 30–80 word messages; 15 % held, a few
 * erased; a delivery row per channel) and times `InboxService.list` for: the first page, a
 * status filter, a text search, and searches on a rare and on a common word. Prints p50, p99 and
 * the spread (min–max) in ms per query, plus how many rows each matched.
 *
 * Target (docs/development/benchmarks.md): p99 ≤ 50 ms at 100,000 on both stores.
 *
 * With `BENCH_BASELINE=<git ref>` that commit's store and `InboxService` run too, from its work
 * tree (`bench/lib/baseline-build.ts`), on the same seeded databases, its calls alternating
 * with the current code's run by run so both see the same machine; the table then shows both
 * builds and current p99 as a share of the baseline's (target: at most 110 %).
 *
 * Env: BENCH_SIZES (10000,100000), BENCH_RUNS (200 timed runs per query after 20 warm-up),
 * BENCH_STORES (sqlite,postgres), BENCH_DATABASE_URL (a PostgreSQL that allows CREATE DATABASE
 * instead of a throwaway one), BENCH_KEEP=1 (keep the SQLite files and print where, to look at
 * query plans with EXPLAIN QUERY PLAN).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { PgStore, SqliteStore } from '../src/server/enquiries/sql-store.ts';
import type { SubmissionStore } from '../src/server/enquiries/store.ts';
import { createInboxService } from '../src/server/inbox/service.ts';
import type {
  Channel,
  EnquiryStatus,
  InboxQuery,
  InboxService,
} from '../src/server/inbox/types.ts';
import { startThrowawayPostgres } from '../scripts/lib/postgres.ts';
import { checkoutBaseline } from './lib/baseline-build.ts';
import { fmt } from './lib/bench-stats.ts';
import { FIRST, LAST, prng, TOPICS } from './lib/seed-enquiries.ts';

const SIZES = (process.env['BENCH_SIZES'] ?? '10000,100000').split(',').map(Number);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const WARM_UP = 20;
const STORES = (process.env['BENCH_STORES'] ?? 'sqlite,postgres').split(',');
const KEEP = process.env['BENCH_KEEP'] === '1';
const BASELINE = process.env['BENCH_BASELINE'];
const CHANNELS: Channel[] = ['email', 'slack', 'webhook'];

/** The words whose frequency the searches rely on. */
const COMMON = 'campaign'; // in about half of the messages
const MEDIUM = 'launch'; // about 5 %
const RARE = 'zephyrine'; // about 0.1 %

const QUERIES: Array<[string, InboxQuery]> = [
  ['first page', {}],
  ['status held', { status: 'held' }],
  ['status handled, page 3', { status: 'handled', page: 3 }],
  [`search "${MEDIUM}"`, { q: MEDIUM }],
  [`search rare "${RARE}"`, { q: RARE }],
  [`search common "${COMMON}"`, { q: COMMON }],
  [`search "${COMMON} ${MEDIUM}" held`, { q: `${COMMON} ${MEDIUM}`, status: 'held' }],
];

const DOMAINS = [
  'gmail.example',
  'startup.example',
  'brand.example',
  'ngo.example',
  'corp.example',
];
/** A vocabulary of made-up words with a Zipf-like spread (word k drawn ∝ 1/k). */
const VOCABULARY = Array.from({ length: 4000 }, (_, k) => `w${k.toString(36)}x`);

interface Seeded {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: number;
  spam: string;
  status: EnquiryStatus;
}

function* enquiries(n: number): Generator<Seeded> {
  const rnd = prng(n);
  const zipf = () => VOCABULARY[Math.floor(VOCABULARY.length ** rnd()) - 1] ?? 'word';
  const start = Date.UTC(2025, 0, 1);
  const step = (365 * 86_400_000) / n;
  for (let i = 0; i < n; i++) {
    const first = FIRST[Math.floor(rnd() * FIRST.length)]!;
    const last = LAST[Math.floor(rnd() * LAST.length)]!;
    const words: string[] = [];
    const length = 30 + Math.floor(rnd() * 50);
    for (let w = 0; w < length; w++) words.push(zipf());
    if (rnd() < 0.5) words.splice(Math.floor(rnd() * words.length), 0, COMMON);
    if (rnd() < 0.05) words.splice(Math.floor(rnd() * words.length), 0, MEDIUM);
    if (rnd() < 0.001) words.splice(Math.floor(rnd() * words.length), 0, RARE);
    const r = rnd();
    const held = r < 0.15;
    const status: EnquiryStatus = held
      ? 'held'
      : r < 0.16
        ? 'erased'
        : r < 0.5
          ? 'handled'
          : r < 0.52
            ? 'released'
            : 'new';
    const erased = status === 'erased';
    yield {
      id: randomUUID(),
      name: erased ? '' : `${first} ${last}`,
      email: erased ? '' : `${first}.${last}${i}@${DOMAINS[i % DOMAINS.length]}`.toLowerCase(),
      subject: erased ? '' : `${TOPICS[Math.floor(rnd() * TOPICS.length)]} enquiry`,
      message: erased ? '' : words.join(' '),
      receivedAt: Math.floor(start + i * step + rnd() * step),
      spam: held ? 'honeypot' : erased ? '' : 'ham',
      status,
    };
  }
}

function seedSqlite(file: string, n: number): void {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA synchronous = OFF');
  // The store's own row key, as `SqliteStore` writes it: receipt ms × 1000 + arrival in that ms.
  const sub = db.prepare(
    `INSERT INTO submissions (seq, received_at, id, name, email, subject, message, ip_hash,
       user_agent, privacy_notice_version, spam, dedupe_key, status)
     VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, 'h', 'UA', 'v1', ?7, ?2, ?8)`,
  );
  let last = -1;
  let arrival = 0;
  const out = db.prepare(
    `INSERT INTO outbox (id, submission_id, channel, kind, created_at, next_attempt_at, attempts, sent_at)
     VALUES (?, ?, ?, 'enquiry', ?, ?, 1, ?)`,
  );
  db.exec('BEGIN');
  for (const e of enquiries(n)) {
    arrival = e.receivedAt === last ? arrival + 1 : 0;
    last = e.receivedAt;
    const seq = e.receivedAt * 1000 + arrival;
    sub.run(e.receivedAt, e.id, e.name, e.email, e.subject, e.message, e.spam, e.status, seq);
    if (e.status !== 'held' && e.status !== 'erased') {
      for (const c of CHANNELS)
        out.run(randomUUID(), e.id, c, e.receivedAt, e.receivedAt, e.receivedAt + 1000);
    }
  }
  db.exec('COMMIT');
  db.close();
}

async function seedPg(url: string, n: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const batch: Seeded[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const col = <K extends keyof Seeded>(k: K) => batch.map((e) => e[k]);
    await c.query(
      `INSERT INTO submissions (id, name, email, subject, message, received_at, ip_hash,
         user_agent, privacy_notice_version, spam, dedupe_key, status)
       SELECT id, name, email, subject, message, to_timestamp(at / 1000.0), 'h', 'UA', 'v1', spam,
              id, status
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[],
                   $7::text[], $8::text[]) AS t(id, name, email, subject, message, at, spam, status)`,
      [
        col('id'),
        col('name'),
        col('email'),
        col('subject'),
        col('message'),
        col('receivedAt'),
        col('spam'),
        col('status'),
      ],
    );
    const delivered = batch.filter((e) => e.status !== 'held' && e.status !== 'erased');
    for (const channel of CHANNELS) {
      await c.query(
        `INSERT INTO outbox (id, submission_id, channel, kind, created_at, next_attempt_at, attempts, sent_at)
         SELECT gen_random_uuid()::text, sid, $2, 'enquiry', at, at, 1, to_timestamp(at / 1000.0 + 1)
         FROM unnest($1::text[], $3::bigint[]) AS t(sid, at)`,
        [delivered.map((e) => e.id), channel, delivered.map((e) => e.receivedAt)],
      );
    }
    batch.length = 0;
  };
  for (const e of enquiries(n)) {
    batch.push(e);
    if (batch.length === 5000) await flush();
  }
  await flush();
  await c.query('VACUUM ANALYZE');
  await c.end();
}

/** One build's store and inbox on the seeded database. */
interface Build {
  label: string;
  open(where: string): Promise<{ store: SubmissionStore; inbox: InboxService }>;
}

type StoreClass = new (where: string) => SubmissionStore;

/** This checkout's store and inbox service, or a baseline's, loaded from its work tree. */
async function loadBuilds(): Promise<Build[]> {
  const current: Build = {
    label: 'current',
    open: (where) => {
      const store = where.startsWith('postgres') ? new PgStore(where) : new SqliteStore(where);
      return Promise.resolve({ store, inbox: inboxOf(store) });
    },
  };
  if (!BASELINE) return [current];
  const { sha, source } = checkoutBaseline(BASELINE);
  const from = async <T>(path: string, name: string) =>
    ((await import(join(source, path))) as Record<string, T>)[name] as T;
  const service = await from<typeof createInboxService>(
    'src/server/inbox/service.ts',
    'createInboxService',
  );
  const baseline: Build = {
    label: `baseline ${sha.slice(0, 7)}`,
    open: async (where) => {
      const pgStore = where.startsWith('postgres');
      const Store = await from<StoreClass>(
        `src/server/enquiries/${pgStore ? 'pg' : 'sqlite'}-store.ts`,
        pgStore ? 'PgStore' : 'SqliteStore',
      );
      const store = new Store(where);
      return {
        store,
        inbox: service({ store, channels: CHANNELS, configured: new Set(CHANNELS) }),
      };
    },
  };
  return [baseline, current];
}

const inboxOf = (store: SubmissionStore) =>
  createInboxService({ store, channels: CHANNELS, configured: new Set(CHANNELS) });

interface Row {
  store: string;
  enquiries: number;
  query: string;
  build: string;
  matched: string;
  p50: number;
  p99: number;
  min: number;
  max: number;
}

/**
 * Times every query on every build, the builds' calls alternating run by run so both see the
 * same machine; every build must match the same enquiries.
 */
async function measure(kind: string, where: string, n: number, builds: Build[]): Promise<Row[]> {
  const opened = await Promise.all(builds.map((b) => b.open(where)));
  const rows: Row[] = [];
  try {
    for (const [name, query] of QUERIES) {
      const matched = await Promise.all(
        opened.map(async ({ inbox }) => {
          const first = await inbox.list(query);
          return `${first.total}${first.totalCapped ? '+' : ''}`;
        }),
      );
      const samples = opened.map(() => [] as number[]);
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const order = i % 2 === 0 ? opened.keys() : [...opened.keys()].reverse();
        for (const b of order) {
          const t = performance.now();
          await opened[b]!.inbox.list(query);
          if (i >= WARM_UP) samples[b]!.push(performance.now() - t);
        }
      }
      builds.forEach((build, b) => {
        const sorted = samples[b]!.sort((x, y) => x - y);
        const at = (q: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
        const same = matched.every((m) => m === matched[0]) ? '' : ' (differs!)';
        rows.push({
          ...{ store: kind, enquiries: n, query: name, build: build.label },
          ...{ matched: `${matched[b]}${same}`, p50: at(0.5), p99: at(0.99) },
          ...{ min: sorted[0]!, max: sorted.at(-1)! },
        });
      });
    }
  } finally {
    await Promise.all(opened.map(({ store }) => store.close()));
  }
  return rows;
}

const builds = await loadBuilds();
const results: Row[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
try {
  for (const n of STORES.includes('sqlite') ? SIZES : []) {
    const file = join(dir, `inbox-${n}.sqlite`);
    const store = new SqliteStore(file);
    await store.migrate();
    await store.close();
    const t = performance.now();
    seedSqlite(file, n);
    console.error(`sqlite: seeded ${n} in ${Math.round(performance.now() - t)} ms`);
    results.push(...(await measure('sqlite', file, n, builds)));
  }
} finally {
  if (KEEP) console.error(`sqlite files kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

const usePg = STORES.includes('postgres');
const own =
  !usePg || process.env['BENCH_DATABASE_URL'] ? undefined : await startThrowawayPostgres();
try {
  const admin = process.env['BENCH_DATABASE_URL'] ?? own?.url ?? '';
  for (const n of usePg ? SIZES : []) {
    const name = `bench_inbox_${n}_${Date.now()}`;
    const a = new pg.Client({ connectionString: admin });
    await a.connect();
    await a.query(`CREATE DATABASE ${name}`);
    await a.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const store = new PgStore(u.toString());
    await store.migrate();
    await store.close();
    const t = performance.now();
    await seedPg(u.toString(), n);
    console.error(`postgres: seeded ${n} in ${Math.round(performance.now() - t)} ms`);
    results.push(...(await measure('postgres', u.toString(), n, builds)));
  }
} finally {
  own?.stop();
}

const ms = (x: number) => fmt(x, 2);
console.log(
  `\n${RUNS} timed runs per query and build after ${WARM_UP} warm-up` +
    (builds.length > 1 ? `, ${builds[0]?.label} → current alternating run by run` : '') +
    '; ms, min–max the spread\n',
);
const cells = (r: Row | undefined) =>
  r ? [ms(r.p50), ms(r.p99), `${ms(r.min)}–${ms(r.max)}`] : ['', '', ''];
console.log(
  builds.length > 1
    ? '| store | enquiries | query | matched | p50 | p99 | min–max | p99 ÷ baseline | target |\n|---|---|---|---|---|---|---|---|---|'
    : '| store | enquiries | query | matched | p50 | p99 | min–max | target |\n|---|---|---|---|---|---|---|---|',
);
const missed: string[] = [];
for (const r of results.filter((x) => x.build === 'current')) {
  const base = results.find(
    (b) => b !== r && b.store === r.store && b.enquiries === r.enquiries && b.query === r.query,
  );
  const share = base ? (100 * r.p99) / base.p99 : NaN;
  const met = r.p99 <= 50 && !(share > 110);
  if (r.enquiries >= 100_000 && !met) missed.push(`${r.store} ${r.query}`);
  const pair = (i: number) => (base ? `${cells(base)[i]} → ${cells(r)[i]}` : cells(r)[i]);
  console.log(
    `| ${r.store} | ${r.enquiries} | ${r.query} | ${r.matched} | ${pair(0)} | ${pair(1)} | ${pair(2)} | ` +
      (base ? `${fmt(share)} % | ` : '') +
      `${r.enquiries >= 100_000 ? (met ? 'met' : 'MISSED') : ''} |`,
  );
}
const checked = results.some((r) => r.enquiries >= 100_000);
console.log(
  !checked
    ? 'No run at 100,000 enquiries: no target checked.'
    : missed.length === 0
      ? `Target met: p99 ≤ 50 ms for every query at 100,000 enquiries on both stores${BASELINE ? ', and at most 10 % above the baseline' : ''}.`
      : `Target MISSED (p99 ≤ 50 ms${BASELINE ? ' and ≤ 110 % of the baseline' : ''}) for: ${missed.join('; ')}`,
);
