/**
 * The rich-text editor's code (Tiptap and ProseMirror, `src/staff/components/rich-text-editor.tsx`)
 * never reaches a public page (docs/decisions/052-rich-text-for-longer-texts.md): every script a
 * public page loads — its modulepreloads, its inline module imports, the modules route discovery
 * names for its paths, and everything those import, statically or lazily — is free of it. The
 * editor alone is bundled here to know what its code looks like and how large it is (printed).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { everyModuleFrom } from '../../scripts/lib/route-bytes.ts';
import { PAGES } from '../../src/pages.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Strings of ProseMirror's and Tiptap's own code, kept by minification (class names, messages). */
const MARKERS = [/\bProseMirror\b/, /\btiptap\b/i];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every `/assets/*.js` a page's HTML names (modulepreload links and inline imports). */
const scriptsOf = (html: string) =>
  new Set([...html.matchAll(/["(](\/assets\/[\w.-]+\.js)[")]/g)].map((m) => m[1]!));

describe('the rich-text editor stays off the public pages', () => {
  it('bundled alone, it is recognisable by its markers (its gzip size printed)', async () => {
    const out = (await build({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      build: {
        write: false,
        minify: true,
        lib: {
          entry: join(ROOT, 'src/staff/components/rich-text-editor.tsx'),
          formats: ['es'],
          fileName: 'editor',
        },
        // React is on every page already; what the editor adds is the rest.
        rollupOptions: { external: [/^react(?:-dom)?(?:\/|$)/] },
      },
    })) as Rolldown.RolldownOutput[];
    const chunks = out.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
    const code = chunks.map((c) => c.code).join('\n');
    for (const marker of MARKERS) expect(code).toMatch(marker);
    const raw = Buffer.byteLength(code);
    const gzip = chunks.reduce((n, c) => n + gzipSync(c.code, { level: 9 }).length, 0);
    console.log(
      `rich-text editor (Tiptap + ProseMirror, without React): ${(raw / 1024).toFixed(1)} KiB, ` +
        `${(gzip / 1024).toFixed(1)} KiB gzip`,
    );
    expect(gzip).toBeGreaterThan(20_000);
  });

  it('no public page loads or can discover a module holding its code', async () => {
    const clientDir = join(inject('buildDir'), 'client');
    const home = (await request(t.app).get('/')).text;
    const version = /"version": ?"([^"]+)"/.exec(home)?.[1] ?? '';
    const paths = [...PAGES.map((p) => p.path), '/contact?sent=1', '/no-such-page'];
    const discovered = await request(t.app).get(
      `/__manifest?${new URLSearchParams({ version, paths: paths.join(',') })}`,
    );
    expect(discovered.status).toBe(200);
    const named = JSON.stringify(discovered.body)
      .match(/\/assets\/[\w.-]+\.js/g)
      ?.filter(Boolean);
    const files = new Set(named);
    for (const path of paths) {
      const html = (await request(t.app).get(path)).text;
      for (const file of scriptsOf(html)) files.add(file);
    }
    const loaded = await everyModuleFrom(clientDir, files);
    // The pages' own code is in the set: the walk found their route modules and the framework.
    expect([...loaded].some((f) => /\/entry\.client-/.test(f))).toBe(true);
    expect([...loaded].some((f) => /\/showcase-/.test(f))).toBe(true);
    // …and the lazy imports: the hydration chunk the entry imports after the first paint.
    expect([...loaded].some((f) => /\/hydrate-/.test(f))).toBe(true);
    for (const file of loaded) {
      const code = readFileSync(join(clientDir, file), 'utf8');
      for (const marker of MARKERS) expect(code, `${file} holds ${marker}`).not.toMatch(marker);
    }
  });
});
