/**
 * `npm run bench:backup`: a backup of a large SQLite database taken while visitors post the contact
 * form (docs/decisions/035-backups-and-restore.md). Builds the site into its own folder
 * (.builds/bench), seeds a database with BENCH_SEED enquiries through the store's own write path,
 * starts the production server on it, and in BENCH_ROUNDS rounds fires BENCH_AMOUNT plain form
 * posts to `/contact` twice — once alone, once with `enquiries backup` (the build's bundled CLI, as
 * in the container) started 2 s in; every other round the other way round, so a machine that slows
 * down or speeds up weighs on both alike. An accepted post is answered 303.
 *
 * Prints per run the accepted posts a second overall and while the backup ran, p99, and the
 * backup's duration (the whole command, and the copy it reports) and size.
 *
 * Env: BENCH_SEED (100000), BENCH_AMOUNT (10000), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3),
 * BENCH_SKIP_BUILD=1 (reuse the build). Exits 1 when a backup fails.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SqliteStore } from '../src/server/enquiries/sql-store.ts';
import { benchBuild, enquiryBody, FORM_POST, startBenchServer } from './lib/bench-server.ts';
import { seedEnquiries } from './lib/seed-enquiries.ts';

const SEED = Number(process.env['BENCH_SEED'] ?? 100_000);
const AMOUNT = Number(process.env['BENCH_AMOUNT'] ?? 10_000);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/** When the backup starts after the load began, ms. */
const BACKUP_AFTER_MS = 2000;
const ACCEPTED = 303;

/** One `enquiries backup` while the load runs: when (ms, `performance.now()`), how long, how big. */
interface BackupRun {
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

interface Row {
  run: string;
  'subm/s': number;
  'subm/s during backup': number | string;
  'p99 ms': number;
  'backup ms (command)': number | string;
  'backup ms (copy)': number | string;
  'backup MB': number | string;
}

const buildDir = benchBuild();
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
  const server = await startBenchServer(buildDir, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    FORM_MIN_FILL_MS: '0',
  });
  let n = 0;
  const load = (amount = AMOUNT) => {
    const acknowledged: number[] = [];
    const instance = autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      amount,
      requests: [
        {
          method: 'POST',
          path: FORM_POST,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: server.origin,
          },
          setupRequest: (req: object) => ({ ...req, body: enquiryBody(`backup-bench-${n++}`) }),
        },
      ],
    });
    instance.on('response', (_client, status) => {
      if (status === ACCEPTED) acknowledged.push(performance.now());
    });
    return { instance, acknowledged };
  };
  await load(500).instance; // warm-up (JIT, page cache), not counted
  const rows: Row[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
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
        'subm/s': Math.round(
          (result.statusCodeStats[String(ACCEPTED)]?.count ?? 0) / result.duration,
        ),
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
  await server.stop();
  console.log(
    `\nBackups of a ${SEED}-enquiry SQLite database under ${AMOUNT} form posts at ` +
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
