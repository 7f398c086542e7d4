/**
 * The staff inbox stays apart from the public app inside the one route tree (`eslint.config.js`,
 * docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md): the inbox may use the small ui
 * helpers, the site configuration, the load context and its own modules, never the public app's
 * routes, layout, components, widgets or entries; only its `.server.ts` modules reach the server's;
 * and no public module imports the inbox. Runs the project's own ESLint configuration on snippets.
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

describe('the staff inbox’s import boundary', () => {
  it.each([
    ["import routes from '../routes.ts';", 'src/staff/boundary-fixture.tsx'],
    ["import { Layout } from '../../root.tsx';", 'src/staff/routes/boundary-fixture.tsx'],
    ["import '../entry.client.tsx';", 'src/staff/boundary-fixture.tsx'],
    ["import SiteLayout from '../../routes/site.tsx';", 'src/staff/routes/boundary-fixture.tsx'],
    ["import { DocumentStyles } from '../../react/document.tsx';", 'src/staff/components/f.tsx'],
    ["import { carousel } from '../../lib/widgets/carousel.ts';", 'src/staff/components/f.tsx'],
    [
      "import { SiteHeader } from '../../components/layout/site-header.tsx';",
      'src/staff/routes/f.tsx',
    ],
    ["import { Section } from '../components/ui/section.tsx';", 'src/staff/boundary-fixture.tsx'],
    // Server-only modules of the inbox share no more of the public app than the rest of it.
    ["import SiteLayout from '../routes/site.tsx';", 'src/staff/boundary-fixture.server.ts'],
  ])('refuses `%s` in %s', async (code, file) => {
    expect(await restricted(code, file)).toEqual([
      expect.stringMatching(/shares no module of the public app/),
    ]);
  });

  it.each([
    ["import { cx } from '../../components/ui/cx.ts';", 'src/staff/routes/boundary-fixture.tsx'],
    ["import { Icon } from '../components/ui/icon.tsx';", 'src/staff/boundary-fixture.tsx'],
    ["import { site } from '../site.config.ts';", 'src/staff/boundary-fixture.tsx'],
    [
      "import { STAFF_BASE } from '../../lib/staff-paths.ts';",
      'src/staff/routes/boundary-fixture.tsx',
    ],
    // Its own components, one folder up from its routes: not the public ones of the same name.
    [
      "import { buttonClass } from '../components/ui.tsx';",
      'src/staff/routes/boundary-fixture.tsx',
    ],
    ["import { isEnquiryStatus } from '../../server/inbox/types.ts';", 'src/staff/routes/f.tsx'],
    [
      "import { staffContext } from '../server/staff/runtime.ts';",
      'src/staff/boundary-fixture.server.ts',
    ],
    ["import { audit } from '../server/staff/audit.ts';", 'src/staff/boundary-fixture.server.ts'],
  ])('allows `%s` in %s', async (code, file) => {
    expect(await restricted(code, file)).toEqual([]);
  });

  it('keeps the server out of the inbox’s modules that ship to the browser', async () => {
    expect(
      await restricted("import { audit } from '../server/staff/audit.ts';", 'src/staff/f.tsx'),
    ).toEqual([expect.stringMatching(/server-only/)]);
  });

  it.each([
    ["import { guard } from '../staff/session.server.ts';", 'src/routes/boundary-fixture.tsx'],
    ["import StaffLayout from './staff/layout.tsx';", 'src/root.tsx'],
    ["import { StatusBadge } from '../../staff/components/status.tsx';", 'src/components/ui/f.tsx'],
  ])('keeps the public app from importing the inbox: `%s` in %s', async (code, file) => {
    expect(await restricted(code, file)).toEqual([
      expect.stringMatching(/never imports the staff inbox/),
    ]);
  });
});
