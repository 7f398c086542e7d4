/**
 * Each page's critical CSS (docs/decisions/026-critical-css-by-beasties.md): the rules of the
 * whole stylesheet that match an element of the page as the server renders it, found by Beasties
 * (https://github.com/danielroe/beasties) on the page rendered by the build's own route tree
 * (`renderForBuild` of `<build>/server/app.js`). The page inlines them so its first paint needs no
 * second request; the whole stylesheet follows before hydration and, since it adds only rules that
 * match nothing in the page, restyles nothing already drawn.
 *
 * Written by `npm run build` to `<build>/server/critical-css.json`, keyed by route id
 * (`{ "home": "<css>", … }`), where the server reads it at start.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BeastiesModule from 'beasties';
import postcss from 'postcss';
import { NOT_FOUND_PAGE, PAGES } from '../../src/pages.ts';

const ORIGIN = 'http://localhost';
/** As `src/server/app.ts` names it. */
const CRITICAL_CSS_FILE = 'server/critical-css.json';
// The package's types describe its ES module as CommonJS; Node's import gives the class itself.
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default;

type Content = import('../../src/content/collections.ts').Content;
type RenderForBuild = typeof import('../../src/server/app.ts').renderForBuild;

/**
 * Renders every page of `<buildDir>` showing `content` and writes its critical CSS.
 * @returns the characters of critical CSS by page path
 * @throws when a page fails to render or links no stylesheet
 */
export async function writeCriticalCss(
  buildDir: string,
  content: Content,
): Promise<Record<string, number>> {
  const clientDir = join(buildDir, 'client');
  const { renderForBuild } = (await import(
    pathToFileURL(join(buildDir, 'server/app.js')).href
  )) as { renderForBuild: RenderForBuild };
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

  const critical: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  for (const page of [...PAGES, NOT_FOUND_PAGE]) {
    const html = await (await renderForBuild(ORIGIN, page.path, content)).text();
    const stylesheet = /<link rel="stylesheet" href="([^"]+)" data-site-css=""\/>/.exec(html)?.[1];
    if (!stylesheet) throw new Error(`${page.path} links no stylesheet`);
    // Beasties keeps a face only for a family a critical rule names, and the site names its
    // families through theme variables it does not follow: every face stays.
    const fontFaces: string[] = [];
    postcss
      .parse(readFileSync(join(clientDir, stylesheet), 'utf8'))
      .walkAtRules('font-face', (rule) => void fontFaces.push(rule.toString()));
    const processed = await beasties.process(html);
    const css = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1] ?? '';
    critical[page.id] = fontFaces.join('') + css;
    sizes[page.path] = critical[page.id]?.length ?? 0;
  }
  writeFileSync(join(buildDir, CRITICAL_CSS_FILE), JSON.stringify(critical));
  return sizes;
}
