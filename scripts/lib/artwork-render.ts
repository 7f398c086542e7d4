/**
 * Build-time raster artwork for install surfaces: the favicon set and the manifest icons, the
 * brand mark rasterised by resvg (`npm run build`). The pages' social cards are drawn by the
 * server from each release's titles (`src/server/social-cards.ts`).
 */
import { Resvg } from '@resvg/resvg-js';
import { COLORS } from '../../src/lib/seo/colors.ts';

/** Rasterises an SVG string to PNG bytes, scaled to `width` px wide. System fonts are never used. */
function svgToPng(svg: string, width: number): Uint8Array<ArrayBuffer> {
  const png = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
  return new Uint8Array(png);
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
