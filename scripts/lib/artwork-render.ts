/**
 * Build-time raster and vector artwork for sharing and install surfaces: the
 * 1200×630 social card of every page, the favicon set and the manifest icons.
 *
 * Satori lays out a small element tree with real fonts and emits SVG whose text is already
 * converted to glyph outlines; resvg rasterises that SVG to PNG. Both run only at build time
 * (`npm run build`), never per request. Fonts are the static `@fontsource/*` WOFF
 * files: Satori reads TTF/OTF/WOFF but not WOFF2, and it ignores variable-font axes, so the
 * `@fontsource-variable/*` files the site uses in browsers cannot be reused here.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import { COLORS } from '../../src/lib/seo/colors.ts';
import { OG_IMAGE_SIZE } from '../../src/lib/seo/routes.ts';

export { COLORS };

/** A Satori element: the React-element shape without React (`type`, `props.style`, children). */
export interface SvgNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: SvgChild | SvgChild[] } & Record<
    string,
    unknown
  >;
}
type SvgChild = SvgNode | string;

/** Builds a Satori element (`h('div', { display: 'flex' }, child, …)`). */
export const h = (
  type: string,
  style: Record<string, string | number>,
  ...children: SvgChild[]
): SvgNode => ({
  type,
  props: { style, children },
});

type SatoriFont = Parameters<typeof satori>[1]['fonts'][number];

let fontsPromise: Promise<SatoriFont[]> | undefined;

/**
 * Loads (once per process) Fraunces 600 for display text, Fraunces 400 italic for the tagline and Inter 400/600 for labels from the
 * static `@fontsource` packages, resolved from the project root (the working directory of the
 * build and of Vitest).
 *
 * @throws when a font package is missing (run `npm ci`).
 */
export function loadFonts(): Promise<SatoriFont[]> {
  fontsPromise ??= (async () => {
    const require = createRequire(join(process.cwd(), 'package.json'));
    const load = (spec: string) => readFile(require.resolve(spec));
    const [fraunces, frauncesItalic, inter, interBold] = await Promise.all([
      load('@fontsource/fraunces/files/fraunces-latin-600-normal.woff'),
      load('@fontsource/fraunces/files/fraunces-latin-400-italic.woff'),
      load('@fontsource/inter/files/inter-latin-400-normal.woff'),
      load('@fontsource/inter/files/inter-latin-600-normal.woff'),
    ]);
    return [
      { name: 'Fraunces', data: fraunces, weight: 600, style: 'normal' },
      { name: 'Fraunces', data: frauncesItalic, weight: 400, style: 'italic' },
      { name: 'Inter', data: inter, weight: 400, style: 'normal' },
      { name: 'Inter', data: interBold, weight: 600, style: 'normal' },
    ];
  })();
  return fontsPromise;
}

/** Renders an element tree to an SVG string of `width`×`height` px with glyphs as outlines. */
export async function renderSvg(node: SvgNode, width: number, height: number): Promise<string> {
  // Satori's parameter is typed as a React node; our element objects have exactly the runtime
  // shape it reads (`type`, `props.style`, `props.children`) without needing React at build time.
  return satori(node as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: await loadFonts(),
  });
}

/** Rasterises an SVG string to PNG bytes, scaled to `width` px wide. System fonts are never used. */
export function svgToPng(svg: string, width: number): Uint8Array<ArrayBuffer> {
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
}

/** What a social card shows. */
export interface OgCard {
  /** Brand name, top left (site config). */
  brand: string;
  /** The brand mark (SVG source), beside the name. */
  mark: string;
  /** The page's headline, in the display serif. */
  title: string;
  /** Optional smaller line under the headline. */
  subline?: string | undefined;
  /** The tagline, bottom. */
  tagline: string;
  /** Small line top right, e.g. the city. */
  kicker?: string;
}

/**
 * Splits a page `<title>` into the card's headline and an optional subline. Titles are written as
 * segments joined by ` · ` (or ` | `, ` — `, ` – `); the segment that is only the brand name is
 * dropped (the card shows the brand separately), the first remaining segment becomes the headline
 * and the rest the subline: `Expertise · Media Relations, Crisis & Public Affairs` →
 * `{ headline: 'Expertise', subline: 'Media Relations, Crisis & Public Affairs' }`.
 */
export function cardText(title: string, brand: string): { headline: string; subline?: string } {
  const segments = title
    .split(/\s+[|\u00b7\u2013\u2014]\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && s.toLowerCase() !== brand.toLowerCase());
  const [headline, ...rest] = segments;
  if (!headline) return { headline: title.trim() };
  return rest.length > 0 ? { headline, subline: rest.join(' · ') } : { headline };
}

/** Display size (px) of the headline: smaller for long titles so they stay within three lines. */
export const headlineSize = (text: string): number =>
  text.length <= 24 ? 92 : text.length <= 40 ? 80 : 64;

/** The social card element tree (1200×630): ink background, paper serif headline, one accent. */
export function ogCardTree(card: OgCard): SvgNode {
  return h(
    'div',
    {
      width: '100%',
      height: '100%',
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 88px 76px',
      backgroundColor: COLORS.ink,
      color: COLORS.paper,
      fontFamily: 'Inter',
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
      h(
        'div',
        { display: 'flex', alignItems: 'center' },
        {
          type: 'img',
          props: {
            src: `data:image/svg+xml;base64,${Buffer.from(card.mark).toString('base64')}`,
            width: 56,
            height: 56,
            style: { marginRight: 22 },
          },
        },
        h(
          'div',
          { fontSize: 26, fontWeight: 600, letterSpacing: '0.16em', textTransform: 'uppercase' },
          card.brand,
        ),
      ),
      h(
        'div',
        {
          fontSize: 22,
          letterSpacing: '0.12em',
          textTransform: 'uppercase',
          color: COLORS.stone300,
        },
        card.kicker ?? '',
      ),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h(
        'div',
        {
          display: 'flex',
          fontFamily: 'Fraunces',
          fontWeight: 600,
          fontSize: headlineSize(card.title),
          lineHeight: 1.05,
          letterSpacing: '-0.02em',
          maxWidth: 980,
          // Even line lengths: no lone last word ("PR Agency in New / Delhi").
          textWrap: 'balance',
        },
        card.title,
      ),
      ...(card.subline
        ? [
            h(
              'div',
              {
                marginTop: 24,
                fontSize: 30,
                color: COLORS.stone300,
                maxWidth: 980,
                lineHeight: 1.3,
              },
              card.subline,
            ),
          ]
        : []),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h('div', { width: 72, height: 4, backgroundColor: COLORS.accent, marginBottom: 28 }),
      h(
        'div',
        {
          fontSize: 36,
          color: COLORS.stone300,
          fontFamily: 'Fraunces',
          fontWeight: 400,
          fontStyle: 'italic',
        },
        card.tagline,
      ),
    ),
  );
}

/** Renders a social card to a 1200×630 PNG. */
export async function renderOgCard(card: OgCard): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = OG_IMAGE_SIZE;
  return svgToPng(await renderSvg(ogCardTree(card), width, height), width);
}

/**
 * The brand mark (an SVG of any square size, `public/brand/logo-mark.svg`) as a `size`×`size` PNG.
 * With `bleed` it sits on an ink square at 80% (the safe zone Android's masks and iOS's rounding
 * keep, https://web.dev/articles/maskable-icon); otherwise it fills the image, corners as drawn.
 */
export function renderMarkPng(mark: string, size: number, bleed = false): Uint8Array<ArrayBuffer> {
  const inset = bleed ? Math.round(size * 0.1) : 0;
  const href = `data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (bleed ? `<rect width="${size}" height="${size}" fill="${COLORS.ink}"/>` : '') +
    `<image href="${href}" x="${inset}" y="${inset}" width="${size - 2 * inset}" height="${size - 2 * inset}"/></svg>`;
  return svgToPng(svg, size);
}

/**
 * Packs PNG images into one `.ico` file (the ICO container may hold PNG payloads; every browser
 * that still asks for `/favicon.ico` reads them). Sizes must be 1–256 px.
 *
 * @throws RangeError for an empty list or a size outside 1–256.
 */
export function packIco(
  images: ReadonlyArray<{ size: number; png: Uint8Array }>,
): Uint8Array<ArrayBuffer> {
  if (images.length === 0) throw new RangeError('An .ico needs at least one image');
  const headerSize = 6 + 16 * images.length;
  const total = headerSize + images.reduce((n, i) => n + i.png.byteLength, 0);
  const buf = Buffer.alloc(total);
  buf.writeUInt16LE(0, 0); // reserved
  buf.writeUInt16LE(1, 2); // type 1 = icon
  buf.writeUInt16LE(images.length, 4);
  let offset = headerSize;
  images.forEach(({ size, png }, i) => {
    if (size < 1 || size > 256) throw new RangeError(`Icon size ${size} is outside 1–256`);
    const e = 6 + 16 * i;
    buf.writeUInt8(size === 256 ? 0 : size, e); // width (0 means 256)
    buf.writeUInt8(size === 256 ? 0 : size, e + 1); // height
    buf.writeUInt8(0, e + 2); // palette size
    buf.writeUInt8(0, e + 3); // reserved
    buf.writeUInt16LE(1, e + 4); // colour planes
    buf.writeUInt16LE(32, e + 6); // bits per pixel
    buf.writeUInt32LE(png.byteLength, e + 8);
    buf.writeUInt32LE(offset, e + 12);
    buf.set(png, offset);
    offset += png.byteLength;
  });
  return new Uint8Array(buf);
}
