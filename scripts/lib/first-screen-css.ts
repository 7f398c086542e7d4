/**
 * The first-screen CSS of the pages whose inline CSS covers their first screen only
 * (docs/decisions/018-first-screen-css-on-home.md), computed from the rendered page.
 *
 * The client build (`scripts/lib/route-css.ts`) marks such routes in `route-css.json`
 * (`firstScreenOnly`) with the rules their code can use. This step, run by `npm run build` after
 * Vite, renders each of those pages with the build's own server entry and splits those rules
 * (`scripts/lib/later-css.ts`, decision 022): the page inlines the rules of the markup the
 * browser styles at once (the first screen, the sections just below it and the outer boxes of the
 * sections further down, which skip rendering until they come near the viewport), and its
 * bootstrap adds a stylesheet of the rest after the first paint, so the rest arrives before a
 * visitor scrolls to it and restyles nothing already drawn.
 *
 * Only for a page whose first section fills the viewport at every width, or the section below it
 * would show in the first paint.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eagerMarkup, splitCss } from './later-css.ts';
import type { RouteCss } from './route-css.ts';
import { ROUTE_CSS_FILE, productionAssets } from '../../src/server/assets.ts';
import { renderPage, requestOn, type ServerEntry } from '../../src/server/render.ts';
import type { SiteServices } from '../../src/app/services.ts';
import { NOT_FOUND_PAGE, PAGES } from '../../src/pages.ts';

/** What {@link trimFirstScreenCss} did to one route. */
export interface TrimmedRoute {
  route: string;
  /** Inline CSS before and after (characters). */
  before: number;
  after: number;
  /** The later stylesheet: its public URL, its length (characters), the inline rules it copies. */
  later: string;
  laterLength: number;
  copied: number;
}

/**
 * Splits the CSS of each route in `firstScreenOnly`: rewrites its inline CSS in
 * `<buildDir>/client/.vite/route-css.json` and writes its later stylesheet to
 * `<buildDir>/client/assets/<page>-later-<hash>.css`, recorded in the file's `later`.
 * @returns the routes split
 * @throws when a page fails to render
 */
export async function trimFirstScreenCss(buildDir: string): Promise<TrimmedRoute[]> {
  const clientDir = join(buildDir, 'client');
  const file = join(clientDir, ROUTE_CSS_FILE);
  const routeCss = JSON.parse(readFileSync(file, 'utf8')) as RouteCss;
  if (routeCss.firstScreenOnly.length === 0) return [];
  const entry = (await import(
    pathToFileURL(join(buildDir, 'server/entry-server.js')).href
  )) as ServerEntry;
  const services: SiteServices = {
    session: () => ({
      siteOrigin: 'http://localhost',
      year: new Date().getFullYear(),
      webVitalsSampleRate: 0,
    }),
    submitEnquiry: () => Promise.reject(new Error('No enquiries while building')),
  };
  const assets = productionAssets(clientDir);
  const trimmed: TrimmedRoute[] = [];
  for (const route of routeCss.firstScreenOnly) {
    const page = [...PAGES, NOT_FOUND_PAGE].find((p) => p.module === route);
    if (!page) throw new Error(`${route} is not a page of src/pages.ts`);
    const rendered = await renderPage(
      entry,
      requestOn('http://localhost', page.path),
      { assets, services },
      false,
    );
    if (rendered instanceof Response) throw new Error(`${page.path} answered ${rendered.status}`);
    const css = routeCss.css[route] ?? '';
    const html = rendered.html.toString('utf8');
    const split = splitCss(css, eagerMarkup(html), html);
    const hash = createHash('sha256').update(split.later).digest('base64url').slice(0, 8);
    const laterFile = `assets/${basename(route, '.tsx')}-later-${hash}.css`;
    writeFileSync(join(clientDir, laterFile), split.later);
    routeCss.css[route] = split.inline;
    routeCss.later[route] = `/${laterFile}`;
    trimmed.push({
      route,
      before: css.length,
      after: split.inline.length,
      later: `/${laterFile}`,
      laterLength: split.later.length,
      copied: split.copied,
    });
  }
  writeFileSync(file, JSON.stringify(routeCss));
  return trimmed;
}
