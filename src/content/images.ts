/**
 * Content `image` fields made something a page can show (docs/decisions/048-content-in-the-database.md,
 * docs/decisions/051-uploaded-images-re-encoded-in-the-database.md):
 *
 * - a drawing's path relative to this folder (`../assets/awards/x.svg`), the key of Vite's glob
 *   here (https://vite.dev/guide/features#glob-import), becomes its fingerprinted asset URL (the
 *   build fingerprints every drawing whether or not a page shows it today);
 * - `media:<id>`, an uploaded image, becomes a `<picture>`'s shape (`PictureImage` in
 *   `src/lib/media.ts`) from the media store's record, its alt text included.
 *
 * Loaders only: the map stays out of the browser's chunks.
 */
import { mediaId, pictureOf, type ContentImage, type MediaInfo } from '../lib/media.ts';

const URLS: Readonly<Record<string, string>> = import.meta.glob(
  ['../assets/awards/*.svg', '../assets/avatars/*.svg'],
  { eager: true, query: '?url', import: 'default' },
);

/** Where loaders find uploads' records (the media store, `src/server/content/media.ts`). */
export interface MediaLookup {
  /** The records of `ids` that exist, by id. */
  many(ids: readonly string[]): Promise<ReadonlyMap<string, MediaInfo>>;
}

/** `T` with every string field named `image` resolved to a {@link ContentImage}. */
export type WithImages<T> = T extends object
  ? {
      [K in keyof T]: K extends 'image'
        ? T[K] extends string
          ? ContentImage
          : T[K]
        : WithImages<T[K]>;
    }
  : T;

/**
 * `data` with every string field named `image` replaced by its asset URL or its upload's picture.
 * @throws Error naming the value when no drawing or upload has it, or an upload is named and
 *   there is no media store (a release that fails to render keeps the old pages)
 */
export async function withImages<T>(data: T, media?: MediaLookup): Promise<WithImages<T>> {
  const ids: string[] = [];
  JSON.stringify(data, (key, value: unknown) => {
    const id = key === 'image' && typeof value === 'string' ? mediaId(value) : undefined;
    if (id) ids.push(id);
    return value;
  });
  if (ids.length > 0 && !media)
    throw new Error('Uploaded images are named but there is no media store');
  const records = ids.length > 0 && media ? await media.many(ids) : new Map<string, MediaInfo>();
  return JSON.parse(JSON.stringify(data), (key, value: unknown) => {
    if (key !== 'image' || typeof value !== 'string') return value;
    const id = mediaId(value);
    if (id) {
      const record = records.get(id);
      if (!record) throw new Error(`No uploaded image ${value}`);
      return pictureOf(record);
    }
    const url = URLS[value];
    if (!url) throw new Error(`No drawing at src/content/${value}`);
    return url;
  }) as WithImages<T>;
}
