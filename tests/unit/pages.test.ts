/**
 * The page list (`src/pages.ts`) is the one source of the route table: each page's `module` is
 * the file its route imports, and the table serves exactly the listed pages plus the catch-all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, NOT_FOUND_PAGE, PAGES, ROUTE_IDS } from '../../src/pages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const routesSource = readFileSync(resolve(ROOT, 'src/routes.tsx'), 'utf8');

describe('the page list', () => {
  it('gives every page a unique id and path', () => {
    expect(new Set(ROUTE_IDS).size).toBe(ROUTE_IDS.length);
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const p of PAGES) expect(p.path, p.id).toMatch(/^\/([a-z0-9-]+)?$/);
  });

  it.each([...PAGES, NOT_FOUND_PAGE])('$id: the route imports the page module $module', (page) => {
    expect(existsSync(resolve(ROOT, page.module)), page.module).toBe(true);
    const key = /^[a-z]\w*$/.test(page.id) ? page.id : `'${page.id}'`;
    const entry = new RegExp(`^\\s*${key}: \\(\\) => import\\('\\./(.+?)'\\),$`, 'm').exec(
      routesSource,
    );
    expect(entry?.[1], `src/routes.tsx LAZY entry for ${page.id}`).toBe(
      page.module.replace(/^src\//, ''),
    );
  });

  it('the not-found path is no page, so the catch-all answers it', () => {
    expect(PAGES.map((p) => p.path)).not.toContain(NOT_FOUND_PAGE.path);
  });

  it('the navigation lists the pages with a label, in page order', () => {
    const labelled = PAGES.filter((p) => 'navLabel' in p);
    expect(NAV_ITEMS.map((n) => n.href)).toEqual(labelled.map((p) => p.path));
    expect(NAV_ITEMS[0]).toEqual({ label: 'Home', href: '/' });
  });
});
