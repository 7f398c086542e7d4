/**
 * The import boundary in `eslint.config.js` holds: code under `src/` that Vite bundles may not
 * import server-only modules or Node built-ins, while the server and type-only imports may.
 * Runs the project's own ESLint configuration on small snippets.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Without type information: the boundary rule does not need it, and loading the whole TypeScript
// project for a few snippets takes most of a minute.
const eslint = new ESLint({
  cwd: resolve(import.meta.dirname, '../..'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

/** The `no-restricted-imports` messages ESLint reports for `code` placed at `filePath`. */
async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal)
    .map((m) => m.message);
}

// Where the snippets pretend to live (the files need not exist).
const COMPONENT = 'src/components/ui/boundary-fixture.ts';
const SERVER = 'src/server/boundary-fixture.ts';
const SSR_ENTRY = 'src/entry.server.tsx';

describe('import boundary', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';", 'node:fs'],
    ["import { join } from 'path';", 'path'],
    ["import { createHash } from 'crypto';", 'crypto'],
    ["import { seoRoutes } from '../../server/seo.ts';", 'server/'],
  ])('reports `%s` in bundled code', async (code, what) => {
    const messages = await restricted(`${code}\nexport const x = 1;\n`, COMPONENT);
    expect(messages, what).toHaveLength(1);
    expect(messages[0]).toMatch(/restricted/);
  });

  it('allows type-only imports and browser-safe modules in bundled code', async () => {
    const code = [
      "import type { Writable } from 'node:stream';",
      "import { site } from '../../site.config.ts';",
      'export const x = (w: Writable | null) => (w ? site.name : 0);',
      '',
    ].join('\n');
    expect(await restricted(code, COMPONENT)).toEqual([]);
  });

  it.each([
    ["import { UNSAFE_createRouter } from 'react-router';", COMPONENT],
    ["import { unstable_HistoryRouter as H } from 'react-router';", COMPONENT],
    ["import { unstable_useRoute } from 'react-router';", SSR_ENTRY],
    [
      "import { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE } from 'react';",
      SERVER,
    ],
    ["import { unstable_postpone } from 'react';", 'scripts/fixture.ts'],
  ])('reports `%s` (no private React or react-router API) in %s', async (code, file) => {
    const messages = await restricted(`${code}\nexport const x = 1;\n`, file);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Not a public API/);
  });

  it('keeps components from importing routes', async () => {
    const code = "import { action } from '../../routes/home.tsx';\nexport const x = action;\n";
    const messages = await restricted(code, COMPONENT);
    expect(messages).toEqual([expect.stringMatching(/must not import routes/)]);
    expect(await restricted(code.replace('../../routes/', './'), COMPONENT)).toEqual([]);
  });

  it.each([
    ["import handleRequest from '../entry.server.tsx';", SERVER],
    ["import '../../entry.client.tsx';", 'src/server/staff/boundary-fixture.ts'],
  ])('keeps the server from importing an entry: `%s` in %s', async (code, file) => {
    expect(await restricted(`${code}\nexport const x = 1;\n`, file)).toEqual([
      expect.stringMatching(/never import one/),
    ]);
  });

  it('lets the server import Node built-ins', async () => {
    const code = "import { join } from 'node:path';\nexport const x = join('a', 'b');\n";
    expect(await restricted(code, SERVER)).toEqual([]);
  });

  it('keeps the server entry away from the server modules but allows Node and react-dom/server', async () => {
    const bad = "import { seoRoutes } from './server/seo.ts';\nexport const x = seoRoutes;\n";
    expect(await restricted(bad, SSR_ENTRY)).toHaveLength(1);
    const good = [
      "import { PassThrough } from 'node:stream';",
      "import { renderToPipeableStream } from 'react-dom/server';",
      'export const x = [PassThrough, renderToPipeableStream];',
      '',
    ].join('\n');
    expect(await restricted(good, SSR_ENTRY)).toEqual([]);
  });
  it.each([
    ["import { freePort } from '../../scripts/lib/free-port.ts';", SERVER],
    ["import { fmt } from '../../../bench/lib/bench-stats.ts';", COMPONENT],
    ["import { startServer } from './tests/pipeline/support/helpers.ts';", 'server.ts'],
    ["import { seed } from '../../tests/support/seed.ts';", 'src/staff/boundary-fixture.server.ts'],
  ])('keeps the product from importing developer tooling: `%s` in %s', async (code, file) => {
    const messages = await restricted(`${code}\nexport const x = 1;\n`, file);
    expect(messages).toEqual([expect.stringMatching(/never import scripts\/, bench\/ or tests\//)]);
  });

  it.each([
    ["import { post } from '../tests/server/support/staff.ts';", 'bench/fixture.ts'],
    ["import { post } from '../../tests/server/support/staff.ts';", 'scripts/lib/fixture.ts'],
  ])('keeps benchmarks and scripts from importing tests: `%s` in %s', async (code, file) => {
    expect(await restricted(`${code}\nexport const x = 1;\n`, file)).toEqual([
      expect.stringMatching(/never import tests\//),
    ]);
    const shared = code.replace(/tests\/server\/support\/staff/, 'scripts/lib/free-port');
    expect(await restricted(`${shared}\nexport const x = 1;\n`, file)).toEqual([]);
  });
});
