/**
 * An uploaded image decoded and re-encoded by sharp (https://sharp.pixelplumbing.com), so that
 * nothing of the uploaded file but its pixels is ever served
 * (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md): the type is read from the
 * bytes, never from the name or the browser's word; EXIF orientation is applied, then every piece
 * of metadata (EXIF, GPS, XMP, ICC beyond sRGB) dropped, as sharp does unless told to keep it;
 * an SVG is rasterised by librsvg, which runs no script.
 */
import { createHash } from 'node:crypto';
import {
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  VARIANT_FORMATS,
  type UploadStatus,
  type VariantFormat,
} from '../../lib/media.ts';

/**
 * Widths made of every image, in CSS pixels × 1 and × 2 of where pages show them: awards at 160,
 * team portraits at 320 (up to 160 on phones), the founder at up to 480
 * (`src/components/sections/about.tsx`, `src/components/widgets/awards-carousel.tsx`).
 */
export const VARIANT_WIDTHS = [160, 320, 640, 960] as const;

/** What sharp may read from an upload (`metadata().format`; AVIF reads as HEIF with AV1). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'svg', 'heif']);

/** Why an upload was refused; the message is {@link UPLOAD_MESSAGES}'. */
export type RefusalCode = Extract<
  UploadStatus,
  'empty' | 'too-large' | 'not-an-image' | 'too-many-pixels' | 'damaged'
>;

/** Thrown by {@link encodeImage}: the upload is not kept. */
export class MediaRefusal extends Error {
  override name = 'MediaRefusal';
  readonly code: RefusalCode;
  constructor(code: RefusalCode) {
    super(UPLOAD_MESSAGES[code]);
    this.code = code;
  }
}

export interface EncodedVariant {
  format: VariantFormat;
  /** Pixels. */
  width: number;
  height: number;
  bytes: Uint8Array;
  /** SHA-256 of `bytes`, hex. */
  hash: string;
}

export interface EncodedImage {
  /** SHA-256 of the uploaded bytes, hex, first 32 characters: the same file is the same id. */
  id: string;
  /** The format the bytes said they were (`jpeg`, `png`, `webp`, `gif`, `svg`, `avif`). */
  sourceFormat: string;
  /** Pixels, after EXIF rotation. */
  width: number;
  height: number;
  variants: EncodedVariant[];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Uploads encode one at a time: each already uses libvips' threads, and memory stays bounded. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Decodes `bytes` and re-encodes it as AVIF and WebP at each of {@link VARIANT_WIDTHS} not wider
 * than the image (its own width when narrower than all), one upload at a time.
 * @throws MediaRefusal when the bytes are empty, over {@link MAX_UPLOAD_BYTES}, not an accepted
 *   image, over {@link MAX_INPUT_PIXELS}, or cannot be decoded
 */
export function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  const run = queue.then(() => encode(bytes));
  queue = run.catch(() => undefined);
  return run;
}

async function encode(bytes: Uint8Array): Promise<EncodedImage> {
  if (bytes.byteLength === 0) throw new MediaRefusal('empty');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new MediaRefusal('too-large');
  // Loaded at the first upload: libvips is tens of MB a server that only serves pages never needs.
  const { default: sharp } = await import('sharp');
  const input = () =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  // sharp refuses a header declaring more than `limitInputPixels` before decoding anything.
  const overLimit = (error: unknown) =>
    error instanceof Error && /pixel limit/i.test(error.message);
  const meta = await input()
    .metadata()
    .catch((error: unknown) => {
      throw new MediaRefusal(overLimit(error) ? 'too-many-pixels' : 'not-an-image');
    });
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (!format || !ACCEPTED.has(meta.format ?? '') || (meta.format === 'heif' && format !== 'avif'))
    throw new MediaRefusal('not-an-image');
  const declared = (meta.width ?? 0) * (meta.height ?? 0);
  if (declared > MAX_INPUT_PIXELS) throw new MediaRefusal('too-many-pixels');
  // Decoded once, rotated upright, as raw pixels: the variants are made from these alone.
  const base = await input()
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new MediaRefusal(overLimit(error) ? 'too-many-pixels' : 'damaged');
    });
  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } };
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width);
  const variants: EncodedVariant[] = [];
  for (const w of widths) {
    for (const f of VARIANT_FORMATS) {
      const pipeline = sharp(base.data, raw).resize({ width: w, withoutEnlargement: true });
      const out = await (
        f === 'avif' ? pipeline.avif({ quality: 55, effort: 3 }) : pipeline.webp({ quality: 80 })
      ).toBuffer({ resolveWithObject: true });
      const data = new Uint8Array(out.data);
      variants.push({
        format: f,
        width: out.info.width,
        height: out.info.height,
        bytes: data,
        hash: sha256(data),
      });
    }
  }
  return { id: sha256(bytes).slice(0, 32), sourceFormat: format, width, height, variants };
}
