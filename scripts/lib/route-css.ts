/**
 * Per-route CSS for the first paint (docs/decisions/011-css-and-hydration-delivery.md).
 *
 * Tailwind builds one stylesheet from every source file; a page only needs the rules whose
 * classes its own modules (the route's chunk, the entry's chunk: document, header, footer) can
 * render. This Vite plugin runs on the client build: for each route chunk (`src/routes/*.tsx`)
 * it collects the source of every module in the route's and the entry's static import closure,
 * keeps the rules of the built stylesheet whose class selectors all occur there as tokens, and
 * writes `.vite/route-css.json` (`{ "src/routes/home.tsx": "<css>", … }`, the keys of Vite's
 * manifest), which `src/server/assets.ts` reads to inline each page's CSS. The whole stylesheet
 * stays a file, loaded by the browser before the first client-side navigation.
 *
 * Pruning is by tokens, so it errs on keeping: a class named anywhere in the route's code keeps
 * its rules. Rules without class selectors (elements, attributes, `:root`, `@font-face`,
 * `@property`, keyframes) are always kept. A class that only JavaScript builds from pieces
 * (`'text-' + tone`) would be lost — the project writes whole class names (Tailwind requires it
 * too: https://tailwindcss.com/docs/detecting-classes-in-source-files).
 */
import { existsSync, readFileSync } from 'node:fs';
import postcss, { type Root, type Rule } from 'postcss';
import type { Plugin } from 'vite';
import { ROUTE_CSS_FILE } from '../../src/server/assets.ts';

/** Characters that end a class token in source code (whitespace, quotes, JSX and JS syntax). */
const BOUNDARY = /[\s"'`{}(),;=+<>\\]/;

/** Unescapes a CSS identifier (`md\:grid-cols-12` → `md:grid-cols-12`, `\32 xl` → `2xl`). */
export function unescapeCss(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, esc: string) =>
    /^[0-9a-fA-F]/.test(esc) && /^[0-9a-fA-F]{1,6}\s?$/.test(esc)
      ? String.fromCodePoint(parseInt(esc.trim(), 16))
      : esc,
  );
}

/** The class names a selector requires (`.a .b:hover > .c\:d` → `a`, `b`, `c:d`). */
export function selectorClasses(selector: string): string[] {
  const names: string[] = [];
  // A class: a dot, then identifier characters or escapes, outside attribute brackets.
  const re = /\[[^\]]*\]|\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g;
  for (const match of selector.matchAll(re)) if (match[1]) names.push(unescapeCss(match[1]));
  return names;
}

/** Whether `token` occurs in `source` with a boundary (or the text's edge) on both sides. */
function hasToken(source: string, token: string): boolean {
  for (let at = source.indexOf(token); at !== -1; at = source.indexOf(token, at + 1)) {
    const before = at === 0 ? ' ' : source.charAt(at - 1);
    const end = at + token.length;
    const after = end >= source.length ? ' ' : source.charAt(end);
    if (BOUNDARY.test(before) && BOUNDARY.test(after)) return true;
  }
  return false;
}

/**
 * The rules of `css` a page whose modules' code is `source` can use.
 *
 * @param css the whole built stylesheet
 * @param source the concatenated code of the page's modules
 * @returns the CSS with every selector that needs a class absent from `source` removed (rules
 *   left without selectors and at-rules left empty are removed too)
 */
export function pruneCss(css: string, source: string): string {
  const root: Root = postcss.parse(css);
  const present = classPresence(source);
  root.walkRules((rule: Rule) => {
    // Keyframe steps (`from`, `50%`) are not selectors.
    if (
      rule.parent?.type === 'atrule' &&
      /keyframes$/i.test((rule.parent as { name: string }).name)
    )
      return;
    const kept = rule.selectors.filter((s) => selectorClasses(s).every(present));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  dropEmptyAtRules(root);
  return root.toString();
}

/**
 * Whether a class name occurs in `source` as a token (memoised per name).
 *
 * @param source code or markup
 * @returns a predicate on class names (unescaped: `md:grid-cols-12`)
 */
export function classPresence(source: string): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let hit = known.get(name);
    if (hit === undefined) known.set(name, (hit = hasToken(source, name)));
    return hit;
  };
}

/** Removes the at-rules left empty (`@media`, `@layer x { }`, `@supports`), innermost first. */
export function dropEmptyAtRules(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) {
        at.remove();
        removed = true;
      }
    });
  }
}

/** What {@link routeCss} writes to {@link ROUTE_CSS_FILE}. */
export interface RouteCss {
  /** Each route's inline CSS, by the route's source path (a key of Vite's manifest). */
  css: Record<string, string>;
}

/** The Vite plugin (client build only): writes {@link ROUTE_CSS_FILE}. */
export function routeCss(): Plugin {
  return {
    name: 'story-voice:route-css',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const css = Object.values(bundle)
        .filter((f) => f.type === 'asset' && f.fileName.endsWith('.css'))
        .map((f) => (f.type === 'asset' ? String(f.source) : ''))
        .join('\n');
      if (!css) return;
      const chunks = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, seen: Set<string>): void => {
        const chunk = byFile.get(fileName);
        if (!chunk || seen.has(fileName)) return;
        seen.add(fileName);
        for (const imported of chunk.imports) closure(imported, seen);
      };
      const codeOf = (files: Set<string>): string => {
        const parts: string[] = [];
        for (const file of files)
          for (const id of byFile.get(file)?.moduleIds ?? []) {
            if (id.includes('/node_modules/') || !existsSync(id)) continue;
            // The file as written: every class name is still a whole string literal there.
            parts.push(readFileSync(id, 'utf8'));
          }
        return parts.join('\n');
      };
      const entryFiles = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c.fileName, entryFiles);
      const out: RouteCss = { css: {} };
      for (const chunk of chunks) {
        const src = chunk.facadeModuleId
          ?.replace(/\\/g, '/')
          .match(/src\/routes\/[^/]+\.tsx$/)?.[0];
        if (!src || !chunk.isDynamicEntry) continue;
        const files = new Set(entryFiles);
        closure(chunk.fileName, files);
        out.css[src] = pruneCss(css, codeOf(files));
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_CSS_FILE, source: JSON.stringify(out) });
    },
  };
}
