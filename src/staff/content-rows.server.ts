/**
 * What a collection's row shows besides its title, so that staff recognise an item at a glance:
 * a thumbnail when the item has an image field (an upload's smallest WebP, or the drawing), else a
 * snippet of its longest text (a quote, a summary), and whether a pending schedule publishes it
 * (docs/decisions/055-scheduled-publishing.md).
 */
import { z } from 'zod';
import { COLLECTIONS, type ContentFile } from '../content/collections.ts';
import { fieldMeta } from '../content/collection.ts';
import { drawingUrl } from '../content/images.ts';
import { isRichTextSchema } from '../content/rich-text.ts';
import { mediaId, mediaUrl, type MediaInfo } from '../lib/media.ts';
import { toPlainText, type RichTextInput } from '../lib/rich-text.ts';
import type { ScheduleStore } from '../server/content/schedules.ts';

/** A row's picture: `alt` is '' (the title beside it names the item). */
export interface RowThumbnail {
  src: string;
  width: number;
  height: number;
}

/** The longest a snippet is, in characters, before it ends with an ellipsis. */
export const SNIPPET_CHARS = 140;

const shapeOfItem = (collection: ContentFile): Record<string, z.ZodType> =>
  (COLLECTIONS[collection].item as z.ZodObject).shape;

/** The `media:` ids the items' top-level image fields name, to look up in one query. */
export function imageIds(collection: ContentFile, values: readonly unknown[]): string[] {
  const fields = Object.entries(shapeOfItem(collection)).filter(
    ([, schema]) => fieldMeta(schema).meta.widget === 'image',
  );
  return values.flatMap((value) =>
    fields.flatMap(([key]) => {
      const ref = (value as Record<string, unknown> | null)?.[key];
      const id = typeof ref === 'string' ? mediaId(ref) : undefined;
      return id ? [id] : [];
    }),
  );
}

/**
 * The thumbnail and snippet of one item: the first top-level image field that resolves gives the
 * thumbnail; the longest top-level text other than the title (rich text as its words) gives
 * the snippet, shortened to {@link SNIPPET_CHARS}.
 * @param media the uploads its image fields may name, by id
 */
export function rowPreview(
  collection: ContentFile,
  value: unknown,
  media: ReadonlyMap<string, MediaInfo>,
): { thumbnail: RowThumbnail | null; snippet: string | null } {
  const item = (value ?? {}) as Record<string, unknown>;
  const { title } = COLLECTIONS[collection];
  let thumbnail: RowThumbnail | null = null;
  let snippet = '';
  for (const [key, schema] of Object.entries(shapeOfItem(collection))) {
    const field = item[key];
    const { inner, meta } = fieldMeta(schema);
    if (meta.widget === 'image' && typeof field === 'string') {
      thumbnail ??= thumbnailOf(field, media);
    } else if (key !== title && key !== 'id') {
      const text = isRichTextSchema(inner)
        ? field === undefined || field === null
          ? ''
          : toPlainText(field as RichTextInput)
        : inner instanceof z.ZodString && typeof field === 'string'
          ? field
          : '';
      if (text.length > snippet.length) snippet = text;
    }
  }
  snippet = snippet.replace(/\s+/g, ' ').trim();
  if (snippet.length > SNIPPET_CHARS) {
    snippet = `${snippet.slice(0, SNIPPET_CHARS - 1).replace(/[\s.,;:!?]+$/, '')}…`;
  }
  return { thumbnail, snippet: thumbnail || snippet === '' ? null : snippet };
}

function thumbnailOf(ref: string, media: ReadonlyMap<string, MediaInfo>): RowThumbnail | null {
  const id = mediaId(ref);
  if (!id) {
    const src = drawingUrl(ref);
    return src ? { src, width: 48, height: 48 } : null;
  }
  const record = media.get(id);
  const webp = record?.variants.filter((v) => v.format === 'webp').map((v) => v.width) ?? [];
  if (!record || webp.length === 0) return null;
  return {
    src: mediaUrl(id, Math.min(...webp), 'webp'),
    width: record.width,
    height: record.height,
  };
}

/**
 * When a pending schedule publishes each item of `collection` (the soonest), by key; epoch ms.
 */
export async function scheduledItems(
  schedules: ScheduleStore,
  collection: ContentFile,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const pending = (await schedules.list()).filter(
    (s) => s.release === null && s.settledAt === null && s.cancelledAt === null,
  );
  for (const schedule of pending) {
    for (const change of (await schedules.changesOf(schedule.id)) ?? []) {
      if (change.collection !== collection) continue;
      const at = out.get(change.key);
      if (at === undefined || schedule.publishAt < at) out.set(change.key, schedule.publishAt);
    }
  }
  return out;
}
