/**
 * Makes the two self-hosted web fonts smaller (subset to Latin), with
 * `subset-font` (HarfBuzz's hb-subset compiled to WebAssembly).
 *
 * Input: the Latin variable files of the `@fontsource-variable` packages (weight axis 100–900).
 * Output: `src/assets/fonts/fraunces-latin-400-{core,extended}.woff2` and
 * `inter-latin-wght-400-700-{core,extended}.woff2`, which `src/styles/theme.css` declares with
 * `@font-face` and `unicode-range` ({@link CORE_RANGES}). Four reductions:
 * - Inter's weight axis is limited to 400–700 (the site sets 400, 500 and 600; 700 is kept for
 *   the bold an editor may add in Markdown); Fraunces, the display face, is pinned to one static
 *   instance at 400, the only weight the site sets in it (17.7 KB instead of 32.5 KB for the
 *   400–700 axis; decision 014);
 * - only the characters of {@link SUBSET_TEXT} are kept: Basic Latin, Latin-1 (accented names),
 *   typographic punctuation, ₹, €, ™ and arrows. A character outside it is still shown, in the
 *   fallback face; `tests/unit/fonts.test.ts` fails if site content uses one;
 * - only the layout features of {@link KEEP_FEATURES} (decision 016);
 * - each face split into a core file and the rest ({@link CORE_RANGES}, decision 016).
 *
 * Measured: Fraunces 36.6 → 17.7 KB, Inter 48.3 → 22.2 KB (woff2) as one file each; split, the
 * cores a page downloads are 11.6 and 13.3 KB.
 *
 * Usage: `npm run fonts:subset` after upgrading a font package; commit the output. The output is
 * deterministic, and the unit test checks that the committed files match it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// subset-font ships no types: its one function takes the font, the text and options.
// @ts-expect-error -- no declaration file
import subsetFontUntyped from 'subset-font';

const subsetFont = subsetFontUntyped as (
  font: Buffer,
  text: string,
  options: {
    targetFormat: 'woff2';
    variationAxes: Record<string, WeightAxis>;
    keepFeatures: readonly string[];
  },
) => Promise<Buffer>;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Inclusive code-point ranges kept in every subset. */
export const SUBSET_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement (é, ü, ©, ·, ×, …)
  [0x0131, 0x0131], // dotless i
  [0x0152, 0x0153], // Œ œ
  [0x2013, 0x2014], // en and em dash
  [0x2018, 0x201a], // single quotes
  [0x201c, 0x201e], // double quotes
  [0x2020, 0x2022], // daggers, bullet
  [0x2026, 0x2026], // ellipsis
  [0x2032, 0x2033], // prime, double prime
  [0x2039, 0x203a], // single guillemets (breadcrumb ›)
  [0x20ac, 0x20ac], // €
  [0x20b9, 0x20b9], // ₹
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

/** The characters of inclusive code-point ranges, as one string. */
const textOf = (ranges: ReadonlyArray<readonly [number, number]>): string =>
  ranges
    .flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i)))
    .join('');

/** Every character kept, as one string. */
export const SUBSET_TEXT = textOf(SUBSET_RANGES);

/**
 * The core of each subset: letters, digits, the punctuation of running text and the few other
 * characters the site's templates and content use (·, ©, ×, dashes, curly quotes, ellipsis,
 * bullet, ₹, →). Each face is two files split by `unicode-range`
 * (https://www.w3.org/TR/css-fonts-4/#unicode-range-desc): the core, which every page needs and
 * the server preloads, and the rest of {@link SUBSET_RANGES} (accented letters, brackets, other
 * symbols), which a browser downloads only for a page whose text uses one of them. A core file is
 * under the 14.6 KB a new connection's first round trip carries (TCP's initial window of ten
 * segments, https://www.rfc-editor.org/rfc/rfc6928): Inter 13.3 KB, Fraunces 11.6 KB
 * (decision 016). The `unicode-range` descriptors in `src/styles/theme.css` must name exactly
 * these ranges; `tests/unit/fonts.test.ts` checks it.
 */
export const CORE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x003b], // space, ! " # $ % & ' ( ) * + , - . /, digits, : ;
  [0x003d, 0x003d], // =
  [0x003f, 0x005a], // ? @ A–Z
  [0x0061, 0x007a], // a–z
  [0x00a0, 0x00a0], // no-break space
  [0x00a9, 0x00a9], // ©
  [0x00b7, 0x00b7], // ·
  [0x00d7, 0x00d7], // ×
  [0x2013, 0x2014], // en and em dash
  [0x2018, 0x2019], // single quotes
  [0x201c, 0x201d], // double quotes
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
  [0x20b9, 0x20b9], // ₹
  [0x2192, 0x2192], // →
];

/** The characters of {@link CORE_RANGES}. */
export const CORE_TEXT = textOf(CORE_RANGES);

/** The characters of {@link SUBSET_RANGES} outside the core. */
export const EXTENDED_TEXT = [...SUBSET_TEXT].filter((c) => !CORE_TEXT.includes(c)).join('');

/**
 * A set of characters as a CSS `unicode-range` value (`U+20-3B, U+3D, …`, upper-case hex, ranges
 * merged).
 */
export function unicodeRange(text: string): string {
  const points = [...new Set([...text].map((c) => c.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < points.length; i++) {
    const start = points[i] ?? 0;
    let end = start;
    while (points[i + 1] === end + 1) end = points[++i] ?? end;
    const hex = (n: number) => n.toString(16).toUpperCase();
    parts.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return parts.join(', ');
}

/**
 * OpenType layout features kept (https://learn.microsoft.com/typography/opentype/spec/featuretags):
 * the ones browsers apply to Latin text by default
 * (https://www.w3.org/TR/css-fonts-4/#default-features) except `calt`, plus `tnum`, which the
 * site's `tabular-nums` index numbers ask for. Every other feature goes, with the glyphs only it
 * reaches: Inter's stylistic sets, character variants, fractions, case-sensitive forms and its
 * contextual alternates (`calt`: a colon raised between digits, `->` drawn as an arrow), which
 * the site's copy barely meets. Inter 28.6 → 22.2 KB; decision 016.
 */
export const KEEP_FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'kern',
  'liga',
  'clig',
  'rlig',
  'rclt',
  'rvrn',
  'tnum',
] as const;

/**
 * Weight axis range kept (CSS font-weight units). The default instance is set to 400, the weight
 * of headings and body text: the metric-adjusted fallbacks in `theme.css` (`size-adjust`) were
 * computed from the default instance's glyph widths, and Fraunces ships with 900 as its default.
 */
export const WEIGHT_RANGE = { min: 400, max: 700, default: 400 };

/** What `subset-font` does to the weight axis: keep a range, or pin one instance. */
type WeightAxis = typeof WEIGHT_RANGE | number;

const FACES = [
  {
    family: 'Fraunces',
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    stem: 'src/assets/fonts/fraunces-latin-400',
    weight: 400,
  },
  {
    family: 'Inter',
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    stem: 'src/assets/fonts/inter-latin-wght-400-700',
    weight: WEIGHT_RANGE,
  },
] as const;

/**
 * Each output file: the family, the source package file, the output path (relative to the
 * repository root; `-core` or `-extended` before `.woff2`), the weight axis and the characters.
 */
export const FONT_SUBSETS: ReadonlyArray<{
  family: string;
  part: 'core' | 'extended';
  source: string;
  output: string;
  weight: WeightAxis;
  text: string;
}> = FACES.flatMap(({ family, source, stem, weight }) => [
  { family, part: 'core', source, output: `${stem}-core.woff2`, weight, text: CORE_TEXT },
  {
    family,
    part: 'extended',
    source,
    output: `${stem}-extended.woff2`,
    weight,
    text: EXTENDED_TEXT,
  },
]);

/**
 * Subset one font.
 * @param source package path of the input woff2
 * @param weight the weight range kept, or the one weight pinned as a static instance
 * @param text the characters kept
 * @returns the subset woff2 bytes
 * @throws when the package is not installed
 */
export async function subsetOne(source: string, weight: WeightAxis, text: string): Promise<Buffer> {
  const input = readFileSync(require.resolve(source));
  return subsetFont(input, text, {
    targetFormat: 'woff2',
    variationAxes: { wght: weight },
    keepFeatures: KEEP_FEATURES,
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { family, part, source, output, weight, text } of FONT_SUBSETS) {
    const before = readFileSync(require.resolve(source)).length;
    const bytes = await subsetOne(source, weight, text);
    const out = join(ROOT, output);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, bytes);
    console.log(
      `${family} ${part}: ${(before / 1000).toFixed(1)} KB → ${(bytes.length / 1000).toFixed(1)} KB  ${output}`,
    );
  }
}
