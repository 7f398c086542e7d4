/**
 * Subset web fonts (scripts/subset-fonts.ts).
 *
 * The committed files in src/assets/fonts must be exactly what the script makes from the
 * installed font packages (so an upgrade of a package without `npm run fonts:subset` fails here),
 * and every character the site's content and templates use must be in the subset, or it would
 * be drawn in the fallback face.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  CORE_TEXT,
  EXTENDED_TEXT,
  FONT_SUBSETS,
  SUBSET_TEXT,
  subsetOne,
  unicodeRange,
} from '../../scripts/subset-fonts.ts';
import { site } from '../../src/site.config.ts';

const ROOT = resolve(import.meta.dirname, '../..');

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Every string value of a parsed YAML/JSON document (comments are not values). */
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.flatMap(strings)
      : v && typeof v === 'object'
        ? Object.values(v).flatMap(strings)
        : [];

/** Text a visitor can see in a component: JSX text and string literals, comments removed. */
const templateText = (src: string): string =>
  src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Characters outside the subset in `text`, excluding whitespace. */
const outside = (text: string): string[] => {
  const kept = new Set(SUBSET_TEXT);
  return [...new Set(text)].filter((c) => !kept.has(c) && !/\s/.test(c));
};

describe('subset web fonts', () => {
  it.each(FONT_SUBSETS)(
    '$output is up to date with $source',
    async ({ source, output, weight, text }) => {
      const committed = readFileSync(join(ROOT, output));
      const fresh = await subsetOne(source, weight, text);
      expect(committed.length, 'run `npm run fonts:subset` and commit the result').toBe(
        fresh.length,
      );
      expect(committed.equals(fresh)).toBe(true);
      // The subset is meaningfully smaller than the package's Latin file.
      const original = readFileSync(join(ROOT, 'node_modules', source));
      expect(committed.length).toBeLessThan(original.length * 0.9);
    },
  );

  it('each core file fits in the first round trip of a new connection (14,600 bytes with its headers)', () => {
    for (const { output, part } of FONT_SUBSETS) {
      if (part !== 'core') continue;
      // About 400 bytes of response headers (tests/server/headers.test.ts lists them).
      expect(readFileSync(join(ROOT, output)).length + 400, output).toBeLessThanOrEqual(14_600);
    }
  });

  it('the core and the rest split the subset, and theme.css declares exactly those ranges', () => {
    expect([...CORE_TEXT, ...EXTENDED_TEXT].sort()).toEqual([...SUBSET_TEXT].sort());
    expect([...CORE_TEXT].filter((c) => EXTENDED_TEXT.includes(c))).toEqual([]);
    const css = readFileSync(join(ROOT, 'src/styles/theme.css'), 'utf8').replace(/\s+/g, ' ');
    for (const { output, part } of FONT_SUBSETS) {
      const file = output.slice(output.lastIndexOf('/') + 1);
      const face = new RegExp(`@font-face \\{[^}]*${file}[^}]*unicode-range: ([^;]*);`).exec(css);
      expect(face?.[1], `the @font-face of ${file}`).toBe(
        unicodeRange(part === 'core' ? CORE_TEXT : EXTENDED_TEXT),
      );
    }
  });

  it('covers every character of the content, the site configuration and the templates', () => {
    const found: Record<string, string[]> = {};
    const note = (file: string, text: string) => {
      const chars = outside(text);
      if (chars.length) found[relative(ROOT, file)] = chars;
    };
    for (const file of walk(join(ROOT, 'src/content'))) {
      if (/\.ya?ml$/.test(file)) note(file, strings(parse(readFileSync(file, 'utf8'))).join('\n'));
      if (file.endsWith('.md')) note(file, readFileSync(file, 'utf8'));
    }
    note('src/site.config.ts', strings(site).join('\n'));
    for (const file of walk(join(ROOT, 'src'))) {
      if (file.endsWith('.tsx')) note(file, templateText(readFileSync(file, 'utf8')));
    }
    expect(found, 'add these characters to SUBSET_RANGES in scripts/subset-fonts.ts').toEqual({});
  });

  it('the check itself notices a character outside the subset', () => {
    expect(outside('Nāgarī — “quoted” ₹5')).toEqual(['ā', 'ī']);
  });
});
