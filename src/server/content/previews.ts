/**
 * Previews of unpublished content (docs/decisions/054-previews-and-share-links.md): a preview is a
 * set of item changes laid over the newest release and shown on one public page, reached with a
 * secret token (`/about?preview=<token>`). Staff make one for themselves (short-lived) or as a
 * share link for a client (revocable, expiring). The store keeps the changes as they were when
 * the preview was made, so a client sees what was shared, and only the token's SHA-256
 * (`src/server/staff/tokens.ts`). Migration 230 in `./migrations.ts`.
 */
import { z } from 'zod';
import { COLLECTIONS, type ContentFile } from '../../content/collections.ts';
import type { Db } from '../db/tables.ts';
import { hashToken, newToken, wellFormedToken } from '../staff/tokens.ts';
import type { ItemChange } from './items.ts';

/** The query parameter that carries a preview's token on a public page. */
export const PREVIEW_PARAM = 'preview';

export interface NewPreview {
  /** The public page it is shown on, e.g. `/about`. */
  path: string;
  changes: readonly ItemChange[];
  /** What it shows, for the staff's list, e.g. "Testimonial anjali-mehta". No content text. */
  label: string;
  /** The staff account that made it. */
  createdBy: string;
  /** How long the token works, in ms. */
  ttlMs: number;
  /** A share link (listed, revocable) rather than a staff member's own look. */
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

/**
 * What a token opens: `shown` the changes to lay over the newest release; `expired` a token past
 * its time (410); `unknown` no such token, or a revoked one (404).
 */
export type PreviewLookup =
  | { state: 'shown'; path: string; changes: ItemChange[]; expiresAt: number }
  | { state: 'expired' }
  | { state: 'unknown' };

export interface PreviewStore {
  /**
   * @param now epoch ms; the link works until `now + ttlMs`
   * @returns the token (only ever returned here) and the preview's id
   */
  create(preview: NewPreview, now: number): Promise<{ token: string; id: string }>;
  /** `now` in epoch ms. Never throws for a malformed token: it is `unknown`. */
  open(token: string, now: number): Promise<PreviewLookup>;
  /** Share links, newest first. */
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
