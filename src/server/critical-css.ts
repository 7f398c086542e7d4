/** Critical CSS per release, by Beasties (docs/decisions/056-critical-css-per-release.md). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BeastiesModule from 'beasties';
import postcss from 'postcss';

// The package's types describe its ES module as CommonJS; Node's import gives the class itself.
const Beasties = BeastiesModule as unknown as typeof BeastiesModule.default;

/** For the build's `client/`; the finder takes HTML rendered with nothing inline, @throws without a stylesheet */
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
