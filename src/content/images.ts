/**
 * Content image fields made something a page can show (docs/decisions/048-content-in-the-database.md,
 * docs/decisions/051-uploaded-images-re-encoded-in-the-database.md,
 * docs/decisions/063-one-definition-per-collection.md). A field is an image by its schema
 * (`image()` in `schemas.ts`: `.meta({ widget: 'image' })`), never by its name:
 *
 * - a drawing's path relative to this folder (`../assets/awards/x.svg`), the key of Vite's glob
 *   here (https://vite.dev/guide/features#glob-import), becomes its fingerprinted asset URL (the
 *   build fingerprints every drawing whether or not a page shows it today);
 * - `media:<id>`, an uploaded image, becomes a `<picture>`'s shape (`PictureImage` in
 *   `src/lib/media.ts`) from the media store's record, its alt text included.
 *
 * The server resolves a release once for its pages (`src/server/content/source.ts`); the map
 * stays out of the browser's chunks.
 */
import type { z } from 'zod';
import { fieldMeta } from './collection.ts';
import { COLLECTIONS, CONTENT_FILES, type Content } from './collections.ts';
import type { ImageRef } from './schemas.ts';
import { mediaId, pictureOf, type ContentImage, type MediaInfo } from '../lib/media.ts';

const URLS: Readonly<Record<string, string>> = import.meta.glob(
  ['../assets/awards/*.svg', '../assets/avatars/*.svg'],
  { eager: true, query: '?url', import: 'default' },
);

/** A drawing's asset URL by its path as content names it; undefined when no drawing has it. */
export const drawingUrl = (ref: string): string | undefined => URLS[ref];

/** Where the server finds uploads' records (the media store, `src/server/content/media.ts`). */
export interface MediaLookup {
  /** The records of `ids` that exist, by id. */
  many(ids: readonly string[]): Promise<ReadonlyMap<string, MediaInfo>>;
}

/** `T` with every image field (an {@link ImageRef}) resolved to a {@link ContentImage}. */
export type ShownImages<T> = T extends ImageRef
  ? ContentImage
  : T extends ReadonlyArray<infer E>
    ? Array<ShownImages<E>>
    : T extends object
      ? { [K in keyof T]: ShownImages<T[K]> }
      : T;

/** The content as the pages show it: every image field resolved. */
export type SiteContent = ShownImages<Content>;

/**
 * `value` (an output of `schema`) with `visit` applied to each image field's string, copying
 * only what it walks through; `schema` is walked through objects, lists, records and wrappers.
 */
function mapImages(schema: z.ZodType, value: unknown, visit: (ref: string) => unknown): unknown {
  const { inner, meta } = fieldMeta(schema);
  if (value === undefined || value === null) return value;
  if (meta.widget === 'image') return typeof value === 'string' ? visit(value) : value;
  const def = inner._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    valueType?: z.ZodType;
  };
  if (def.type === 'object' && def.shape && typeof value === 'object') {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, field] of Object.entries(def.shape)) {
      if (key in out) out[key] = mapImages(field, out[key], visit);
    }
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    return value.map((entry: unknown) => mapImages(def.element!, entry, visit));
  }
  return value;
}

/** Every collection's value with `visit` applied to its image fields, by its item schema. */
function mapContent(content: Content, visit: (ref: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of CONTENT_FILES) {
    const { item, shape } = COLLECTIONS[file];
    const value: unknown = content[file];
    if (shape === 'one') out[file] = mapImages(item, value, visit);
    else if (shape === 'list') {
      out[file] = (value as unknown[]).map((entry) => mapImages(item, entry, visit));
    } else {
      out[file] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [
          k,
          mapImages(item, v, visit),
        ]),
      );
    }
  }
  return out;
}

/**
 * The content with every image field replaced by its asset URL or its upload's picture.
 * @throws Error naming the value when no drawing or upload has it, or an upload is named and
 *   there is no media store (a release that fails to render keeps the old pages)
 */
export async function showImages(content: Content, media?: MediaLookup): Promise<SiteContent> {
  const ids: string[] = [];
  mapContent(content, (ref) => {
    const id = mediaId(ref);
    if (id) ids.push(id);
    return ref;
  });
  if (ids.length > 0 && !media) {
    throw new Error('Uploaded images are named but there is no media store');
  }
  const records = ids.length > 0 && media ? await media.many(ids) : new Map<string, MediaInfo>();
  return mapContent(content, (ref): ContentImage => {
    const id = mediaId(ref);
    if (id) {
      const record = records.get(id);
      if (!record) throw new Error(`No uploaded image ${ref}`);
      return pictureOf(record);
    }
    const url = URLS[ref];
    if (!url) throw new Error(`No drawing at src/content/${ref}`);
    return url;
  }) as SiteContent;
}
