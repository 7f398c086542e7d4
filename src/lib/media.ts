/** No sharp here: docs/decisions/051-uploaded-images-re-encoded-in-the-database.md */
import { STAFF_BASE } from './staff-paths.ts';

/** The staff page listing uploads. */
export const MEDIA_PAGE = `${STAFF_BASE}/content/media`;
/** Multipart, an Express route before the route tree. */
export const UPLOAD_PATH = `${MEDIA_PAGE}/upload`;
/** `/media/<id>-<width>.<avif|webp>`. */
export const MEDIA_PREFIX = '/media/';

/** Bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Width × height declared: a decompression bomb is refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Characters. */
export const MAX_ALT_LENGTH = 300;

/** Best first, as a `<picture>`'s sources. */
export const VARIANT_FORMATS = ['avif', 'webp'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** A content image field naming an upload: `media:<id>`. */
export const MEDIA_REF = /^media:([0-9a-f]{32})$/;

/** Undefined for a drawing's path. */
export const mediaId = (value: string): string | undefined => MEDIA_REF.exec(value)?.[1];

/** One variant's URL. */
export const mediaUrl = (id: string, width: number, format: VariantFormat): string =>
  `${MEDIA_PREFIX}${id}-${width}.${format}`;

/** By the `?status=` the upload route redirects with. */
export const UPLOAD_MESSAGES = {
  uploaded: 'Uploaded. Its variants are ready to use.',
  duplicate: 'This image was uploaded before: the earlier upload and its alt text are kept.',
  'no-file': 'Choose an image file to upload.',
  empty: 'The file is empty: choose an image file.',
  'too-large': `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: choose a smaller image.`,
  'not-an-image':
    'This file is not an image we can use: upload a JPEG, PNG, WebP, AVIF, GIF or SVG.',
  'too-many-pixels': `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels: scale it down first.`,
  damaged: 'The image could not be read: it may be damaged. Export it again and upload that.',
  'alt-missing':
    'Describe the image for people who cannot see it, or tick “Decorative” if it adds nothing.',
  'alt-too-long': `Keep the alt text to ${MAX_ALT_LENGTH} characters.`,
  'bad-form': 'The upload did not arrive whole: choose the file and send it again.',
} as const;
export type UploadStatus = keyof typeof UPLOAD_MESSAGES;

/** Shown beside the file field; the rest beside the alt field. */
export const FILE_PROBLEMS: readonly UploadStatus[] = [
  'no-file',
  'empty',
  'too-large',
  'not-an-image',
  'too-many-pixels',
  'damaged',
  'bad-form',
];
export const ALT_PROBLEMS: readonly UploadStatus[] = ['alt-missing', 'alt-too-long'];

export const isUploadStatus = (value: unknown): value is UploadStatus =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_MESSAGES, value);

/** A `srcset` per format, best first; `src` the WebP nearest 640 px; `alt` '' when decorative. */
export interface PictureImage {
  kind: 'picture';
  src: string;
  width: number;
  height: number;
  alt: string;
  sources: Array<{ type: `image/${VariantFormat}`; srcSet: string }>;
}

/** A drawing's URL, or an upload. */
export type ContentImage = string | PictureImage;

/** As the media store records an upload. */
export interface MediaInfo {
  id: string;
  alt: string;
  decorative: boolean;
  width: number;
  height: number;
  variants: ReadonlyArray<{ format: VariantFormat; width: number }>;
}

/** An upload's `<picture>`. */
export function pictureOf(media: MediaInfo): PictureImage {
  const sources = VARIANT_FORMATS.flatMap((format) => {
    const widths = media.variants.filter((v) => v.format === format).map((v) => v.width);
    if (widths.length === 0) return [];
    const srcSet = widths.map((w) => `${mediaUrl(media.id, w, format)} ${w}w`).join(', ');
    return [{ type: `image/${format}` as const, srcSet }];
  });
  const webp = media.variants.filter((v) => v.format === 'webp').map((v) => v.width);
  const fallback = webp.filter((w) => w <= 640).at(-1) ?? webp[0] ?? 0;
  return {
    kind: 'picture',
    src: mediaUrl(media.id, fallback, 'webp'),
    width: media.width,
    height: media.height,
    alt: media.decorative ? '' : media.alt,
    sources,
  };
}
