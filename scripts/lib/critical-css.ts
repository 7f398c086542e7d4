/**
 * Each page's critical CSS (docs/decisions/026-critical-css-by-beasties.md): the rules of the
 * whole stylesheet that match an element of the page as the server renders it, found by Beasties
 * (https://github.com/danielroe/beasties) on the page rendered with the build's own server entry.
 * The page inlines them so its first paint needs no second request; the whole stylesheet follows
 * before hydration and, since it adds only rules that match nothing in the page, restyles
 * nothing already drawn.
 *
 * Written by `npm run build` to `<build>/client/.vite/critical-css.json`, keyed by the route's
 * module as Vite's manifest keys it (`{ "src/routes/home.tsx": "<css>", … }`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BeastiesModule from 'beasties';
import postcss from 'postcss';
import type { SiteServices } from '../../src/app/services.ts';
import type { ClientAssets } from '../../src/entry-server.tsx';
import { CRITICAL_CSS_FILE, wholeStylesheet } from '../../src/server/assets.ts';
import { renderPage, requestOn, type ServerEntry } from '../../src/server/render.ts';
import { NOT_FOUND_PAGE, PAGES } from '../../src/pages.ts';

const ORIGIN = 'http://localhost';
// The package's types describe its ES module as CommonJS; Node's import gives the class itself.
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default;

/**
 * Renders every page of `<buildDir>` and writes its critical CSS.
 * @returns the characters of critical CSS by page path
 * @throws when a page fails to render
 */
export async function writeCriticalCss(buildDir: string): Promise<Record<string, number>> {
  const clientDir = join(buildDir, 'client');
  const stylesheet = wholeStylesheet(clientDir);
  const entry = (await import(
    pathToFileURL(join(buildDir, 'server/entry-server.js')).href
  )) as ServerEntry;
  const services: SiteServices = {
    session: () => ({ siteOrigin: ORIGIN, year: new Date().getFullYear(), webVitalsSampleRate: 0 }),
    submitEnquiry: () => Promise.reject(new Error('No enquiries while building')),
  };
  // The page as served, but with the whole stylesheet linked, for Beasties to read.
  const assets: ClientAssets = {
    bootstrapModules: [],
    routeChunks: {},
    inlineCss: {},
    stylesheets: [stylesheet],
    stylesheet: '',
    fontPreloads: [],
    deferScripts: false,
  };
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    preload: 'body',
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    keyframes: 'critical',
    // Tailwind's `group-*` variants (`:is(:where(.group):hover *)`) are not evaluated statically:
    // keep them, or an arrow would not follow hover and focus until the whole stylesheet arrives.
    allowRules: [/:where\(\.group\)/],
    logLevel: 'warn',
  });
  // Beasties keeps a face only for a family a critical rule names, and the site names its
  // families through theme variables it does not follow: every face stays.
  const fontFaces: string[] = [];
  postcss
    .parse(readFileSync(join(clientDir, stylesheet), 'utf8'))
    .walkAtRules('font-face', (rule) => void fontFaces.push(rule.toString()));

  const critical: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  for (const page of [...PAGES, NOT_FOUND_PAGE]) {
    const rendered = await renderPage(
      entry,
      requestOn(ORIGIN, page.path),
      { assets, services },
      false,
    );
    if (rendered instanceof Response) throw new Error(`${page.path} answered ${rendered.status}`);
    const html = await beasties.process(rendered.html.toString('utf8'));
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    critical[page.module] = fontFaces.join('') + css;
    sizes[page.path] = critical[page.module]?.length ?? 0;
  }
  writeFileSync(join(clientDir, CRITICAL_CSS_FILE), JSON.stringify(critical));
  return sizes;
}
