/**
 * The TLS + HTTP/2 reverse proxy of `npm run bench:pages`: Debian's nginx (`/usr/sbin/nginx`,
 * built with `http_ssl_module` and `http_v2_module`) in front of one bench server, with a
 * throwaway self-signed certificate made by `openssl` at run time. Its configuration is
 * `bench/lib/tls-proxy.nginx.conf`; this module fills it in, starts nginx in the foreground and
 * stops it.
 *
 * Both origins are `https://127.0.0.1:<port>`: an IP literal, so the `Strict-Transport-Security`
 * the site sends over TLS is ignored there (RFC 6797 §8.1, https://www.rfc-editor.org/rfc/rfc6797#section-8.1)
 * and never upgrades the plain `http://localhost` reading taken in the same browser. The browser
 * must be told to accept the certificate (Chromium: `--ignore-certificate-errors`).
 *
 * @throws Error when nginx or openssl is missing or fails, or the proxy does not answer in 10 s
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';

export const NGINX_PATH = '/usr/sbin/nginx';
const TEMPLATE = join(import.meta.dirname, 'tls-proxy.nginx.conf');

/** A running proxy. */
export interface TlsProxy {
  /** `https://127.0.0.1:<port>`: every response as the server sent it. */
  origin: string;
  /** The same, without `Cross-Origin-Opener-Policy` (docs/decisions/024-coop-navigation-commit-in-tbt.md). */
  withoutCoopOrigin: string;
  /** Stops nginx (SIGQUIT, a graceful stop) and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * Makes a self-signed P-256 certificate for 127.0.0.1 and localhost, valid one day, in `dir`
 * (`cert.pem`, `key.pem`), unless one is already there.
 * @returns the two paths
 */
export function throwawayCertificate(dir: string): { cert: string; key: string } {
  mkdirSync(dir, { recursive: true });
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (existsSync(cert) && existsSync(key)) return { cert, key };
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-nodes',
      '-days',
      '1',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr || r.error?.message}`);
  return { cert, key };
}

/** Resolves once `origin` answers a TLS request (any status). @throws Error after `ms`. */
async function waitForTls(origin: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request(`${origin}/readyz`, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(true);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`${origin} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts nginx in front of `target`.
 * @param target the bench server's origin, e.g. `http://localhost:4100`
 * @param dir a folder of the proxy's own (configuration, pid, error log); the certificate is made
 *   in its parent, shared by every proxy of the run
 */
export async function startTlsProxy(target: string, dir: string): Promise<TlsProxy> {
  mkdirSync(dir, { recursive: true });
  const { cert, key } = throwawayCertificate(join(dir, '..'));
  const [port, noCoopPort] = [await freePort(), await freePort()];
  const values: Record<string, string> = {
    DIR: dir,
    CERT: cert,
    KEY: key,
    UPSTREAM: new URL(target).host,
    PORT: String(port),
    NO_COOP_PORT: String(noCoopPort),
  };
  const config = readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE}: unknown placeholder ${name}`);
    return value;
  });
  const configPath = join(dir, 'nginx.conf');
  writeFileSync(configPath, config);
  const child = spawn(
    NGINX_PATH,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', configPath, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', reject);
    void exited.then(() => reject(new Error(`nginx exited; see ${join(dir, 'error.log')}`)));
  });
  const origin = `https://127.0.0.1:${port}`;
  try {
    await Promise.race([waitForTls(origin), failed]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  failed.catch(() => undefined);
  return {
    origin,
    withoutCoopOrigin: `https://127.0.0.1:${noCoopPort}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
