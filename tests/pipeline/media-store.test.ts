/**
 * The media store (`src/server/content/media.ts`, migration 210) on SQLite and a throwaway
 * PostgreSQL: an upload's record and every variant's bytes read back exactly, the same bytes
 * uploaded twice stored once, unknown ids and widths absent; and on SQLite, uploads in the
 * database survive `npm run enquiries -- backup` then `restore` into a fresh DATA_DIR, byte for
 * byte (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../src/server/backups/sqlite.ts';
import { encodeImage, type EncodedImage } from '../../src/server/content/media-encode.ts';
import { createMediaStore, type MediaStore } from '../../src/server/content/media.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';
import type { Db } from '../../src/server/db/tables.ts';
import { SQLITE_MIGRATIONS } from '../../src/server/db/steps.ts';
import { cli } from './support/helpers.ts';
import { tempDir } from './support/temp-dir.ts';
import { engines } from './support/engines.ts';

const UPLOADED_AT = Date.UTC(2026, 10, 30, 6, 30);

async function anImage(width = 700, height = 400): Promise<EncodedImage> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#9a3412' } })
    .png()
    .toBuffer();
  return encodeImage(png);
}

/** Every variant's bytes of `image` as the store gives them back. */
async function expectStored(store: MediaStore, image: EncodedImage, alt: string) {
  expect(await store.get(image.id)).toMatchObject({
    id: image.id,
    purpose: 'image',
    alt,
    decorative: false,
    sourceFormat: 'png',
    width: image.width,
    height: image.height,
    uploadedBy: 'staff-1',
    uploadedAt: UPLOADED_AT,
    variants: image.variants
      .map(({ format, width, height, hash }) => ({ format, width, height, hash }))
      .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
  });
  for (const v of image.variants) {
    const file = await store.file(image.id, v.width, v.format);
    expect(file?.hash).toBe(v.hash);
    expect(Buffer.from(file?.bytes ?? []).equals(Buffer.from(v.bytes))).toBe(true);
  }
}

describe.each(engines('media'))('the media store on %s', (_name, open) => {
  let db: Db;
  let store: MediaStore;
  beforeAll(async () => {
    db = await open();
    store = createMediaStore(db);
  });
  afterAll(() => db.close());

  it('keeps an upload and its variants exactly; the same bytes twice are stored once', async () => {
    const image = await anImage();
    const upload = { alt: 'A rust square', decorative: false, uploadedBy: 'staff-1' };
    expect(await store.put(image, { ...upload, uploadedAt: UPLOADED_AT })).toBe(true);
    expect(await store.put(image, { ...upload, alt: 'Other', uploadedAt: UPLOADED_AT + 1 })).toBe(
      false,
    );
    await expectStored(store, image, 'A rust square');
    const decorative = await anImage(120, 90);
    await store.put(decorative, {
      alt: 'ignored',
      decorative: true,
      uploadedBy: 'staff-1',
      uploadedAt: UPLOADED_AT + 60_000,
    });
    expect(await store.get(decorative.id)).toMatchObject({ alt: '', decorative: true });
    expect((await store.list()).map((m) => m.id)).toEqual([decorative.id, image.id]);
    expect([...(await store.many([image.id, 'f'.repeat(32), image.id])).keys()]).toEqual([
      image.id,
    ]);
    expect(await store.get('f'.repeat(32))).toBeUndefined();
    expect(await store.file(image.id, 161, 'webp')).toBeUndefined();
  });

  it('edits alt text and the focal point, and deletes an image with its variants', async () => {
    const image = await anImage(300, 200);
    const by = { alt: 'First words', decorative: false, uploadedBy: 'staff-1' };
    await store.put(image, { ...by, uploadedAt: UPLOADED_AT });
    expect((await store.get(image.id))?.focus).toEqual({ x: 50, y: 50 });
    expect(await store.describe(image.id, { alt: 'Better words', decorative: false })).toBe(true);
    expect(await store.focus(image.id, { x: 0, y: 100 })).toBe(true);
    expect(await store.get(image.id)).toMatchObject({
      alt: 'Better words',
      focus: { x: 0, y: 100 },
    });
    expect(await store.describe('f'.repeat(32), { alt: 'x', decorative: false })).toBe(false);
    const [variant] = image.variants;
    expect(await store.remove(image.id)).toBe(true);
    expect(await store.get(image.id)).toBeUndefined();
    expect(await store.file(image.id, variant!.width, variant!.format)).toBeUndefined();
    expect(await store.remove(image.id)).toBe(false);
  });
});

describe('uploads in a SQLite backup', () => {
  it('come back byte for byte after backup and restore into a fresh DATA_DIR', async () => {
    const dataDir = tempDir('media-data');
    const db = openSqlite(databaseFile(dataDir));
    await migrate(db, SQLITE_MIGRATIONS);
    const image = await anImage(1000, 500);
    await createMediaStore(db).put(image, {
      alt: 'Backed up',
      decorative: false,
      uploadedBy: 'staff-1',
      uploadedAt: UPLOADED_AT,
    });
    await db.close();

    const file = join(tempDir('media-backups'), 'b.sqlite');
    expect(cli({ DATA_DIR: dataDir }, 'backup', '--to', file)).toMatchObject({ code: 0 });
    const fresh = tempDir('media-restored');
    expect(cli({ DATA_DIR: fresh }, 'restore', '--from', file)).toMatchObject({ code: 0 });

    const restored = openSqlite(databaseFile(fresh));
    try {
      await expectStored(createMediaStore(restored), image, 'Backed up');
    } finally {
      await restored.close();
    }
  });
});
