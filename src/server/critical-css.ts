/**
 * A stored page's critical CSS (docs/decisions/026-critical-css-by-beasties.md,
 * docs/decisions/056-critical-css-per-release.md): the rules of the whole stylesheet that match an
 * element of the page as the server renders it, found by Beasties
 * (https://github.com/danielroe/beasties). The page inlines them so its first paint needs no second
 * request; the whole stylesheet follows before hydration and, since it adds only rules that match
 * nothing in the page, restyles nothing already drawn. Made for each content release, so a
 * release's new markup is covered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BeastiesModule from 'beasties';
import postcss from 'postcss';

// The package's types describe its ES module as CommonJS; Node's import gives the class itself.
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default;

/**
 * A finder of critical CSS for pages that link a stylesheet of `clientDir` (the build's
 * `client/`). The function takes a page's HTML, rendered with nothing inline.
 * @throws Error (from the function) when the page links no stylesheet
 */
export function criticalCssFinder(clientDir: string): (html: string) => Promise<string> {
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
  const faces = new Map<string, string>();
  return async (html) => {
    const stylesheet = /<link rel="stylesheet" href="([^"]+)" data-site-css=""\/>/.exec(html)?.[1];
    if (!stylesheet) throw new Error('the page links no stylesheet');
    // Beasties keeps a face only for a family a critical rule names, and the site names its
    // families through theme variables it does not follow: every face stays.
    let fontFaces = faces.get(stylesheet);
    if (fontFaces === undefined) {
      const found: string[] = [];
      postcss
        .parse(readFileSync(join(clientDir, stylesheet), 'utf8'))
        .walkAtRules('font-face', (rule) => void found.push(rule.toString()));
      fontFaces = found.join('');
      faces.set(stylesheet, fontFaces);
    }
    const processed = await beasties.process(html);
    return fontFaces + (/<style>([\s\S]*?)<\/style>/.exec(processed)?.[1] ?? '');
  };
}
