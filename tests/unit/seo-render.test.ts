/**
 * Social cards (1200×630 PNG, drawn by the server with Satori and sharp) and favicons (resvg, at
 * build time); these tests render them for real and read the PNG/ICO headers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packIco, renderMarkPng } from '../../scripts/lib/artwork-render.ts';
import { cardText, headlineSize, renderOgCard } from '../../src/server/social-cards.ts';
import { LOGO_MARK } from '../../scripts/lib/artwork.ts';

const mark = readFileSync(LOGO_MARK, 'utf8');

/** Width and height from a PNG's IHDR chunk; throws if the bytes are not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!sig.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('cardText', () => {
  const brand = 'Kahaani Communications';
  it('drops the brand segment and splits headline from subline', () => {
    expect(cardText('Kahaani Communications · PR Agency in New Delhi', brand)).toEqual({
      headline: 'PR Agency in New Delhi',
    });
    expect(cardText('Expertise · Media Relations, Crisis & Public Affairs', brand)).toEqual({
      headline: 'Expertise',
      subline: 'Media Relations, Crisis & Public Affairs',
    });
    expect(cardText('Privacy Notice | Kahaani Communications', brand)).toEqual({
      headline: 'Privacy Notice',
    });
  });
  it('keeps hyphenated words and a title that is only the brand', () => {
    expect(cardText('Award-winning work', brand)).toEqual({ headline: 'Award-winning work' });
    expect(cardText(brand, brand)).toEqual({ headline: brand });
  });
  it('sizes long headlines down', () => {
    expect(headlineSize('Showcase')).toBeGreaterThan(headlineSize('x'.repeat(50)));
  });
});

describe('rendering', () => {
  it('renders a 1200×630 PNG social card', async () => {
    const png = await renderOgCard({
      brand: 'Kahaani Communications',
      mark,
      title: 'About Kahaani',
      subline: 'Independent PR Agency, New Delhi',
      tagline: 'Where every story finds its voice',
      kicker: 'New Delhi',
    });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.byteLength).toBeGreaterThan(10_000); // real glyphs, not an empty canvas
  });

  it('renders the brand mark (public/brand/logo-mark.svg) as exact-size PNGs', () => {
    expect(mark).toMatch(/^<svg[^>]+viewBox="0 0 64 64"/);
    for (const size of [32, 180, 512]) {
      for (const bleed of [false, true]) {
        const png = renderMarkPng(mark, size, bleed);
        expect(pngSize(png)).toEqual({ width: size, height: size });
        expect(png.byteLength, 'the mark is drawn, not an empty canvas').toBeGreaterThan(size);
      }
    }
  });

  it('packs PNGs into a valid ICO directory', () => {
    const images = [16, 32].map((size) => ({ size, png: renderMarkPng(mark, size) }));
    const ico = packIco(images);
    const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
    expect(view.getUint16(0, true)).toBe(0);
    expect(view.getUint16(2, true)).toBe(1);
    expect(view.getUint16(4, true)).toBe(2);
    expect(ico[6]).toBe(16);
    expect(ico[22]).toBe(32);
    const secondOffset = view.getUint32(22 + 12, true);
    expect(pngSize(ico.subarray(secondOffset))).toEqual({ width: 32, height: 32 });
    expect(() => packIco([])).toThrow(RangeError);
    expect(() => packIco([{ size: 300, png: images[0]!.png }])).toThrow(RangeError);
  });
});
