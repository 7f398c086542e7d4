/**
 * Makes a Docker engine and a Node 24 base image available for the container tests and the
 * container bench, on machines like the ones this project is built on (docs/development/testing.md,
 * "What `npm test` runs"): a Docker client but no engine, no Docker Hub, no bridge network, no BuildKit.
 *
 * 1. When `docker info` answers, that engine is used as it is (and never stopped by us).
 * 2. Otherwise Debian's `docker.io` (and `debootstrap`) are installed when missing, and `dockerd`
 *    is started with no iptables and no bridge, on the overlay2 storage driver when the kernel
 *    has overlayfs, else (or when dockerd will not start on it) on vfs, which copies the whole
 *    file system for every build step; DOCKER_STORAGE_DRIVER picks one. {@link DockerEnv.stop}
 *    stops it again. Images are kept per storage driver: the first run on another one builds
 *    the stand-in again.
 * 3. The base image: when NODE_IMAGE names an image the engine has (or can pull), it is used.
 *    Otherwise a local stand-in for `node:24-bookworm-slim` is built once and reused between runs
 *    (tag {@link STAND_IN_TAG}): a Debian bookworm minbase root filesystem from debootstrap
 *    (cached as a tarball in {@link CACHE_DIR}), this project's Node 24 binary (the node@24
 *    devDependency), npm, a `node` user with uid 1000 and this machine's CA bundle
 *    (`NODE_EXTRA_CA_CERTS`) so `npm ci` inside a build reaches the registry.
 *
 * None of this is part of the product: the Dockerfile's default base is the official image, and
 * an operator on the open internet builds with plain `docker build .`.
 *
 * Usage: `node scripts/ensure-docker.ts` (prints the base image to use) or `import { ensureDocker }`.
 * @throws Error naming the step (install, dockerd, debootstrap, image build) that failed.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './lib/apt.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** Where the debootstrap tarball and dockerd's log are kept between runs. */
export const CACHE_DIR = process.env['DOCKER_CACHE_DIR'] ?? '/var/cache/story-voice-docker';
/** The official base the Dockerfile names by default. */
export const OFFICIAL_NODE_IMAGE = 'node:24-bookworm-slim';

const NODE_BINARY = join(ROOT, 'node_modules/node/bin/node');
const NODE_VERSION = spawnSync(NODE_BINARY, ['--version'], { encoding: 'utf8' }).stdout.trim();
/** Tag of the local stand-in (one per Node version, so an upgrade builds a new one). */
export const STAND_IN_TAG = `story-voice/node-standin:${NODE_VERSION.replace(/^v/, '') || 'unknown'}-bookworm`;

export interface DockerEnv {
  /** The image to pass as `--build-arg NODE_IMAGE=`. */
  nodeImage: string;
  /** True when this process started dockerd. */
  startedEngine: boolean;
  /** Process id of the dockerd this process started (undefined when it found one running). */
  pid?: number;
  /** Stops dockerd if this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

function log(message: string): void {
  process.stderr.write(`[ensure-docker] ${message}\n`);
}

/** Runs a command; returns its exit status and output. */
export function sh(
  cmd: string,
  args: string[],
  options: SpawnSyncOptions = {},
): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return {
    status: r.status ?? 1,
    stdout: String(r.stdout ?? ''),
    stderr: String(r.stderr ?? '') + (r.error ? String(r.error) : ''),
  };
}

/** Runs a command with its output on this terminal. @throws Error when it fails. */
function must(what: string, cmd: string, args: string[], options: SpawnSyncOptions = {}): void {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${what} failed (${cmd} exited ${r.status ?? r.signal})`);
}

const engineAnswers = (): boolean => sh('docker', ['info', '--format', '{{.ID}}']).status === 0;

/** @throws Error when the install fails. */
function mustInstall(packages: string[]): void {
  if (aptInstall(packages, { tag: 'ensure-docker' }) !== 0)
    throw new Error(`installing ${packages.join(', ')} failed`);
}

/**
 * The storage drivers to try, best first: overlay2 (layers shared, not copied) when the kernel
 * lists overlayfs in /proc/filesystems, then vfs, which works everywhere.
 */
function storageDrivers(): string[] {
  const chosen = process.env['DOCKER_STORAGE_DRIVER'];
  if (chosen) return [chosen];
  let filesystems = '';
  try {
    filesystems = readFileSync('/proc/filesystems', 'utf8');
  } catch {
    // not Linux, or no /proc: vfs only
  }
  return /\boverlay$/m.test(filesystems) ? ['overlay2', 'vfs'] : ['vfs'];
}

/**
 * Starts dockerd on the first storage driver it accepts and waits until it answers.
 * @returns its process id and a function that stops it
 * @throws Error when it starts on none of them
 */
async function startEngine(): Promise<{ pid: number | undefined; stop: () => Promise<void> }> {
  const drivers = storageDrivers();
  for (const [i, driver] of drivers.entries()) {
    try {
      return await startEngineWith(driver);
    } catch (error) {
      if (i === drivers.length - 1) throw error;
      log(`${error instanceof Error ? error.message : String(error)}; trying ${drivers[i + 1]}`);
    }
  }
  throw new Error('no storage driver to try');
}

async function startEngineWith(
  driver: string,
): Promise<{ pid: number | undefined; stop: () => Promise<void> }> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const out = openSync(join(CACHE_DIR, 'dockerd.log'), 'a');
  log(`starting dockerd (${driver} storage, no iptables, no bridge)`);
  const dockerd = spawn(
    'dockerd',
    ['--storage-driver', driver, '--iptables=false', '--bridge=none'],
    { stdio: ['ignore', out, out], detached: true },
  );
  dockerd.unref();
  const deadline = Date.now() + 60_000;
  while (!engineAnswers()) {
    if (dockerd.exitCode !== null) {
      throw new Error(
        `dockerd (${driver}) exited (${dockerd.exitCode}); see ${CACHE_DIR}/dockerd.log`,
      );
    }
    if (Date.now() > deadline) {
      dockerd.kill('SIGKILL');
      throw new Error(`dockerd (${driver}) did not answer within 60 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (dockerd.exitCode !== null) return;
    const exited = new Promise((r) => dockerd.once('exit', r));
    dockerd.kill('SIGTERM');
    // Wait up to 15 s, and clear the timer once dockerd has exited: a pending timer would keep
    // the caller (Vitest's main process, the bench) alive after its work is done.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
    clearTimeout(timer);
  };
  return { pid: dockerd.pid, stop };
}

const imageExists = (tag: string): boolean => sh('docker', ['image', 'inspect', tag]).status === 0;

/** Builds (once) the local stand-in for node:24-bookworm-slim; returns its tag. */
function buildStandIn(): string {
  if (imageExists(STAND_IN_TAG)) return STAND_IN_TAG;
  const minbase = 'story-voice/bookworm-minbase:v2';
  if (!imageExists(minbase)) {
    // v2: the root directory is 0755 (v1 tarballs kept mkdtemp's 0700 and locked out non-root users).
    const tarball = join(CACHE_DIR, 'bookworm-minbase-v2.tar');
    if (!existsSync(tarball)) {
      const rootfs = mkdtempSync(join(tmpdir(), 'bookworm-rootfs-'));
      must('debootstrap', 'debootstrap', ['--variant=minbase', 'bookworm', rootfs]);
      // mkdtemp made the directory 0700; as the image's `/` that would lock out every user but root.
      chmodSync(rootfs, 0o755);
      must('packing the root filesystem', 'tar', ['-C', rootfs, '-cf', `${tarball}.part`, '.']);
      must('moving the tarball', 'mv', [`${tarball}.part`, tarball]);
      rmSync(rootfs, { recursive: true, force: true });
    }
    must('docker import', 'sh', ['-c', `docker import "${tarball}" ${minbase}`]);
  }
  const context = mkdtempSync(join(tmpdir(), 'node-standin-'));
  try {
    cpSync(NODE_BINARY, join(context, 'node'));
    const npmDir = dirname(dirname(realNpmCli()));
    cpSync(npmDir, join(context, 'npm'), { recursive: true });
    cpSync('/etc/ssl/certs/ca-certificates.crt', join(context, 'ca-certificates.crt'));
    writeFileSync(
      join(context, 'Dockerfile'),
      [
        `FROM ${minbase}`,
        'COPY node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' +
          ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx' +
          " && echo 'node:x:1000:1000::/home/node:/bin/sh' >> /etc/passwd" +
          " && echo 'node:x:1000:' >> /etc/group" +
          ' && mkdir -p /home/node && chown 1000:1000 /home/node' +
          ' && node --version && npm --version',
        // An imported root filesystem has no image config: set PATH as the official image does.
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    must('building the Node stand-in image', 'docker', [
      'build',
      '--network',
      'host',
      '-t',
      STAND_IN_TAG,
      context,
    ]);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return STAND_IN_TAG;
}

/** The npm CLI this machine runs (its package directory is copied into the stand-in). */
function realNpmCli(): string {
  const candidates = [
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('npm not found to copy into the Node stand-in image');
  return found;
}

/** See the module comment. */
export async function ensureDocker(): Promise<DockerEnv> {
  let stop = async () => {};
  let startedEngine = false;
  let pid: number | undefined;
  if (!engineAnswers()) {
    if (sh('which', ['dockerd']).status !== 0 || sh('which', ['debootstrap']).status !== 0) {
      mustInstall(['docker.io', 'debootstrap']);
    }
    ({ pid, stop } = await startEngine());
    startedEngine = true;
  }
  try {
    const wanted = process.env['NODE_IMAGE'];
    let nodeImage: string;
    if (wanted && (imageExists(wanted) || sh('docker', ['pull', wanted]).status === 0)) {
      nodeImage = wanted;
    } else if (imageExists(OFFICIAL_NODE_IMAGE)) {
      nodeImage = OFFICIAL_NODE_IMAGE;
    } else {
      if (sh('which', ['debootstrap']).status !== 0) mustInstall(['debootstrap']);
      mkdirSync(CACHE_DIR, { recursive: true });
      nodeImage = buildStandIn();
    }
    log(`base image: ${nodeImage}`);
    return { nodeImage, startedEngine, ...(pid === undefined ? {} : { pid }), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = await ensureDocker();
  process.stdout.write(`${env.nodeImage}\n`);
  // Run as a command, the engine keeps running for the caller (stop it with `pkill dockerd`).
}
