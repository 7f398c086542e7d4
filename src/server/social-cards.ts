/** 1200×630 PNG cards (https://ogp.me/) of the shown release's titles: docs/decisions/057-social-cards-per-release.md */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type satoriType from 'satori';
import { COLORS } from '../lib/seo/colors.ts';
import { OG_IMAGE_SIZE } from '../lib/seo/routes.ts';
import { ROUTE_IDS, type RouteId } from '../pages.ts';
import { site } from '../site.config.ts';

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

type SatoriFont = Parameters<typeof satoriType>[1]['fonts'][number];

let fontsPromise: Promise<SatoriFont[]> | undefined;

/** Static WOFF: Satori reads no WOFF2 nor variable axes; the build copies them to {@link CARD_FONTS_DIR}. */
export const CARD_FONTS = [
  '@fontsource/fraunces/files/fraunces-latin-600-normal.woff',
  '@fontsource/fraunces/files/fraunces-latin-400-italic.woff',
  '@fontsource/inter/files/inter-latin-400-normal.woff',
  '@fontsource/inter/files/inter-latin-600-normal.woff',
] as const;

/** Where the build keeps {@link CARD_FONTS}, relative to the build folder. */
export const CARD_FONTS_DIR = 'server/fonts';

/** Once per process, from `fontsDir` (the build's) or the `@fontsource` packages; @throws when one is missing */
function loadFonts(fontsDir: string | undefined): Promise<SatoriFont[]> {
  fontsPromise ??= (async () => {
    const require = createRequire(join(process.cwd(), 'package.json'));
    const load = (spec: string) =>
      readFile(fontsDir ? join(fontsDir, basename(spec)) : require.resolve(spec));
    const [fraunces, frauncesItalic, inter, interBold] = (await Promise.all(
      CARD_FONTS.map(load),
    )) as [Buffer, Buffer, Buffer, Buffer];
    return [
      { name: 'Fraunces', data: fraunces, weight: 600, style: 'normal' },
      { name: 'Fraunces', data: frauncesItalic, weight: 400, style: 'italic' },
      { name: 'Inter', data: inter, weight: 400, style: 'normal' },
      { name: 'Inter', data: interBold, weight: 600, style: 'normal' },
    ];
  })();
  return fontsPromise;
}

/** What a social card shows. */
export interface OgCard {
  brand: string;
  mark: string;
  title: string;
  subline?: string | undefined;
  tagline: string;
  kicker?: string;
}

/** ` · `, ` | `, ` — `, ` – ` segments less the brand's: the first is the headline, the rest the subline. */
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

/** Satori's SVG (text as outlines), rasterised by sharp, metadata-free. */
export async function renderOgCard(card: OgCard, fontsDir?: string): Promise<Buffer> {
  const { width, height } = OG_IMAGE_SIZE;
  // Loaded with the first card: an instance that is never asked for one never holds them.
  const [{ default: satori }, { default: sharp }] = await Promise.all([
    import('satori'),
    import('sharp'),
  ]);
  // Typed as a React node; Satori reads only `type`, `props.style`, `props.children`.
  const svg = await satori(ogCardTree(card) as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: await loadFonts(fontsDir),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** Revalidated like the pages, so a new title's card reaches a CDN within its 10 minutes. */
const CARD_CACHE_CONTROL = 'public, max-age=0, s-maxage=600, stale-while-revalidate=60';

/** What an item page's card says: its title, and its kind above it (`Case study`). */
export interface ItemCard {
  title: string;
  kind: string;
}

/** Cards kept drawn (about 50 KB each); one not kept is drawn again when asked. */
const DRAWN_CARDS = 500;

/**
 * `GET`/`HEAD /og/<route id>.png`, and an item page's `/og/<item page route>/<item id>.png`
 * (`itemOgImagePath`), `304` on its ETag; no `buildDir`: fonts and mark from the sources. A card
 * is drawn once per title (and kind), so a release that changes neither draws nothing.
 * @param itemOf an item page's card text by route and item id, undefined for none (a 404)
 */
export function socialCards(
  titleOf: (id: RouteId) => Promise<string>,
  buildDir: string | undefined,
  itemOf?: (route: string, id: string) => Promise<ItemCard | undefined>,
): RequestHandler {
  const fontsDir = buildDir && join(buildDir, CARD_FONTS_DIR);
  const mark = readFile(
    buildDir ? join(buildDir, 'client', 'favicon.svg') : 'public/brand/logo-mark.svg',
    'utf8',
  );
  mark.catch(() => undefined);
  const drawn = new LRUCache<string, Promise<{ png: Buffer; etag: string }>>({ max: DRAWN_CARDS });
  const draw = async (title: string, kicker: string) => {
    const { headline, subline } = cardText(title, site.name);
    const png = await renderOgCard(
      {
        brand: site.name,
        mark: await mark,
        title: headline,
        subline,
        tagline: site.tagline,
        kicker,
      },
      fontsDir,
    );
    return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
  };
  const cardOf = (title: string, kicker: string) => {
    const key = `${kicker}\0${title}`;
    let card = drawn.get(key);
    if (!card) {
      card = draw(title, kicker);
      card.catch(() => drawn.delete(key));
      drawn.set(key, card);
    }
    return card;
  };
  const textOf = async (path: string): Promise<{ title: string; kicker: string } | undefined> => {
    const page = /^\/og\/([a-z0-9-]+)\.png$/.exec(path)?.[1] as RouteId | undefined;
    if (page !== undefined) {
      return ROUTE_IDS.includes(page)
        ? { title: await titleOf(page), kicker: site.address.addressLocality }
        : undefined;
    }
    const item = /^\/og\/([a-z0-9-]+)\/([\w-]{1,100})\.png$/.exec(path);
    if (!item || !itemOf) return undefined;
    const card = await itemOf(item[1] ?? '', item[2] ?? '');
    return card && { title: card.title, kicker: card.kind };
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/og/')) {
      return next();
    }
    void textOf(req.path)
      .then((text) => (text ? cardOf(text.title, text.kicker) : undefined))
      .then((card) => {
        if (!card) return next();
        res.set({
          'Content-Type': 'image/png',
          'Cache-Control': CARD_CACHE_CONTROL,
          ETag: card.etag,
        });
        if (req.fresh) return void res.status(304).end();
        res.send(card.png);
      }, next);
  };
}
