/**
 * The page list (`src/pages.ts`) is the one source of the public route tree (`src/routes.ts`):
 * each page's `module` is its route module, and the site's layout serves exactly the listed pages
 * and item pages (`/showcase/<slug>`), those and the listings in a layout of their own, plus the
 * catch-all.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ITEM_PAGES,
  LISTING_PAGES,
  NAV_ITEMS,
  NOT_FOUND_PAGE,
  PAGES,
  ROUTE_IDS,
} from '../../src/pages.ts';
import routes from '../../src/routes.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const site = routes.find((route) => route.id === 'site');
/** The item pages' and listings' layout, which ships no framework script (`src/routes/release-pages.tsx`). */
const releasePages = site?.children?.find((child) => child.id === 'release-pages');

describe('the page list', () => {
  it('gives every page a unique id and path', () => {
    expect(new Set(ROUTE_IDS).size).toBe(ROUTE_IDS.length);
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const p of PAGES) expect(p.path, p.id).toMatch(/^\/([a-z0-9-]+)?$/);
  });

  it.each([...PAGES, NOT_FOUND_PAGE])('$id: its route is the page module $module', (page) => {
    expect(existsSync(resolve(ROOT, 'src', page.module)), page.module).toBe(true);
    const route = site?.children?.find((child) => child.id === page.id);
    expect(route?.file, `the route ${page.id} in src/routes.ts`).toBe(page.module);
  });

  it('the site layout serves exactly the pages, the item pages, the listings and the catch-all', () => {
    expect(site?.children?.map((child) => child.path ?? (child.index ? '/' : child.id))).toEqual([
      ...PAGES.map((p) => (p.path === '/' ? '/' : p.path.slice(1))),
      'release-pages',
      '*',
    ]);
    expect(releasePages?.children?.map((child) => child.path)).toEqual([
      ...ITEM_PAGES.map((p) => `${p.prefix.slice(1)}:slug`),
      ...LISTING_PAGES.map((p) => `${p.prefix.slice(1)}*`),
    ]);
  });

  it.each(ITEM_PAGES)('$id: its route is the item page module $module', (page) => {
    expect(existsSync(resolve(ROOT, 'src', page.module)), page.module).toBe(true);
    expect(releasePages?.children?.find((child) => child.id === page.id)?.file).toBe(page.module);
  });

  it.each(LISTING_PAGES)('$id: its route is the listing module $module', (page) => {
    expect(existsSync(resolve(ROOT, 'src', page.module)), page.module).toBe(true);
    expect(releasePages?.children?.find((child) => child.id === page.id)?.file).toBe(page.module);
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
