/**
 * The render route over HTTP (docs/product.md#pages): every page answers 200 with a complete
 * server-rendered document, and any other path (including /privacy and /terms) answers 404 with
 * the not-found page.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it("scripts: the framework's, allowed by the hash of each inline one, none by a nonce", async () => {
    const res = await request(t.app).get('/about');
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).not.toContain("'nonce-");
    expect(csp).not.toContain("'unsafe-inline'");
    const inline = [
      ...res.text.matchAll(
        /<script(?![^>]*(?:\bsrc=|type="application\/(?:ld\+)?json"))[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ].map((m) => m[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(csp, script.slice(0, 60)).toContain(`'sha256-${hash}'`);
    }
    // The framework's module script imports the route's module; the entry (with React and React
    // Router) is preloaded; React DOM's client renderer is not: it waits for the first paint.
    expect(res.text).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
    expect(res.text).not.toMatch(/href="\/assets\/hydrate-/);
    expect(res.text).toMatch(/import \* as route\d+ from "\/assets\/about-[\w-]+\.js"/);
    expect(res.text).not.toMatch(/\bnonce=/);
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
      const res = await request(t.app).get(path);
      const sheet =
        /<noscript><link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/><\/noscript>/.exec(
          res.text,
        )?.[1];
      expect(sheet, 'the whole stylesheet, linked for visitors without JavaScript').toBeTruthy();
      const whole = readFileSync(join(inject('buildDir'), 'client', sheet ?? ''), 'utf8');
      const styled = classesWithRules(whole);
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
