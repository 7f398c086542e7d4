/** Image fields resolved to asset URLs or `<picture>` shapes: docs/decisions/051-uploaded-images-re-encoded-in-the-database.md */
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

/** Copies only what it walks through (objects, lists, records, wrappers). */
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

/** @throws Error naming a value no drawing or upload has, or an upload without a media store */
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
