/**
 * The staff app stays apart from the public app (`eslint.config.js`,
 * docs/decisions/028-staff-app-apart-from-the-public-pages.md): it may use the small ui helpers,
 * the site configuration and its own modules, never the public entries, route table, layout or
 * document. Runs the project's own ESLint configuration on small snippets.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: resolve(import.meta.dirname, '../..'),
  overrideConfig: tseslint.configs.disableTypeChecked,
});

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const x = 1;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal)
    .map((m) => m.message);
}

describe('the staff app’s import boundary', () => {
  it.each([
    ["import { routes } from '../routes.tsx';", 'src/staff/boundary-fixture.tsx'],
    ["import { Layout } from '../../root.tsx';", 'src/staff/routes/boundary-fixture.tsx'],
    ["import { render } from '../entry-server.tsx';", 'src/staff/boundary-fixture.tsx'],
    ["import { DocumentProvider } from '../../app/document.tsx';", 'src/staff/components/f.tsx'],
    ["import { carousel } from '../../lib/widgets/carousel.ts';", 'src/staff/components/f.tsx'],
  ])('refuses `%s` in %s', async (code, file) => {
    expect(await restricted(code, file)).toEqual([
      expect.stringMatching(/shares no module of the public app/),
    ]);
  });

  it.each([
    ["import { routes } from './routes.tsx';", 'src/staff/entry-client.tsx'],
    ["import { cx } from '../../components/ui/cx.ts';", 'src/staff/routes/boundary-fixture.tsx'],
    ["import { site } from '../site.config.ts';", 'src/staff/boundary-fixture.tsx'],
    ["import { STAFF_BASE } from '../paths.ts';", 'src/staff/routes/boundary-fixture.tsx'],
  ])('allows `%s` in %s', async (code, file) => {
    expect(await restricted(code, file)).toEqual([]);
  });
});
