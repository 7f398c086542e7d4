/**
 * The render route over HTTP (docs/product.md#pages): every page answers 200 with a complete
 * server-rendered document, and any other path (including /privacy and /terms) answers 404 with
 * the not-found page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import postcss from 'postcss';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGES } from '../../src/pages.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('render route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(PAGES.map((p) => p.path))('%s answers 200 with a whole HTML document', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toMatch(/^<!DOCTYPE html><html lang="en-IN"/);
    expect(res.text).toMatch(/<\/html>$/);
    expect(res.text).toContain('<h1');
  });

  it.each(['/privacy', '/terms', '/no-such-page-7f3a'])(
    '%s answers 404 with the not-found page',
    async (path) => {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Oops! Page not found');
    },
  );

  it('no script is fetched before the first paint: one inline bootstrap preloads the page chunks after it', async () => {
    const res = await request(t.app).get('/about');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(res.text).not.toMatch(/<script[^>]+\bsrc=/);
    const bootstrap = [...res.text.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)]
      .map((m) => m[1] ?? '')
      .find((body) => body.includes('modulepreload'));
    expect(bootstrap).toContain('observe({type:"paint",buffered:true})');
    // It must parse: a `<` escaped outside a string literal would be a syntax error.
    expect(() => new Script(bootstrap ?? '')).not.toThrow();
    // A script element it creates (not `import()`): 'strict-dynamic' trusts only those.
    expect(bootstrap).toMatch(/s\.src="\/assets\/entry-client-[\w-]+\.js"/);
    expect(bootstrap).toMatch(/"\/assets\/about-[\w-]+\.js"/);
  });

  it.each(PAGES.map((p) => p.path))(
    '%s preloads the core of both faces its inline CSS uses, so no text shifts when they arrive',
    async (path) => {
      const res = await request(t.app).get(path);
      const head = res.text.slice(0, res.text.indexOf('</head>'));
      const inlineCss = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
        .map((m) => m[1])
        .join('');
      for (const face of ['fraunces', 'inter']) {
        const url = (part: string) =>
          new RegExp(`url\\((/assets/${face}[^)]*-${part}-[^)]*\\.woff2)\\)`).exec(inlineCss)?.[1];
        const preload = (href: string | undefined) =>
          new RegExp(`<link rel="preload" href="${href}"(?= )[^>]*\\bas="font"[^>]*/>`);
        expect(url('core'), `the inline CSS declares ${face}'s core`).toBeTruthy();
        expect(head).toMatch(preload(url('core')));
        // The rest of the face is declared but left to pages whose text needs it.
        expect(url('extended'), `the inline CSS declares the rest of ${face}`).toBeTruthy();
        expect(head).not.toMatch(preload(url('extended')));
        // The files are served.
        expect((await request(t.app).get(url('core') ?? '')).status).toBe(200);
        expect((await request(t.app).get(url('extended') ?? '')).status).toBe(200);
      }
    },
  );

  /** Class attributes as the browser reads them (React writes `'` as `&#x27;`). */
  const decodeEntities = (html: string): string =>
    html.replace(
      /&#x27;|&quot;|&amp;/g,
      (e) => ({ '&#x27;': "'", '&quot;': '"', '&amp;': '&' })[e] ?? e,
    );

  /** The class names a selector requires, unescaped (`.md\\:flex:hover` → `md:flex`). */
  const selectorClasses = (selector: string): string[] =>
    [...selector.replace(/\[[^\]]*\]/g, '').matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) =>
      (m[1] ?? '').replace(/\\(.)/g, '$1'),
    );

  /** Every class that some rule of `css` names in its selectors. */
  function classesWithRules(css: string): Set<string> {
    const names = new Set<string>();
    postcss.parse(css).walkRules((rule) => {
      for (const selector of rule.selectors)
        for (const name of selectorClasses(selector)) names.add(name);
    });
    return names;
  }

  it.each([...PAGES.map((p) => p.path), NOT_FOUND_PAGE.path])(
    '%s inlines the rules of every class its HTML uses',
    async (path) => {
      const assets = join(inject('buildDir'), 'client/assets');
      const sheets = readdirSync(assets).filter((name) => /^stylesheet-.*\.css$/.test(name));
      expect(sheets, 'one whole stylesheet').toHaveLength(1);
      const whole = readFileSync(join(assets, sheets[0] ?? ''), 'utf8');
      const styled = classesWithRules(whole);
      const res = await request(t.app).get(path);
      const inline = classesWithRules(
        [...res.text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n'),
      );
      const used = new Set(
        [...decodeEntities(res.text).matchAll(/\bclass="([^"]*)"/g)].flatMap((m) =>
          (m[1] ?? '').split(/\s+/),
        ),
      );
      const missing = [...used].filter((name) => styled.has(name) && !inline.has(name));
      expect(missing, `classes of ${path} whose rules are not inline`).toEqual([]);
      // The sections below the first skip style and layout from the first paint on (decision 014).
      if (/\bclass="[^"]*\brender-when-near\b/.test(res.text)) {
        expect(inline.has('render-when-near'), `${path} inlines content-visibility`).toBe(true);
      }
    },
  );
});
