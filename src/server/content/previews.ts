/** Unpublished changes on one page by secret token, kept as its SHA-256 (docs/decisions/054-previews-and-share-links.md). */
import { z } from 'zod';
import { COLLECTIONS, type ContentFile } from '../../content/collections.ts';
import type { Db } from '../db/tables.ts';
import { hashToken, newToken, wellFormedToken } from '../staff/tokens.ts';
import type { ItemChange } from './items.ts';

/** The query parameter that carries a preview's token on a public page. */
export const PREVIEW_PARAM = 'preview';

export interface NewPreview {
  path: string;
  changes: readonly ItemChange[];
  /** E.g. "Testimonial anjali-mehta"; no content text. */
  label: string;
  createdBy: string;
  ttlMs: number;
  /** Listed and revocable, not a staff member's own look. */
  shared: boolean;
}

/** A preview as the staff's list shows it; times in epoch ms. */
export interface PreviewSummary {
  id: string;
  path: string;
  label: string;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** `expired` past its time (410); `unknown` no such or a revoked token (404). */
export type PreviewLookup =
  | { state: 'shown'; path: string; changes: ItemChange[]; expiresAt: number }
  | { state: 'expired' }
  | { state: 'unknown' };

export interface PreviewStore {
  /** Works until `now + ttlMs` (epoch ms); the token is returned only here. */
  create(preview: NewPreview, now: number): Promise<{ token: string; id: string }>;
  /** `now` in epoch ms. Never throws for a malformed token: it is `unknown`. */
  open(token: string, now: number): Promise<PreviewLookup>;
  shared(): Promise<PreviewSummary[]>;
  /** Ends a share link at `now` (epoch ms); false when there was none to end. */
  revoke(id: string, now: number): Promise<boolean>;
}

const changesSchema = z.array(
  z.object({
    collection: z.enum(Object.keys(COLLECTIONS) as [ContentFile, ...ContentFile[]]),
    key: z.string(),
    position: z.number().int(),
    body: z.string().nullable(),
  }),
);

/** The preview store on `db` (already migrated). */
export function createPreviewStore(db: Db): PreviewStore {
  return {
    async create(preview, now) {
      const token = newToken();
      const id = newToken().slice(0, 16);
      await db.kysely
        .insertInto('contentPreviews')
        .values({
          id,
          tokenHash: hashToken(token),
          path: preview.path,
          changes: JSON.stringify(preview.changes),
          label: preview.label,
          shared: preview.shared ? 1 : 0,
          createdBy: preview.createdBy,
          createdAt: db.instant(now),
          expiresAt: now + preview.ttlMs,
          revokedAt: null,
        })
        .execute();
      return { token, id };
    },
    async open(token, now) {
      if (!wellFormedToken(token)) return { state: 'unknown' };
      const row = await db.kysely
        .selectFrom('contentPreviews')
        .select(['path', 'changes', 'expiresAt', 'revokedAt'])
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.revokedAt !== null) return { state: 'unknown' };
      const expiresAt = Number(row.expiresAt);
      if (expiresAt <= now) return { state: 'expired' };
      const changes = changesSchema.parse(JSON.parse(row.changes));
      return { state: 'shown', path: row.path, changes, expiresAt };
    },
    async shared() {
      const rows = await db.kysely
        .selectFrom('contentPreviews')
        .select(['id', 'path', 'label', 'createdBy', 'createdAt', 'expiresAt', 'revokedAt'])
        .where('shared', '=', 1)
        .orderBy('createdAt', 'desc')
        .execute();
      return rows.map((r) => ({
        ...r,
        createdAt: Number(r.createdAt),
        expiresAt: Number(r.expiresAt),
        revokedAt: r.revokedAt === null ? null : Number(r.revokedAt),
      }));
    },
    async revoke(id, now) {
      const result = await db.kysely
        .updateTable('contentPreviews')
        .set({ revokedAt: now })
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
