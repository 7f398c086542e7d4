/**
 * Helpers of the container tests: run a container of the image under test on the host network
 * (these machines have no bridge) on a free port, wait for its health check, read its state.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../scripts/lib/postgres.ts';

/** The form secret every test container gets, so tests can sign form tokens. */
export const SECRET = 'container-test-secret-0123456789';

/** Runs `docker …`; returns stdout. @throws Error with stderr when it fails. */
export function docker(...args: string[]): string {
  const r = spawnSync('docker', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

/** Like {@link docker} but never throws: status, stdout and stderr. */
export function dockerRaw(...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync('docker', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export interface Container {
  name: string;
  port: number;
  url: string;
  /** Removes the container (and nothing else). */
  remove(): void;
}

/**
 * Starts a detached container of `image` on a free port.
 * @param env extra environment variables
 * @param flags extra `docker run` flags (volumes, `--read-only`…)
 */
export async function runContainer(
  image: string,
  env: Record<string, string> = {},
  flags: string[] = [],
): Promise<Container> {
  const port = await freePort();
  const metrics = await freePort();
  const name = `sv-test-${randomUUID().slice(0, 8)}`;
  const url = `http://127.0.0.1:${port}`;
  // SITE_URL is required in production; the container's own origin, as the tests call it.
  const vars = {
    PORT: String(port),
    METRICS_PORT: String(metrics),
    FORM_SECRET: SECRET,
    SITE_URL: url,
    ...env,
  };
  const args = [
    'run',
    '-d',
    '--name',
    name,
    '--network',
    'host',
    ...flags,
    ...Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
    image,
  ];
  try {
    docker(...args);
  } catch (error) {
    dockerRaw('rm', '-f', '-v', name); // created but not started: leave nothing behind
    throw error;
  }
  return {
    name,
    port,
    url,
    remove: () => void dockerRaw('rm', '-f', '-v', name),
  };
}

/** Docker's health status of a container (`starting`, `healthy`, `unhealthy`). */
export const health = (name: string): string =>
  docker('inspect', '--format', '{{.State.Health.Status}}', name);

/** Waits until the container's HEALTHCHECK reports healthy. @returns the ms it took. */
export async function waitHealthy(name: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = health(name);
    if (status === 'healthy') return Date.now() - started;
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `${name} is ${status} after ${timeoutMs} ms:\n${dockerRaw('logs', name).stderr}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the container has exited; returns its exit code. */
export async function waitExited(name: string, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [running, code] = docker(
      'inspect',
      '--format',
      '{{.State.Running}} {{.State.ExitCode}}',
      name,
    ).split(' ');
    if (running === 'false') return Number(code);
    if (Date.now() - started > timeoutMs) throw new Error(`${name} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
