/**
 * Build the site for pipeline tests and the bench into `.builds/<name>` (never dist/).
 *
 * The build runs from a snapshot of the working tree in `.builds/<name>-src` so that a page
 * someone is editing at this moment cannot change under a running build. When the site pages
 * that host the form (`/contact`) do not exist yet, the snapshot gets a minimal on-demand stub
 * page so the no-JS path can still be exercised.
 *
 * Usage: `node tests/pipeline/support/build.mjs <name>` or `import { buildSite }`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const SKIP = new Set([
  'node_modules',
  '.builds',
  '.git',
  'dist',
  'data',
  'test-results',
  'playwright-report',
]);

const STUB = `---
import ContactForm from '../components/forms/ContactForm.astro';
export const prerender = false;
---
<html lang="en-IN"><head><meta charset="utf-8" /><title>Contact</title></head>
<body><main id="main"><h1>Contact</h1><ContactForm theme="dark" /></main></body></html>
`;

/**
 * @param {string} name build folder name under .builds
 * @returns {string} absolute output directory (ASTRO_OUT_DIR)
 */
export function buildSite(name) {
  const src = join(root, '.builds', `${name}-src`);
  const out = join(root, '.builds', name);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(src, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (!SKIP.has(entry)) cpSync(join(root, entry), join(src, entry), { recursive: true });
  }
  if (!existsSync(join(src, 'src/pages/contact.astro'))) {
    writeFileSync(join(src, 'src/pages/contact.astro'), STUB);
  }
  execFileSync(
    join(root, 'node_modules/.bin/node'),
    [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'],
    {
      cwd: src,
      env: { ...process.env, ASTRO_OUT_DIR: out },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(buildSite(process.argv[2] ?? 'pipeline'));
}
