/**
 * The staff pages' budget (docs/decisions/061-staff-pages-budget.md), on the production build of
 * this run: what `scripts/lib/route-bytes.ts` reads from React Router's manifest as a staff page's
 * first load is what the page's HTML names (its module preloads, inline imports and stylesheets)
 * plus the hydration chunk; every staff page's first load is within
 * {@link STAFF_PAGE_BUDGET_KIB} KiB of brotli, none holds Tiptap or ProseMirror code, and the
 * rich-text editor is an `import()` of the pages that draw the item form, within its own budget.
 * `npm run bench:staff` prints the same figures as a table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  firstLoad,
  HYDRATION_CHUNK,
  readRouterManifest,
  RICH_TEXT_EDITOR_BUDGET_KIB,
  RICH_TEXT_EDITOR_CHUNK,
  STAFF_PAGE_BUDGET_KIB,
  staffPageRoutes,
  type FirstLoad,
  type RouterManifest,
} from '../../scripts/lib/route-bytes.ts';
import { createStaffTestApp, type Signed, type StaffTestApp } from './support/staff-app.ts';

/** Strings of ProseMirror's and Tiptap's own code (tests/server/rich-text-editor-boundary.test.ts). */
const MARKERS = [/\bProseMirror\b/, /\btiptap\b/i];
/** The names of chunks in a module's code (its imports, the preload list of an `import()`). */
const CHUNK_NAMES = /["'`](?:\.\/|assets\/)[\w.-]+\.js["'`]/g;

/** The `/assets/` files a page's HTML names: module preloads, inline imports, stylesheets. */
function namedBy(html: string): Set<string> {
  const preloads = html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*>/g);
  const hrefs = [...preloads].map((m) => /href="(\/assets\/[^"]+)"/.exec(m[0])?.[1]);
  const imports = [...html.matchAll(/import \* as \w+ from "(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  return new Set([...hrefs, ...imports].filter((u): u is string => u !== undefined));
}

describe('the staff pages’ budget', () => {
  let t: StaffTestApp;
  let owner: Signed;
  let clientDir: string;
  let manifest: RouterManifest;
  const loads = new Map<string, FirstLoad>();

  beforeAll(async () => {
    clientDir = join(inject('buildDir'), 'client');
    manifest = readRouterManifest(clientDir);
    for (const id of staffPageRoutes(manifest)) {
      loads.set(id, await firstLoad(clientDir, manifest, id));
    }
    t = await createStaffTestApp();
    owner = await t.enrol(await t.invite());
  });
  afterAll(() => t?.close());

  it('finds every page route of src/staff/routes in the manifest', () => {
    expect([...loads.keys()].sort()).toEqual(
      [
        'account',
        'content-collection',
        'content-history',
        'content-index',
        'content-item',
        'content-media',
        'content-new',
        'content-previews',
        'content-publish',
        'delivery',
        'enquiry',
        'erase',
        'inbox',
        'invite',
        'not-found',
        'people',
        'sign-in',
        'statistics',
      ].map((name) => `staff/routes/${name}`),
    );
  });

  it('reads a first load as the page’s HTML names it, and the hydration chunk', async () => {
    const content = await t.content.read();
    const testimonial = content['testimonials.yaml'][0]!.id;
    const founder = content['founder.yaml'][0]!.id;
    const pages: Array<[path: string, routeId: string, signedIn: boolean]> = [
      ['/staff/sign-in', 'sign-in', false],
      ['/staff', 'inbox', true],
      ['/staff/delivery', 'delivery', true],
      ['/staff/statistics', 'statistics', true],
      ['/staff/account', 'account', true],
      ['/staff/people', 'people', true],
      ['/staff/content', 'content-index', true],
      ['/staff/content/testimonials', 'content-collection', true],
      ['/staff/content/testimonials/new', 'content-new', true],
      [`/staff/content/testimonials/items/${testimonial}`, 'content-item', true],
      [`/staff/content/founder/items/${founder}`, 'content-item', true],
      ['/staff/content/publish', 'content-publish', true],
      ['/staff/content/history', 'content-history', true],
      ['/staff/content/previews', 'content-previews', true],
      ['/staff/content/media', 'content-media', true],
    ];
    for (const [path, name, signedIn] of pages) {
      const res = await request(t.staffHttp)
        .get(path)
        .set('Cookie', signedIn ? owner.cookie : '');
      expect(res.status, path).toBe(200);
      const load = loads.get(`staff/routes/${name}`)!;
      const counted = [...load.js, ...load.css].map((f) => f.url);
      const named = namedBy(res.text);
      expect(
        [...named].filter((u) => !counted.includes(u)),
        `${path}: named, not counted`,
      ).toEqual([]);
      const unnamed = counted.filter((u) => !named.has(u));
      expect(unnamed, `${path}: counted, not named`).toHaveLength(1);
      expect(unnamed[0], path).toMatch(HYDRATION_CHUNK);
      expect(load.css.length, path).toBe(1);
    }
  });

  it(`keeps every staff page's first load within ${STAFF_PAGE_BUDGET_KIB} KiB of brotli, Tiptap out of it`, () => {
    for (const load of loads.values()) {
      expect(load.total.br, load.path).toBeLessThanOrEqual(STAFF_PAGE_BUDGET_KIB * 1024);
      // Brotli as served is smaller than gzip, which is smaller than the files.
      expect(load.total.br, load.path).toBeLessThan(load.total.gz);
      expect(load.total.gz, load.path).toBeLessThan(load.total.raw);
      for (const file of load.js) {
        // The chunk names an import() loads are not the editor's code.
        const code = readFileSync(join(clientDir, file.url), 'utf8').replace(CHUNK_NAMES, '');
        for (const marker of MARKERS) {
          expect(code, `${load.path}: ${file.url} holds ${marker}`).not.toMatch(marker);
        }
      }
    }
    const largest = Math.max(...[...loads.values()].map((l) => l.total.br));
    console.log(
      `largest staff first load: ${(largest / 1024).toFixed(1)} of ${STAFF_PAGE_BUDGET_KIB} KiB brotli`,
    );
  });

  it(`loads the rich-text editor with import() from the item form only, within ${RICH_TEXT_EDITOR_BUDGET_KIB} KiB`, () => {
    const importers = [...loads.values()]
      .filter((l) => l.lazy.some((lazy) => RICH_TEXT_EDITOR_CHUNK.test(lazy.url)))
      .map((l) => l.routeId)
      .sort();
    // The pages that import the item form (the history shows its side-by-side diff).
    expect(importers).toEqual([
      'staff/routes/content-history',
      'staff/routes/content-item',
      'staff/routes/content-new',
    ]);
    const editor = loads
      .get('staff/routes/content-item')!
      .lazy.find((l) => RICH_TEXT_EDITOR_CHUNK.test(l.url))!;
    const code = editor.files.map((f) => readFileSync(join(clientDir, f.url), 'utf8')).join('\n');
    for (const marker of MARKERS) expect(code).toMatch(marker);
    expect(editor.bytes.br).toBeLessThanOrEqual(RICH_TEXT_EDITOR_BUDGET_KIB * 1024);
    console.log(
      `rich-text editor, lazy: ${(editor.bytes.br / 1024).toFixed(1)} of ${RICH_TEXT_EDITOR_BUDGET_KIB} KiB brotli`,
    );
  });
});
