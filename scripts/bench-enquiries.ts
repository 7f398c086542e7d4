/**
 * `npm run bench:enquiries`: builds the site into its own
 * folder (.builds/bench), starts the production server (server.ts) on loopback with the rate
 * limit raised, and fires 10,000 valid, distinct submissions at 50 connections with autocannon —
 * first on the SQLite default, then on a throwaway PostgreSQL (or BENCH_DATABASE_URL). Prints
 * throughput, p50/p99 latency and success answers vs stored rows (they must be equal).
 * Target on the 2-core machine: ≥ 1000 submissions/s and p99 < 50 ms on SQLite.
 *
 * Env: BENCH_AMOUNT (10000), BENCH_CONNECTIONS (50), BENCH_SKIP_BUILD=1 (reuse the build),
 * BENCH_DATABASE_URL (use this PostgreSQL instead of starting one; it must allow CREATE DATABASE).
 *
 * BENCH_BACKUP=1 measures a backup under this load instead (SQLite only;
 * docs/decisions/035-backups-and-restore.md): the database is seeded with BENCH_SEED (100000)
 * enquiries, then BENCH_ROUNDS (3) rounds each fire BENCH_AMOUNT submissions twice — once alone,
 * once with `enquiries backup` (the build's bundled CLI, as in the container) started 2 s in;
 * every other round the other way round.
 * Prints per run the submissions/s overall and while the backup ran, p99, and the backup's
 * duration (the whole command, and the copy it reports) and size.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startThrowawayPostgres } from '../tests/support/postgres.ts';
import { PgStore } from '../src/server/enquiries/pg-store.ts';
import { SqliteStore } from '../src/server/enquiries/sqlite-store.ts';
import { benchBuild, freePort } from './lib/bench-server.ts';
import { seedEnquiries } from './lib/seed-enquiries.ts';

const root = resolve(import.meta.dirname, '..');
const AMOUNT = Number(process.env['BENCH_AMOUNT'] ?? 10_000);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const SECRET = 'bench-form-secret-0123456789';
const BACKUP = process.env['BENCH_BACKUP'] === '1';
const SEED = Number(process.env['BENCH_SEED'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/** When the backup starts after the load began, ms. */
const BACKUP_AFTER_MS = 2000;

async function startServer(
  buildDir: string,
  env: Record<string, string>,
): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [join(root, 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      LOG_LEVEL: 'warn',
      DRAIN_GRACE_MS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      FORM_SECRET: SECRET,
      FORM_MIN_FILL_MS: '0',
      RATE_LIMIT_MAX: '100000000',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, proc };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

interface BenchRow {
  store: string;
  requests: number;
  'subm/s': number;
  'p50 ms': number;
  'p99 ms': number;
  '2xx': number;
  'non-2xx': number;
  errors: number;
  'stored rows': number;
  equal: 'yes' | 'NO';
}

async function run(
  label: string,
  buildDir: string,
  env: Record<string, string>,
  countRows: () => Promise<number>,
): Promise<BenchRow> {
  const { url, proc } = await startServer(buildDir, env);
  let n = 0;
  // Warm-up (JIT, connection pools) is not counted; its rows are subtracted below.
  const warm = await autocannon({
    url,
    connections: 10,
    amount: 500,
    requests: [
      {
        method: 'POST',
        path: '/api/enquiries',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
        setupRequest: (req: object) => ({ ...req, body: body(`warm-${label}-${n++}`) }),
      },
    ],
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: AMOUNT,
    requests: [
      {
        method: 'POST',
        path: '/api/enquiries',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
        setupRequest: (req: object) => ({ ...req, body: body(`${label}-${n++}`) }),
      },
    ],
  });
  await new Promise((r) => {
    proc.once('exit', r);
    proc.kill('SIGTERM');
  });
  const rows = (await countRows()) - warm['2xx'];
  return {
    store: label,
    requests: result['2xx'] + result.non2xx + result.errors,
    'subm/s': Math.round((result['2xx'] / result.duration) * 10) / 10,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    '2xx': result['2xx'],
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
    'stored rows': rows,
    equal: rows === result['2xx'] ? 'yes' : 'NO',
  };
}

/** A distinct enquiry; no start cookie, which the time trap treats as a person (decision 009). */
function body(subject: string): string {
  return new URLSearchParams({
    name: 'Bench Visitor',
    email: 'bench@example.com',
    subject,
    message: `Benchmark enquiry ${subject}: we would like to discuss a product launch in March.`,
  }).toString();
}

/** One `enquiries backup` of `dataDir` while the load runs: when, how long, how big. */
interface BackupRun {
  /** `performance.now()` at spawn and at exit, ms. */
  start: number;
  end: number;
  /** What the command reports: the copy, checked and in place. */
  copyMs: number;
  bytes: number;
}

/** Runs the build's bundled CLI (as `docker exec … node dist/server/enquiries.js` would). */
function backupNow(buildDir: string, dataDir: string, to: string): Promise<BackupRun> {
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [join(buildDir, 'server/enquiries.js'), 'backup', '--to', to],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('close', (code) => {
      const end = performance.now();
      const m = /: (\d+) bytes in (\d+) ms/.exec(out);
      if (code !== 0 || !m) return reject(new Error(`backup failed (${code}): ${out}`));
      resolve({ start, end, bytes: Number(m[1]), copyMs: Number(m[2]) });
    });
  });
}

interface BackupBenchRow {
  run: string;
  'subm/s': number;
  'subm/s during backup': number | string;
  'p99 ms': number;
  'backup ms (command)': number | string;
  'backup ms (copy)': number | string;
  'backup MB': number | string;
}

/** `BENCH_BACKUP=1`: the bench's load with and without a backup running, alternately. */
async function backupBench(buildDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-backup-data-'));
  const backups = mkdtempSync(join(tmpdir(), 'bench-backups-'));
  const database = join(dataDir, 'enquiries.sqlite');
  try {
    const seeded = performance.now();
    const store = new SqliteStore(database, 'NORMAL');
    await store.migrate();
    await seedEnquiries(store, SEED);
    await store.close();
    console.log(
      `Seeded ${SEED} enquiries in ${Math.round(performance.now() - seeded)} ms ` +
        `(${(statSync(database).size / 1e6).toFixed(1)} MB).`,
    );
    const { url, proc } = await startServer(buildDir, { DATA_DIR: dataDir, DATABASE_URL: '' });
    let n = 0;
    const load = (amount = AMOUNT) => {
      const acknowledged: number[] = [];
      const instance = autocannon({
        url,
        connections: CONNECTIONS,
        amount,
        requests: [
          {
            method: 'POST',
            path: '/api/enquiries',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
            setupRequest: (req: object) => ({ ...req, body: body(`backup-bench-${n++}`) }),
          },
        ],
      });
      instance.on('response', (_client, status) => {
        if (status >= 200 && status < 300) acknowledged.push(performance.now());
      });
      return { instance, acknowledged };
    };
    await load(500).instance; // warm-up (JIT, page cache), not counted
    const rows: BackupBenchRow[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternating which comes first spreads a machine that slows down or speeds up over both.
      for (const withBackup of round % 2 === 1 ? [false, true] : [true, false]) {
        const { instance, acknowledged } = load();
        let backup: Promise<BackupRun> | undefined;
        const timer = withBackup
          ? setTimeout(() => {
              backup = backupNow(buildDir, dataDir, join(backups, `round-${round}.sqlite`));
            }, BACKUP_AFTER_MS)
          : undefined;
        const result = await instance;
        const loadEnded = performance.now();
        clearTimeout(timer);
        const b = await backup;
        // While both ran: a load that ended first leaves only its part of the window.
        const windowEnd = b ? Math.min(b.end, loadEnded) : 0;
        const during = b
          ? acknowledged.filter((t) => t >= b.start && t <= windowEnd).length /
            ((windowEnd - b.start) / 1000)
          : undefined;
        rows.push({
          run: `${round}${withBackup ? ' with backup' : ''}`,
          'subm/s': Math.round(result['2xx'] / result.duration),
          'subm/s during backup': during === undefined ? '' : Math.round(during),
          'p99 ms': result.latency.p99,
          'backup ms (command)': b ? Math.round(b.end - b.start) : '',
          'backup ms (copy)': b ? b.copyMs : '',
          'backup MB': b ? Math.round(b.bytes / 1e5) / 10 : '',
        });
        if (b && b.end > loadEnded) {
          console.log(
            `round ${round}: the load ended ${Math.round(b.end - loadEnded)} ms before the backup ` +
              '(its rate covers the overlap only); raise BENCH_AMOUNT',
          );
        }
      }
    }
    await new Promise((r) => {
      proc.once('exit', r);
      proc.kill('SIGTERM');
    });
    console.log(
      `\nBackups of a ${SEED}-enquiry SQLite database under ${AMOUNT} submissions at ` +
        `${CONNECTIONS} connections, production server on loopback\n`,
    );
    console.table(rows);
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const alone = mean(rows.filter((r) => !r.run.includes('backup')).map((r) => r['subm/s']));
    const during = mean(
      rows.flatMap((r) =>
        typeof r['subm/s during backup'] === 'number' ? [r['subm/s during backup']] : [],
      ),
    );
    console.log(
      `Throughput while a backup runs: ${Math.round(during)} submissions/s, ` +
        `${Math.round((during / alone) * 100)} % of ${Math.round(alone)} without one.`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  }
}

const outDir = benchBuild();
if (BACKUP) {
  await backupBench(outDir);
  process.exit(0);
}
const rows: BenchRow[] = [];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-enquiries-'));
rows.push(
  await run('sqlite', outDir, { DATA_DIR: dataDir, DATABASE_URL: '' }, async () => {
    const s = new SqliteStore(join(dataDir, 'enquiries.sqlite'));
    const c = await s.counts();
    await s.close();
    return c.submissions;
  }),
);
rmSync(dataDir, { recursive: true, force: true });

let pgServer: { url: string; stop: () => void } | undefined;
let adminUrl = process.env['BENCH_DATABASE_URL'];
if (!adminUrl) {
  pgServer = await startThrowawayPostgres();
  adminUrl = pgServer.url;
}
try {
  const dbName = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const pgDir = mkdtempSync(join(tmpdir(), 'bench-enquiries-pg-'));
  rows.push(
    await run('postgres', outDir, { DATA_DIR: pgDir, DATABASE_URL: dbUrl.toString() }, async () => {
      const s = new PgStore(dbUrl.toString());
      const c = await s.counts();
      await s.close();
      return c.submissions;
    }),
  );
  rmSync(pgDir, { recursive: true, force: true });
} finally {
  pgServer?.stop();
}

console.log(
  `\n${AMOUNT} valid submissions, ${CONNECTIONS} connections, production server on loopback\n`,
);
console.table(rows);
const sqlite = rows[0];
const ok =
  sqlite !== undefined &&
  sqlite['subm/s'] >= 1000 &&
  sqlite['p99 ms'] < 50 &&
  rows.every((r) => r.equal === 'yes');
console.log(
  ok
    ? 'Target met: SQLite ≥ 1000 submissions/s with p99 < 50 ms; success answers = stored rows.'
    : 'Target NOT met (SQLite ≥ 1000/s, p99 < 50 ms, answers = rows).',
);
process.exitCode = rows.every((r) => r.equal === 'yes') ? 0 : 1;
