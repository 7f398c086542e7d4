/**
 * The media store (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md): uploaded
 * images and their re-encoded variants in the database itself (`content_media`,
 * `content_media_variants`, migration 210 in `./migrations.ts`), so SQLite's
 * backup and `pg_dump` carry them with the content that names them. Written once on Kysely for
 * both engines (docs/decisions/033-one-store-on-kysely.md). An image's pixels never change once
 * stored, so its variants' URLs are immutable; its alt text may be edited, and the image deleted
 * (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md).
 */
import type { Db } from '../db/tables.ts';
import type { VariantFormat } from '../../lib/media.ts';
import type { EncodedImage } from './media-encode.ts';

/** An uploaded image as pages and the staff list need it; times epoch ms. */
export interface MediaRecord {
  id: string;
  purpose: string;
  /** '' when decorative. */
  alt: string;
  decorative: boolean;
  sourceFormat: string;
  /** Pixels, upright. */
  width: number;
  height: number;
  uploadedBy: string;
  /** The uploader's name; '' when the account is gone. */
  uploadedByName: string;
  uploadedAt: number;
  /** The point crops keep in view, percent from the left and the top (50, 50: the middle). */
  focus: { x: number; y: number };
  /** What exists, without the bytes. */
  variants: Array<{ format: VariantFormat; width: number; height: number; hash: string }>;
}

/** One variant's bytes, ready to send. */
export interface MediaFile {
  format: VariantFormat;
  bytes: Uint8Array;
  hash: string;
}

/** Who uploaded, and what they said of the image. */
export interface MediaUpload {
  alt: string;
  decorative: boolean;
  purpose?: string;
  uploadedBy: string;
  uploadedAt: number;
}

export interface MediaStore {
  /**
   * Stores an encoded image with its variants in one transaction.
   * @returns false when an image with this id (the same bytes) was stored before: nothing changed
   */
  put(image: EncodedImage, upload: MediaUpload): Promise<boolean>;
  /** One image, or undefined. */
  get(id: string): Promise<MediaRecord | undefined>;
  /** The images of `ids` that exist, by id. */
  many(ids: readonly string[]): Promise<Map<string, MediaRecord>>;
  /** Every image, newest first. */
  list(): Promise<MediaRecord[]>;
  /**
   * Sets an image's alt text (ignored and '' when decorative).
   * @returns false when there is no image `id`
   */
  describe(id: string, text: { alt: string; decorative: boolean }): Promise<boolean>;
  /**
   * Sets the point crops keep in view, percent from the left and the top (each 0–100).
   * @returns false when there is no image `id`
   */
  focus(id: string, point: { x: number; y: number }): Promise<boolean>;
  /**
   * Deletes an image and its variants (the caller checks that no content names it).
   * @returns false when there is no image `id`
   */
  remove(id: string): Promise<boolean>;
  /** One variant's bytes, or undefined. */
  file(id: string, width: number, format: VariantFormat): Promise<MediaFile | undefined>;
}

/** The media store on `db` (migrated). */
export function createMediaStore(db: Db): MediaStore {
  const k = db.kysely;

  const records = async (ids?: readonly string[]): Promise<MediaRecord[]> => {
    if (ids?.length === 0) return [];
    let media = k
      .selectFrom('contentMedia as m')
      .leftJoin('staff as s', 's.id', 'm.uploadedBy')
      .select([
        'm.id',
        'm.purpose',
        'm.alt',
        'm.decorative',
        'm.sourceFormat',
        'm.width',
        'm.height',
        'm.uploadedBy',
        'm.uploadedAt',
        'm.focalX',
        'm.focalY',
        's.name as uploadedByName',
      ])
      .orderBy('m.uploadedAt', 'desc')
      .orderBy('m.id');
    let variants = k
      .selectFrom('contentMediaVariants')
      .select(['mediaId', 'format', 'width', 'height', 'hash'])
      .orderBy('width')
      .orderBy('format');
    if (ids) {
      media = media.where('m.id', 'in', ids);
      variants = variants.where('mediaId', 'in', ids);
    }
    const [rows, vs] = await Promise.all([media.execute(), variants.execute()]);
    return rows.map((r) => ({
      id: r.id,
      purpose: r.purpose,
      alt: r.alt,
      decorative: Number(r.decorative) === 1,
      sourceFormat: r.sourceFormat,
      width: Number(r.width),
      height: Number(r.height),
      uploadedBy: r.uploadedBy,
      uploadedByName: r.uploadedByName ?? '',
      uploadedAt: Number(r.uploadedAt),
      focus: { x: Number(r.focalX), y: Number(r.focalY) },
      variants: vs
        .filter((v) => v.mediaId === r.id)
        .map((v) => ({
          format: v.format as VariantFormat,
          width: Number(v.width),
          height: Number(v.height),
          hash: v.hash,
        })),
    }));
  };

  return {
    put(image, upload) {
      return k.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('contentMedia')
          .values({
            id: image.id,
            purpose: upload.purpose ?? 'image',
            alt: upload.decorative ? '' : upload.alt,
            decorative: upload.decorative ? 1 : 0,
            sourceFormat: image.sourceFormat,
            width: image.width,
            height: image.height,
            uploadedBy: upload.uploadedBy,
            uploadedAt: db.instant(upload.uploadedAt),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await trx
          .insertInto('contentMediaVariants')
          .values(
            image.variants.map((v) => ({
              mediaId: image.id,
              format: v.format,
              width: v.width,
              height: v.height,
              hash: v.hash,
              bytes: v.bytes,
            })),
          )
          .execute();
        return true;
      });
    },
    async get(id) {
      return (await records([id]))[0];
    },
    async many(ids) {
      const unique = [...new Set(ids)];
      return new Map((await records(unique)).map((r) => [r.id, r]));
    },
    list: () => records(),
    async describe(id, { alt, decorative }) {
      const result = await k
        .updateTable('contentMedia')
        .set({ alt: decorative ? '' : alt, decorative: decorative ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async focus(id, { x, y }) {
      const result = await k
        .updateTable('contentMedia')
        .set({ focalX: Math.round(x), focalY: Math.round(y) })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    remove(id) {
      return k.transaction().execute(async (trx) => {
        await trx.deleteFrom('contentMediaVariants').where('mediaId', '=', id).execute();
        const result = await trx.deleteFrom('contentMedia').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async file(id, width, format) {
      const row = await k
        .selectFrom('contentMediaVariants')
        .select(['format', 'bytes', 'hash'])
        .where('mediaId', '=', id)
        .where('width', '=', width)
        .where('format', '=', format)
        .executeTakeFirst();
      return row && { format, bytes: new Uint8Array(row.bytes), hash: row.hash };
    },
  };
}
