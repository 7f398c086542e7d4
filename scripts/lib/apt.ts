/**
 * Installs Debian packages the tests and benches need on a fresh machine (Chromium, Prometheus,
 * PostgreSQL, Docker, nginx): `apt-get update`, then a non-interactive `apt-get install -y`,
 * only for the packages `dpkg -s` does not find installed; with `sudo -E` when not root and sudo
 * exists.
 *
 * The whole of it runs under one lock, `flock(1)` on {@link APT_LOCK}: `npm test` starts
 * `test:e2e` and `test:unit` together (scripts/test.ts), and on a fresh machine both install
 * something. apt's `DPkg::Lock::Timeout` makes an install wait for dpkg's lock, but
 * `apt-get update` fails at once on the lists lock another update holds ("Could not get lock
 * /var/lib/apt/lists/lock"). Under the lock the second caller finds the first's packages
 * installed and runs no apt at all when its own are among them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The lock file every install of this project's scripts takes (created by flock). */
export const APT_LOCK = '/tmp/story-voice-apt.lock';

/** How to install: `tag` prefixes the lines printed (`[tag] …`). */
export interface AptOptions {
  tag: string;
  /** Also install the packages' recommendations (apt's default); false adds `--no-install-recommends`. */
  recommends?: boolean;
}

/**
 * Installs whichever of `packages` are missing, printing apt's output on this terminal.
 * @returns 0 when every package is installed afterwards (or was already), otherwise the non-zero
 *   exit status of flock, apt-get or sudo (1 when none could be started)
 */
export function aptInstall(packages: string[], { tag, recommends = true }: AptOptions): number {
  const names = packages.join(' ');
  const install = [
    'apt-get -o DPkg::Lock::Timeout=600 update -q',
    `apt-get -o DPkg::Lock::Timeout=600 install -y -q${recommends ? '' : ' --no-install-recommends'} ${names}`,
  ].join(' && ');
  const script = `dpkg -s ${names} >/dev/null 2>&1 || { ${install}; }`;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !asRoot && existsSync('/usr/bin/sudo') ? ['sudo', '-E'] : [];
  const argv = [...sudo, 'flock', '-w', '900', APT_LOCK, 'sh', '-c', script];
  console.log(`[${tag}] installing from Debian when missing: ${names}`);
  const r = spawnSync(argv[0] ?? 'flock', argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) console.error(`[${tag}] installing ${names} failed (status ${r.status}).`);
  return r.status ?? 1;
}
