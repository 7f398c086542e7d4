/**
 * Splitting the home page's CSS into its inline part and its later stylesheet
 * (scripts/lib/later-css.ts, docs/decisions/022-later-css-restyles-nothing-drawn.md).
 */
import { describe, expect, it } from 'vitest';
import {
  canMatch,
  eagerMarkup,
  longhands,
  overlaps,
  pageElements,
  splitCss,
} from '../../scripts/lib/later-css.ts';

const deferred = (id: string, inner: string) =>
  `<section id="${id}" class="pt-8 render-when-near">${inner}</section>`;

describe('eagerMarkup', () => {
  const page =
    '<header class="bar"><a class="logo">K</a></header><main><section class="hero">Hi</section>' +
    deferred('one', '<p class="a">1</p><section class="inner">x</section>') +
    deferred('two', '<p class="b">2</p>') +
    deferred('three', '<p class="c">3</p>') +
    '</main><footer class="render-when-near foot"><p class="d">4</p></footer>';

  it('keeps the sections the browser renders at once and only the tags of the others', () => {
    const eager = eagerMarkup(page, 2);
    expect(eager).toContain('<p class="a">1</p><section class="inner">x</section></section>');
    expect(eager).toContain('<p class="b">2</p>');
    expect(eager).toContain('<section id="three" class="pt-8 render-when-near"></section>');
    expect(eager).not.toContain('class="c"');
    expect(eager).toContain('<footer class="render-when-near foot"></footer>');
    expect(eager).not.toContain('class="d"');
    expect(eager.startsWith('<header class="bar"><a class="logo">K</a></header>')).toBe(true);
  });

  it('removes the deferred elements inside a removed one with it, once', () => {
    const nested =
      deferred('one', '<p class="a">1</p>') +
      deferred(
        'two',
        `<p class="b">2</p>${deferred('inner', '<p class="c">3</p>')}<p class="d">4</p>`,
      ) +
      '<footer class="e">5</footer>';
    expect(eagerMarkup(nested, 1)).toBe(
      deferred('one', '<p class="a">1</p>') + deferred('two', '') + '<footer class="e">5</footer>',
    );
  });

  it('fails on a deferred element that is not closed', () => {
    expect(() => eagerMarkup('<div class="render-when-near"><p>x</p>', 0)).toThrow(/not closed/);
  });
});

describe('longhands', () => {
  it.each([
    ['padding-top', 'padding-bottom', false],
    ['padding-inline', 'padding-left', true],
    ['padding', 'padding-block-start', true],
    ['margin-top', 'padding-top', false],
    ['top', 'inset-inline', false],
    ['top', 'inset', true],
    ['border-top-width', 'border-color', false],
    ['border', 'border-top-color', true],
    ['border-radius', 'border-top-width', true],
    ['font', 'line-height', true],
    ['font-size', 'line-height', false],
    ['font-variant', 'font-variant-numeric', true],
    ['text-wrap', 'white-space', true],
    ['text-align', 'text-decoration-line', true],
    ['gap', 'column-gap', true],
    ['row-gap', 'column-gap', false],
    ['place-items', 'align-items', true],
    ['grid-column', 'grid-column-start', true],
    // Not in the table: it stands for every property of its first word.
    ['grid-template-columns', 'grid-column-start', true],
    ['inline-size', 'width', true],
    ['--tw-ring-color', '--tw-ring-shadow', false],
    ['all', 'color', true],
  ])('%s and %s contest a property: %s', (a, b, contest) => {
    expect(overlaps(longhands(a), longhands(b))).toBe(contest);
  });
});

describe('canMatch', () => {
  const { elements, firstUse } = pageElements(
    '<div class="group"><p class="mt-2 text-sm">a</p></div><form class="form"><input class="x"/></form>' +
      '<a class="after:content-[&#x27;&#x27;]">b</a><style>.fake{}</style>',
  );
  const byClass = (name: string) => elements.find((e) => e.classes.has(name))!;

  it('reads classes as the browser does, entities decoded, style content skipped', () => {
    expect(byClass("after:content-['']").tag).toBe('a');
    expect(firstUse.has('fake')).toBe(false);
  });

  it('needs the subject classes on the element, the others earlier in the page', () => {
    expect(canMatch('.mt-2', byClass('mt-2'), firstUse)).toBe(true);
    expect(canMatch('.mt-2.text-lg', byClass('mt-2'), firstUse)).toBe(false);
    expect(canMatch('.group:hover .mt-2', byClass('mt-2'), firstUse)).toBe(true);
    expect(canMatch('.form .mt-2', byClass('mt-2'), firstUse)).toBe(false);
    expect(canMatch('.form input', byClass('x'), firstUse)).toBe(true);
    expect(canMatch('.form textarea', byClass('x'), firstUse)).toBe(false);
  });

  it('ignores what is inside parentheses, erring on a match', () => {
    expect(canMatch(':where(.group>:not(:last-child))', byClass('x'), firstUse)).toBe(true);
    expect(canMatch('.mt-2:is(:where(.form) *)', byClass('mt-2'), firstUse)).toBe(true);
  });
});

describe('splitCss', () => {
  const layered = (rules: string) => `@layer utilities{${rules}}`;

  it('inlines what the eager markup uses and every rule without a class, defers the rest', () => {
    const css =
      '@layer theme,base,utilities;@font-face{font-family:X;src:url(x.woff2)}' +
      '@property --tw-x{syntax:"*";inherits:false}@keyframes spin{to{rotate:1turn}}' +
      '@layer base{a{color:red}}' +
      layered('.mt-4{margin-top:4px}.pt-8{padding-top:8px}.text-lg{font-size:18px}');
    const eager = '<p class="mt-4">a</p>';
    const page = `${eager}<div class="render-when-near"><p class="text-lg">b</p></div>`;
    const { inline, later, copied } = splitCss(css, eager, page);
    expect(inline).toContain('@font-face');
    expect(inline).toContain('@property --tw-x');
    expect(inline).toContain('@keyframes spin');
    expect(inline).toContain('@layer theme,base,utilities;');
    expect(inline).toContain('a{color:red}');
    expect(inline).toContain('.mt-4{');
    expect(inline).not.toContain('.text-lg');
    expect(later).toBe(layered('.pt-8{padding-top:8px}.text-lg{font-size:18px}'));
    expect(copied).toBe(0);
  });

  it('copies an inline rule that follows a later one setting the same property on one element', () => {
    const css = layered('.mt-2{margin-top:2px}.mt-4{margin-top:4px}.md\\:mt-0{margin-top:0}');
    const eager = '<p class="mt-4 md:mt-0">a</p>';
    const page = `${eager}<div class="render-when-near"><p class="mt-2 md:mt-0">b</p></div>`;
    const { inline, later, copied } = splitCss(css, eager, page);
    expect(inline).toBe(layered('.mt-4{margin-top:4px}.md\\:mt-0{margin-top:0}'));
    // Below, `md:mt-0` must still win over `mt-2`: it follows it in the later stylesheet.
    expect(later).toBe(layered('.mt-2{margin-top:2px}.md\\:mt-0{margin-top:0}'));
    expect(copied).toBe(1);
  });

  it('copies nothing where no element has both, the properties differ, or the layers do', () => {
    const eager = '<p class="mt-4 md:mt-0 pb-2">a</p>';
    const below = (classes: string) =>
      `${eager}<div class="render-when-near"><p class="${classes}">b</p></div>`;
    const css = layered('.mt-2{margin-top:2px}.mt-4{margin-top:4px}.md\\:mt-0{margin-top:0}');
    expect(splitCss(css, eager, below('mt-2')).copied).toBe(0);
    const sides = layered('.pt-2{padding-top:2px}.pb-2{padding-bottom:2px}');
    expect(splitCss(sides, eager, below('pt-2 pb-2')).copied).toBe(0);
    const layers =
      '@layer components{.mt-2{margin-top:2px}}@layer utilities{.md\\:mt-0{margin-top:0}}';
    expect(splitCss(layers, eager, below('mt-2 md:mt-0')).copied).toBe(0);
  });

  it('copies in turn what follows a copied rule on an element of the first screen', () => {
    const css = layered(
      '.mt-2{margin-top:2px}.mt-4{margin-top:4px}.md\\:mt-0{margin-top:0}.lg\\:mt-8{margin-top:8px}',
    );
    const eager = '<p class="mt-4 md:mt-0 lg:mt-8">a</p>';
    const page = `${eager}<div class="render-when-near"><p class="mt-2 md:mt-0">b</p></div>`;
    // `md:mt-0` is copied (below, after `mt-2`); above, `lg:mt-8` must stay after it.
    const { later } = splitCss(css, eager, page);
    expect(later).toBe(
      layered('.mt-2{margin-top:2px}.md\\:mt-0{margin-top:0}.lg\\:mt-8{margin-top:8px}'),
    );
  });
});
