/**
 * `npm run bench:enquiries`: builds the site into its own folder (.builds/bench), starts its
 * production server (the bundled `server/server.js`) on loopback with the rate limit raised, and
 * fires 10,000 valid, distinct submissions at 50 connections with autocannon — on the SQLite
 * default, then on a throwaway PostgreSQL (or BENCH_DATABASE_URL), each run on an empty database.
 * Each is the contact page's form posted without JavaScript to `/contact` (the route action): an
 * accepted one is answered 303 to the confirmation, in this build and in earlier ones alike, so
 * 303s count as accepted and anything else as refused. Prints accepted enquiries a second,
 * p50/p99 latency, the server's CPU ms per accepted enquiry and accepted answers vs stored rows
 * (they must be equal).
 * Target on the 2-core machine: ≥ 1000 submissions/s and p99 < 50 ms on SQLite.
 *
 * With `BENCH_BASELINE=<git ref>` that commit is built too (`bench/lib/baseline-build.ts`) and
 * served by its own bundle, in BENCH_ROUNDS rounds alternating with the current build, so both
 * see the same machine; it prints each build's median and spread (min–max) and current ÷
 * baseline. Target: current ≥ 90 % of the baseline's submissions a second on both stores.
 *
 * Env: BENCH_AMOUNT (10000), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3 with a baseline, else 1),
 * BENCH_STORES (sqlite,postgres), BENCH_SKIP_BUILD=1 (reuse the build), BENCH_DATABASE_URL (a
 * PostgreSQL that allows CREATE DATABASE, instead of a throwaway one).
 * Exits 1 when a run stored a different number of enquiries than it answered with success.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/lib/postgres.ts';
import { PgStore, SqliteStore } from '../src/server/enquiries/sql-store.ts';
import type { SubmissionStore } from '../src/server/enquiries/store.ts';
import { cpuMs } from './ssr.ts';
import { buildBaseline } from './lib/baseline-build.ts';
import { benchBuild, enquiryBody, FORM_POST, freePort, ROOT } from './lib/bench-server.ts';
import { fmt, median, spread } from './lib/bench-stats.ts';

const AMOUNT = Number(process.env['BENCH_AMOUNT'] ?? 10_000);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const BASELINE = process.env['BENCH_BASELINE'];
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? (BASELINE ? 3 : 1));
const STORES = (process.env['BENCH_STORES'] ?? 'sqlite,postgres').split(',');
const SECRET = 'bench-form-secret-0123456789';

interface Build {
  label: string;
  buildDir: string;
  serverScript: string;
}

interface Run {
  'subm/s': number;
  'p50 ms': number;
  'p99 ms': number;
  /** Server CPU (user + system) per accepted enquiry. */
  'CPU ms': number;
  /** Answers other than the 303 of an accepted post, errors and timeouts. */
  refused: number;
  equal: boolean;
}

let sent = 0;
function load(url: string, connections: number, amount: number) {
  return autocannon({
    url,
    connections,
    amount,
    requests: [
      {
        method: 'POST',
        path: FORM_POST,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
        setupRequest: (req: object) => ({ ...req, body: enquiryBody(`bench-${sent++}`) }),
      },
    ],
  });
}

/** One run of `build` on an empty database; `open` reads what it stored. */
async function run(
  build: Build,
  env: Record<string, string>,
  open: () => SubmissionStore,
): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [build.serverScript], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...{ NODE_ENV: 'production', BUILD_DIR: build.buildDir, LOG_LEVEL: 'warn' },
      ...{ DRAIN_GRACE_MS: '0', PORT: String(port), HOST: '127.0.0.1', SITE_URL: url },
      ...{ FORM_SECRET: SECRET, FORM_MIN_FILL_MS: '0', RATE_LIMIT_MAX: '100000000' },
      SMTP_URL: '',
      ...env,
    },
  });
  try {
    for (let i = 0; ; i++) {
      if (proc.exitCode !== null || i === 300) throw new Error(`${build.label} did not start`);
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Warm-up (JIT, connection pools) is not counted; its rows are subtracted below.
    const warm = await load(url, 10, 500);
    const cpu = cpuMs(proc.pid);
    const result = await load(url, CONNECTIONS, AMOUNT);
    const accepted = result.statusCodeStats['303']?.count ?? 0;
    const store = open();
    const rows = (await store.counts()).submissions - (warm.statusCodeStats['303']?.count ?? 0);
    await store.close();
    return {
      'subm/s': accepted / result.duration,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'CPU ms': (cpuMs(proc.pid) - cpu) / accepted,
      refused: result.requests.total - accepted + result.errors + result.timeouts,
      equal: rows === accepted,
    };
  } finally {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
}

/** A fresh database on the PostgreSQL at `admin`. */
async function createDatabase(admin: string): Promise<string> {
  const name = `bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

const current = benchBuild();
const builds: Build[] = [
  { label: 'current', buildDir: current, serverScript: join(current, 'server/server.js') },
];
if (BASELINE) {
  const b = buildBaseline(BASELINE);
  builds.unshift({ label: `baseline ${b.sha.slice(0, 7)}`, ...b });
}

const own =
  STORES.includes('postgres') && !process.env['BENCH_DATABASE_URL']
    ? await startThrowawayPostgres()
    : undefined;
const admin = process.env['BENCH_DATABASE_URL'] ?? own?.url ?? '';
const runs = new Map<string, Run[]>();
try {
  for (const store of STORES) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
        const dataDir = mkdtempSync(join(tmpdir(), 'bench-enquiries-'));
        const file = join(dataDir, 'enquiries.sqlite');
        const url = store === 'postgres' ? await createDatabase(admin) : '';
        const r = await run(build, { DATA_DIR: dataDir, DATABASE_URL: url }, () =>
          url ? new PgStore(url) : new SqliteStore(file),
        );
        rmSync(dataDir, { recursive: true, force: true });
        console.log(
          `${store} round ${round + 1} ${build.label}: ${fmt(r['subm/s'])} subm/s, ` +
            `p99 ${r['p99 ms']} ms, ${fmt(r['CPU ms'], 2)} CPU ms each`,
        );
        const key = `${store}|${build.label}`;
        runs.set(key, [...(runs.get(key) ?? []), r]);
      }
    }
  }
} finally {
  own?.stop();
}

console.log(
  `\n${AMOUNT} valid submissions a run, ${CONNECTIONS} connections, ${ROUNDS} run(s) per build ` +
    `and store, production server on loopback; median (min–max)\n`,
);
console.log(
  '| store | build | subm/s | p50 ms | p99 ms | CPU ms/subm | refused | rows = 303s | ÷ baseline subm/s (CPU) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
let ok = true;
let kept = true;
for (const store of STORES) {
  const base = BASELINE ? runs.get(`${store}|${builds[0]?.label}`) : undefined;
  for (const build of builds) {
    const rs = runs.get(`${store}|${build.label}`) ?? [];
    const col = (k: keyof Run) => rs.map((r) => Number(r[k]));
    const share =
      base && rs !== base
        ? (100 * median(col('subm/s'))) / median(base.map((r) => r['subm/s']))
        : NaN;
    const cpu = base ? (100 * median(col('CPU ms'))) / median(base.map((r) => r['CPU ms'])) : NaN;
    if (Number.isFinite(share) && share < 90) kept = false;
    if (!rs.every((r) => r.equal)) ok = false;
    console.log(
      `| ${store} | ${build.label} | ${spread(col('subm/s'))} | ${spread(col('p50 ms'))} | ` +
        `${spread(col('p99 ms'))} | ${spread(col('CPU ms'), 2)} | ${col('refused').reduce((a, b) => a + b, 0)} | ` +
        `${rs.every((r) => r.equal) ? 'yes' : 'NO'} | ${Number.isFinite(share) ? `${fmt(share)} % (${fmt(cpu)} %)` : ''} |`,
    );
  }
}
const sqlite = runs.get('sqlite|current') ?? [];
const fast =
  sqlite.length > 0 &&
  median(sqlite.map((r) => r['subm/s'])) >= 1000 &&
  median(sqlite.map((r) => r['p99 ms'])) < 50;
console.log(
  `\n${fast ? 'Target met' : 'Target NOT met'}: SQLite ≥ 1000 submissions/s with p99 < 50 ms` +
    (BASELINE
      ? `; ${kept ? 'met' : 'NOT met'}: current ≥ 90 % of the baseline's subm/s on every store`
      : '') +
    `; success answers ${ok ? '=' : '≠'} stored rows.`,
);
process.exitCode = ok ? 0 : 1;
