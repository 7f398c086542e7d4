/**
 * The first-screen CSS of the pages whose inline CSS covers their first screen only
 * (docs/decisions/018-first-screen-css-on-home.md), computed from the rendered page.
 *
 * The client build (`scripts/lib/route-css.ts`) marks such routes in `route-css.json`
 * (`firstScreenOnly`) with the rules their code can use. This step, run by `npm run build` after
 * Vite, renders each of those pages with the build's own server entry and keeps only the rules
 * whose classes the page's first screen uses: everything before `<main>` (the skip link and the
 * header) and the first section of `<main>`, and the rule that defers rendering the sections below
 * ({@link ALWAYS_KEPT}). Rules without classes (the base layer, `@font-face`, variables) are kept
 * as `pruneCss` always keeps them. The page loads the whole stylesheet after
 * its first paint, so the rest arrives before a visitor scrolls to it.
 *
 * Only for a page whose first section fills the viewport at every width, or what shows below it
 * would paint unstyled until the whole stylesheet arrives.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pruneCss, type RouteCss } from './route-css.ts';
import { ROUTE_CSS_FILE, productionAssets } from '../../src/server/assets.ts';
import { renderPage, requestOn, type ServerEntry } from '../../src/server/render.ts';
import type { SiteServices } from '../../src/app/services.ts';
import { NOT_FOUND_PAGE, PAGES } from '../../src/pages.ts';

/**
 * The part of a rendered page a visitor sees before scrolling: everything up to the end of the
 * first `<section>` inside `<main>`.
 * @throws Error when the page has no `<main>` or no section in it
 */
export function firstScreen(html: string): string {
  const main = html.indexOf('<main');
  const end = main === -1 ? -1 : html.indexOf('</section>', main);
  if (end === -1) throw new Error('The page has no <main> with a <section> in it');
  return html.slice(0, end);
}

/**
 * Markup whose classes are kept although the first screen does not use them. `render-when-near`
 * lets every section below the first skip style and layout until it comes near the viewport
 * (docs/decisions/014-rendering-work-and-fonts-on-phones.md). Without its rule, the first paint
 * would style and lay out the whole page, and the arrival of the whole stylesheet would then do it
 * all again, in one long task (docs/decisions/021-first-screen-css-keeps-deferred-rendering.md).
 */
const ALWAYS_KEPT = '<div class="render-when-near"></div>';

/**
 * Rewrites `<buildDir>/client/.vite/route-css.json`: each route in `firstScreenOnly` keeps the
 * rules its first screen uses.
 * @returns the routes trimmed, with their inline CSS length before and after (characters)
 * @throws when a page fails to render
 */
export async function trimFirstScreenCss(
  buildDir: string,
): Promise<Array<{ route: string; before: number; after: number }>> {
  const clientDir = join(buildDir, 'client');
  const file = join(clientDir, ROUTE_CSS_FILE);
  const routeCss = JSON.parse(readFileSync(file, 'utf8')) as RouteCss;
  if (routeCss.firstScreenOnly.length === 0) return [];
  const entry = (await import(
    pathToFileURL(join(buildDir, 'server/entry-server.js')).href
  )) as ServerEntry;
  const services: SiteServices = {
    session: () => ({ siteOrigin: 'http://localhost', year: new Date().getFullYear() }),
    submitEnquiry: () => Promise.reject(new Error('No enquiries while building')),
  };
  const assets = productionAssets(clientDir);
  const trimmed = [];
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
    const first = pruneCss(css, firstScreen(rendered.html.toString('utf8')) + ALWAYS_KEPT);
    routeCss.css[route] = first;
    trimmed.push({ route, before: css.length, after: first.length });
  }
  writeFileSync(file, JSON.stringify(routeCss));
  return trimmed;
}
