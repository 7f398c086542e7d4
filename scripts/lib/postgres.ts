/**
 * A throwaway PostgreSQL server for tests and benchmarks:
 * Debian's `postgresql` package (installed when missing: `scripts/lib/apt.ts`), run as the `postgres`
 * user in a temporary directory on a free loopback port, removed when stopped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall } from './apt.ts';
import { freePort } from './free-port.ts';

/** Re-exported for the suites that import it from here (pipeline, docker). */
export { freePort };

/** The folder of the PostgreSQL server and client programs, installing Debian's package if needed. */
export function pgBinDir(): string {
  const find = () =>
    existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
          .find((d) => existsSync(join(d, 'initdb')))
      : undefined;
  let dir = find();
  if (!dir) {
    aptInstall(['postgresql'], { tag: 'postgres' });
    dir = find();
  }
  if (!dir)
    throw new Error('PostgreSQL binaries not found after installing the postgresql package');
  return dir;
}

function uid(user: string): { uid: number; gid: number } {
  const out = execFileSync('id', ['-u', user]).toString().trim();
  const gid = execFileSync('id', ['-g', user]).toString().trim();
  return { uid: Number(out), gid: Number(gid) };
}

/** Start a throwaway PostgreSQL; returns its URL and a stop function. */
export async function startThrowawayPostgres(): Promise<{ url: string; stop: () => void }> {
  const bin = pgBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'pipeline-pg-'));
  chmodSync(dir, 0o700);
  const { uid: u, gid: g } = uid('postgres');
  chownSync(dir, u, g);
  const asPg = (cmd: string, args: string[]) => {
    const r = spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const data = join(dir, 'data');
  asPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  asPg('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      spawnSync('runuser', [
        '-u',
        'postgres',
        '--',
        join(bin, 'pg_ctl'),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
