#!/usr/bin/env node
/**
 * Restores the lock-file entries of platform-specific optional packages that this
 * workplace's npm registry mirror does not serve (for example
 * `@oxc-parser/binding-win32-x64-msvc` may answer 404 here).
 *
 * Why: `npm install` skips an optional dependency it cannot fetch and leaves it out of
 * `package-lock.json`; `npm ci` then refuses the lock file as "not in sync"
 * ("Missing: <name>@ from lock file"). A stub entry with the package's exact version and
 * its `os` / `cpu` / `libc` fields makes the lock complete: `npm ci` sees the package is
 * for another platform and skips it without fetching anything.
 *
 * Usage: `node scripts/lock-platform-stubs.mjs` after any `npm install` that changed the
 * lock file. Idempotent; prints the entries it added. Exits 1 if package-lock.json is
 * missing or unreadable.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const OS = ['android', 'darwin', 'linux', 'freebsd', 'win32', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'];

/**
 * Platform fields from a package name such as `oxide-linux-arm64-musl`.
 * @param {string} name
 * @returns {{ os?: string[]; cpu?: string[]; libc?: string[] } | null} null when the name names no platform
 */
function platformOf(name) {
  const parts = (name.split('/').pop() ?? '').split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  if (!os && !cpu) return null;
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.some((p) => p.startsWith('gnu')) && os === 'linux'
      ? 'glibc'
      : undefined;
  return { ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }), ...(os && { os: [os] }) };
}

let lock;
try {
  lock = JSON.parse(readFileSync(LOCK, 'utf8'));
} catch (error) {
  console.error(`lock-platform-stubs: cannot read package-lock.json: ${String(error)}`);
  process.exit(1);
}

const added = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[top] = { version, ...platform, optional: true };
    added.push(`${dep}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} stub(s):\n  ${added.join('\n  ')}` : 'lock file complete',
);
