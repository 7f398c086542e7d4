/**
 * The content feature's database steps (releases and revisions, drafts, uploaded images,
 * previews, schedules, the content migrations applied), versions 200–299 but 220, run with every
 * feature's by `src/server/db/migrate.ts` (`src/server/db/steps.ts`); the rules of
 * `src/server/enquiries/migrations.ts`.
 */
import { COLUMN_TYPES, type BuilderMigration } from '../db/migrate.ts';

/** Steps written once for both engines. */
export const CONTENT_STEPS: readonly BuilderMigration[] = [
  {
    version: 200,
    description: 'content releases and the item revisions each published (src/server/content/)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_releases')
        .addColumn('number', 'integer', (c) => c.primaryKey())
        .addColumn('published_at', types.instant, (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('content_revisions')
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('release', 'integer', (c) => c.notNull().references('content_releases.number'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('content_revisions_pk', ['collection', 'item_key', 'release'])
        .execute();
      await db.schema
        .createIndex('content_revisions_release')
        .on('content_revisions')
        .column('release')
        .execute();
    },
  },
  {
    version: 201,
    description: 'content drafts: one per item being edited (src/server/content/drafts.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_drafts')
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('base_release', 'integer')
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', types.instant, (c) => c.notNull())
        .addPrimaryKeyConstraint('content_drafts_pk', ['collection', 'item_key'])
        .execute();
    },
  },
  {
    version: 210,
    description: 'uploaded images and their re-encoded variants (src/server/content/media.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('alt', 'text', (c) => c.notNull())
        .addColumn('decorative', 'integer', (c) => c.notNull())
        .addColumn('source_format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', types.instant, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('content_media_variants')
        .addColumn('media_id', 'text', (c) => c.notNull().references('content_media.id'))
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('bytes', engine === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_media_variants_pk', ['media_id', 'format', 'width'])
        .execute();
    },
  },
  {
    version: 230,
    description: 'previews of unpublished content and share links (src/server/content/previews.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_previews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', types.instant, (c) => c.notNull())
        .addColumn('expires_at', types.epochMs, (c) => c.notNull())
        .addColumn('revoked_at', types.epochMs)
        .execute();
    },
  },
  {
    version: 231,
    description: 'content changes scheduled to publish (src/server/content/schedules.ts)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('content_schedules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('publish_at', types.epochMs, (c) => c.notNull())
        .addColumn('created_at', types.instant, (c) => c.notNull())
        .addColumn('release', 'integer')
        .addColumn('settled_at', types.epochMs)
        .addColumn('cancelled_at', types.epochMs)
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('content_schedules_due')
        .on('content_schedules')
        .columns(['settled_at', 'publish_at'])
        .execute();
    },
  },
  {
    version: 240,
    description:
      'content migrations applied, and the release each left (src/server/content/migrate-content.ts)',
    async up(db, engine) {
      await db.schema
        .createTable('content_migrations')
        .addColumn('version', 'integer', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('release', 'integer')
        .addColumn('applied_at', COLUMN_TYPES[engine].instant, (c) => c.notNull())
        .execute();
    },
  },
  {
    version: 250,
    description:
      'the draft a removal replaced, for Undo to put back (src/server/content/drafts.ts)',
    async up(db) {
      await db.schema.alterTable('content_drafts').addColumn('removed_body', 'text').execute();
    },
  },
  {
    version: 251,
    description:
      "an uploaded image's focal point for crops, in percent (src/server/content/media.ts)",
    async up(db) {
      for (const column of ['focal_x', 'focal_y']) {
        await db.schema
          .alterTable('content_media')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(50))
          .execute();
      }
    },
  },
];
