/**
 * Splits a page's CSS into what it inlines for its first paint and what its bootstrap adds after
 * it, so that the later part restyles nothing already drawn
 * (docs/decisions/022-later-css-restyles-nothing-drawn.md).
 *
 * The browser styles and lays out every element outside a skipped subtree: the first screen, the
 * sections close enough below it for `content-visibility: auto` to render them at once, and the
 * outer boxes of the sections further down. That is the page's *eager markup*
 * ({@link eagerMarkup}). The rules that eager markup uses are inlined; the rest go to a
 * stylesheet that only the skipped subtrees need, so its arrival gives the browser no element to
 * restyle and nothing to lay out again.
 *
 * Moving rules to a later stylesheet changes their order in the cascade: all of the inline rules
 * now come before all of the later ones. Where a later rule and an inline rule that follows it
 * in the original stylesheet can set the same property on one element, the later one would now
 * win. {@link splitCss} therefore also copies into the later stylesheet every inline rule that
 * follows, in the original order, a later rule setting one of its properties (and, in turn, any
 * inline rule following such a copy), so the later stylesheet holds, in their original order,
 * every rule that could contest a property with one of its own.
 */
import postcss, { type AtRule, type Rule } from 'postcss';
import { classPresence, dropEmptyAtRules, selectorClasses } from './route-css.ts';

/** The class that defers a section's rendering (`content-visibility: auto`, decision 014). */
export const DEFERRED_CLASS = 'render-when-near';

/**
 * How many deferred sections below the first screen the browser renders at once. Chromium renders
 * a `content-visibility: auto` element's content when it lies within a margin around the
 * viewport: on the home page, measured at 412×823 and 1280×800, the two sections after the hero
 * render at load (their tops at 823 and 1811 px, and 800 and 1725 px) and the third does not
 * (3559 and 3254 px).
 */
export const SHOWN_AT_ONCE = 2;

/**
 * The markup the browser styles and lays out at once: `html` with the content of every element
 * carrying {@link DEFERRED_CLASS} removed, except the first `shown` of them (rendered at once as
 * they lie within the browser's margin around the viewport). The deferred elements' own tags
 * stay: their boxes are laid out, at their placeholder size.
 *
 * @param html a rendered page (React's output: every element closed)
 * @throws Error when a deferred element is not closed
 */
export function eagerMarkup(html: string, shown = SHOWN_AT_ONCE): string {
  const open = new RegExp(`<(\\w+)\\b[^>]*\\bclass="[^"]*\\b${DEFERRED_CLASS}\\b[^"]*"[^>]*>`, 'g');
  let out = '';
  let from = 0;
  let seen = 0;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const tag = match[1] ?? '';
    const contentStart = match.index + match[0].length;
    const close = closingTag(html, tag, contentStart);
    if (close === -1) throw new Error(`<${tag} class="${DEFERRED_CLASS}"> is not closed`);
    if (seen++ >= shown) {
      out += html.slice(from, contentStart);
      from = close;
      // Deferred elements inside the removed content go with it.
      open.lastIndex = close;
    } else open.lastIndex = contentStart;
  }
  return out + html.slice(from);
}

/** Index of the `</tag>` closing the element whose content starts at `from`, or -1. */
function closingTag(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return match.index;
  }
  return -1;
}

const SIDES = ['top', 'right', 'bottom', 'left'];
/** Logical sides, as the physical sides they may be (any writing mode). */
const LOGICAL: Record<string, string[]> = {
  inline: ['left', 'right'],
  'inline-start': ['left', 'right'],
  'inline-end': ['left', 'right'],
  block: ['top', 'bottom'],
  'block-start': ['top', 'bottom'],
  'block-end': ['top', 'bottom'],
};
const sides = (side: string | undefined): string[] =>
  side === undefined ? SIDES : (LOGICAL[side] ?? [side]);
/** Shorthands other than by side, as their longhands (`*` ends a prefix). */
const SHORTHANDS: Record<string, string[]> = {
  font: ['font-*', 'line-height'],
  'font-variant': ['font-variant-*'],
  'text-decoration': ['text-decoration-*'],
  'white-space': ['white-space-collapse', 'text-wrap-mode'],
  'text-wrap': ['text-wrap-mode', 'text-wrap-style'],
  gap: ['row-gap', 'column-gap'],
  'grid-gap': ['row-gap', 'column-gap'],
  'place-items': ['align-items', 'justify-items'],
  'place-content': ['align-content', 'justify-content'],
  'place-self': ['align-self', 'justify-self'],
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  grid: ['grid-*'],
  'grid-template': ['grid-template-*'],
  'grid-area': ['grid-row-*', 'grid-column-*'],
  'grid-row': ['grid-row-*'],
  'grid-column': ['grid-column-*'],
  overflow: ['overflow-x', 'overflow-y'],
  'overflow-inline': ['overflow-x', 'overflow-y'],
  'overflow-block': ['overflow-x', 'overflow-y'],
  'inline-size': ['width'],
  'block-size': ['height'],
  'min-inline-size': ['min-width', 'min-height'],
  'min-block-size': ['min-width', 'min-height'],
  'max-inline-size': ['max-width', 'max-height'],
  'max-block-size': ['max-width', 'max-height'],
  all: ['*'],
};

/**
 * The longhand properties a declaration of `property` sets, erring on more: a shorthand's
 * longhands (`padding-inline` → `padding-left`, `padding-right`; `font` → `font-*`,
 * `line-height`), a logical property as every physical one it may be, a custom property as
 * itself. A property this table does not know stands for every property of its first word
 * (`text-align` → `text-*`). `*` ends a prefix. Two declarations contest a property when
 * their longhands overlap ({@link overlaps}).
 */
export function longhands(property: string): string[] {
  const name = property.toLowerCase().replace(/^-(webkit|moz|ms)-/, '');
  if (name.startsWith('--')) return [name];
  const known = SHORTHANDS[name];
  if (known) return known;
  const boxSide = /^(padding|margin|scroll-padding|scroll-margin)(?:-(.+))?$/.exec(name);
  if (
    boxSide &&
    (boxSide[2] === undefined || SIDES.includes(boxSide[2]) || boxSide[2] in LOGICAL)
  ) {
    return sides(boxSide[2]).map((side) => `${boxSide[1]}-${side}`);
  }
  const inset = /^inset(?:-(.+))?$/.exec(name);
  if (inset) return sides(inset[1]);
  if (SIDES.includes(name)) return [name];
  const border =
    /^border(?:-(top|right|bottom|left|inline|inline-start|inline-end|block|block-start|block-end))?(?:-(width|style|color))?$/.exec(
      name,
    );
  if (border) {
    const aspects = border[2] ? [border[2]] : ['width', 'style', 'color'];
    return sides(border[1]).flatMap((side) => aspects.map((aspect) => `border-${side}-${aspect}`));
  }
  if (/^(width|height|min-width|min-height|max-width|max-height)$/.test(name)) return [name];
  return [`${name.split('-')[0] ?? name}-*`, name];
}

/** Whether two lists of {@link longhands} share a property. */
export function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const covers = (x: string, y: string) =>
    x === y || (x.endsWith('*') && y.startsWith(x.slice(0, -1)));
  return a.some((x) => b.some((y) => covers(x, y) || covers(y, x)));
}

/** What {@link splitCss} returns. */
export interface SplitCss {
  /** The rules the eager markup uses, and every rule without a class (`@font-face`, the base layer, variables). */
  inline: string;
  /** The other rules, and the inline rules copied to keep their order (as a stylesheet). */
  later: string;
  /** How many inline rules were copied into `later`. */
  copied: number;
}

/** A rule inside `@keyframes` is a step (`from`, `50%`), not a selector. */
const isKeyframeStep = (rule: Rule): boolean =>
  rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name);

/** The cascade layer a rule is in (`utilities`; '' for none). */
function layerOf(rule: Rule): string {
  const names: string[] = [];
  for (let node = rule.parent; node && node.type !== 'root'; node = node.parent) {
    if (node.type === 'atrule' && (node as AtRule).name === 'layer') {
      names.unshift((node as AtRule).params);
    }
  }
  return names.join('.');
}

/** One element of a rendered page, for {@link canMatch}. */
export interface PageElement {
  /** Lower-case tag name. */
  tag: string;
  classes: Set<string>;
  /** Its position in document order. */
  index: number;
}

/** The text of an attribute value as React escapes it (`&#x27;`, `&quot;`, `&amp;`, `&lt;`, `&gt;`). */
export function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return named[code.toLowerCase()] ?? entity;
  });
}

/**
 * The elements of a rendered page in document order, and where each class first occurs. The
 * content of `<script>`, `<style>` and comments is skipped.
 */
export function pageElements(html: string): {
  elements: PageElement[];
  firstUse: Map<string, number>;
} {
  const text = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>|<!--[\s\S]*?-->/g, '');
  const elements: PageElement[] = [];
  const firstUse = new Map<string, number>();
  for (const match of text.matchAll(/<([a-zA-Z][\w-]*)\b([^>]*)>/g)) {
    const index = elements.length;
    const attribute = /\sclass="([^"]*)"/.exec(match[2] ?? '')?.[1] ?? '';
    const classes = new Set(decodeEntities(attribute).split(/\s+/).filter(Boolean));
    for (const name of classes) if (!firstUse.has(name)) firstUse.set(name, index);
    elements.push({ tag: (match[1] ?? '').toLowerCase(), classes, index });
  }
  return { elements, firstUse };
}

/** `selector` in compound selectors: text outside parentheses, split at combinators. */
function compounds(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector.charAt(i);
    if (c === '\\') {
      current += c + selector.charAt(++i);
      continue;
    }
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') {
      depth--;
      continue;
    }
    if (depth > 0) continue;
    if (/[\s>+~]/.test(c)) {
      if (current) parts.push(current);
      current = '';
    } else current += c;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * Whether `selector` may match `element`, erring on yes: its last compound's classes and tag
 * (outside `:is()`, `:where()`, `:not()` and other parentheses, which are ignored) must be the
 * element's, and the classes of its other compounds (ancestors, earlier siblings) must occur
 * before the element in the page.
 *
 * The page is taken as the server drew it: a class that scripts add later (a form's `is-error`)
 * is on no element. `tests/e2e/first-screen.spec.ts` checks the page's states that add classes.
 *
 * @param firstUse where each class of the page first occurs (from {@link pageElements})
 */
export function canMatch(
  selector: string,
  element: PageElement,
  firstUse: ReadonlyMap<string, number>,
): boolean {
  const parts = compounds(selector);
  const subject = parts.pop() ?? '';
  const tag = /^[a-zA-Z][\w-]*/.exec(subject)?.[0].toLowerCase();
  if (tag && tag !== element.tag) return false;
  if (!selectorClasses(subject).every((name) => element.classes.has(name))) return false;
  return parts.every((part) =>
    selectorClasses(part).every((name) => (firstUse.get(name) ?? Infinity) < element.index),
  );
}

/**
 * Splits `css` (a page's rules, in the cascade's order) by what `eager` uses.
 *
 * An inline rule is copied into the later stylesheet when it follows, in the same cascade layer, a
 * rule of that stylesheet that sets one of its properties ({@link longhands}) and that may match
 * one of the same elements of `page` ({@link canMatch}).
 *
 * @param css the page's stylesheet
 * @param eager the markup styled at the first paint ({@link eagerMarkup})
 * @param page the whole rendered page
 * @returns the inline and the later stylesheet; rules with several selectors are split by
 *   selector
 */
export function splitCss(css: string, eager: string, page: string): SplitCss {
  // React writes `after:content-['']` as `after:content-[&#x27;&#x27;]`.
  const present = classPresence(decodeEntities(eager));
  const isEager = (selector: string) => selectorClasses(selector).every(present);
  const { elements, firstUse } = pageElements(page);
  /** The elements a rule can match (a mask over `elements`). */
  const matched = (rule: Rule): Uint8Array => {
    const mask = new Uint8Array(elements.length);
    for (const selector of rule.selectors) {
      for (const element of elements) {
        if (!mask[element.index] && canMatch(selector, element, firstUse)) mask[element.index] = 1;
      }
    }
    return mask;
  };
  // One pass in the cascade's order: per cascade layer and longhand, the elements that rules of
  // the later stylesheet so far can set it on.
  const laterSets = new Map<string, Map<string, Uint8Array>>();
  const copiedRules = new Set<number>();
  const rules: Rule[] = [];
  postcss.parse(css).walkRules((rule) => {
    if (!isKeyframeStep(rule)) rules.push(rule);
  });
  rules.forEach((rule, index) => {
    const layer = laterSets.get(layerOf(rule)) ?? new Map<string, Uint8Array>();
    laterSets.set(layerOf(rule), layer);
    const props = new Set<string>();
    rule.walkDecls((decl) => {
      for (const longhand of longhands(decl.prop)) props.add(longhand);
    });
    const laterPart = rule.selectors.some((s) => !isEager(s));
    const mask = matched(rule);
    const contested = [...layer].some(
      ([prop, set]) =>
        overlaps([prop], [...props]) && mask.some((hit, i) => hit === 1 && set[i] === 1),
    );
    if (!laterPart && !contested) return;
    // Contested: the whole rule follows, eager selectors too, to keep its place after the rule
    // it follows in the later stylesheet.
    if (contested) copiedRules.add(index);
    for (const prop of props) {
      const set = layer.get(prop) ?? new Uint8Array(elements.length);
      mask.forEach((hit, i) => {
        if (hit) set[i] = 1;
      });
      layer.set(prop, set);
    }
  });

  const build = (keep: (selector: string, index: number) => boolean, later: boolean): string => {
    const root = postcss.parse(css);
    let index = 0;
    root.walkRules((rule) => {
      if (isKeyframeStep(rule)) return;
      const at = index++;
      const kept = rule.selectors.filter((s) => keep(s, at));
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    });
    if (later) {
      // What has no class is inline already: faces, registered properties, animations, and the
      // layer order statement (`@layer theme, base, …;`).
      root.walkAtRules((at) => {
        if (/^(font-face|property|keyframes)$/i.test(at.name) || !at.nodes) at.remove();
      });
    }
    dropEmptyAtRules(root);
    return root.toString();
  };
  return {
    inline: build((selector) => isEager(selector), false),
    later: build((selector, at) => !isEager(selector) || copiedRules.has(at), true),
    copied: copiedRules.size,
  };
}
