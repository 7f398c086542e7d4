/**
 * Previews, share links and schedules made from chosen drafts, for `/staff/content/publish` and
 * `/staff/content/previews` (docs/decisions/054-previews-and-share-links.md,
 * docs/decisions/055-scheduled-publishing.md). Each takes the drafts as they are now: a preview
 * or schedule shows or publishes exactly what was chosen, whatever is typed afterwards.
 */
import type { RouterContextProvider } from 'react-router';
import { ContentError } from '../server/content/check.ts';
import { changeOf, type DraftRef } from '../server/content/drafts.ts';
import { withChanges, type ItemChange } from '../server/content/items.ts';
import { PREVIEW_PARAM } from '../server/content/previews.ts';
import { ITEM_PAGES, PAGES } from '../pages.ts';
import { pageSlug } from '../content/schemas.ts';
import { contentOf, draftSummaries, parseRef } from './content.server.ts';
import { record, signedIn, staffRequest } from './session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The public pages a preview can be shown on. */
export const PREVIEW_PAGES = PAGES.map((p) => ({
  path: p.path,
  label: 'navLabel' in p ? p.navLabel : p.id.charAt(0).toUpperCase() + p.id.slice(1),
}));

/**
 * True for a page a preview may be shown on: one of {@link PREVIEW_PAGES}, or an item's page
 * (`ITEM_PAGES`, `/showcase/<slug>`), the slug well formed: whether an item has it is the
 * previewed content's to say.
 */
function previewable(path: unknown): path is string {
  if (typeof path !== 'string') return false;
  if (PREVIEW_PAGES.some((p) => p.path === path)) return true;
  return ITEM_PAGES.some(
    (p) => path.startsWith(p.prefix) && pageSlug().safeParse(path.slice(p.prefix.length)).success,
  );
}

/** How long a staff member's own preview works: long enough to look, short enough to forget. */
const OWN_PREVIEW_MS = 3_600_000;

/** How long a share link may work, by the choice's value. */
export const SHARE_TERMS = [
  { value: '1', label: '1 day', ms: 86_400_000 },
  { value: '7', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30', label: '30 days', ms: 30 * 86_400_000 },
] as const;

/**
 * The changes of the drafts named by `refs` (checkbox values), checked together over the newest
 * release as a publish would check them.
 * @returns the changes and a label naming the items (no content text), or the problems
 */
async function chosenChanges(
  context: Context,
  refs: readonly unknown[],
): Promise<{ changes: ItemChange[]; label: string } | { problems: string[] }> {
  const parsed = refs.map(parseRef);
  if (parsed.length === 0) return { problems: ['Choose at least one draft.'] };
  if (parsed.some((r) => r === null))
    return { problems: ['That choice of drafts was not understood.'] };
  const { drafts, store } = contentOf(context);
  const changes: ItemChange[] = [];
  for (const ref of parsed as DraftRef[]) {
    const draft = await drafts.get(ref.collection, ref.key);
    if (!draft || (ref.version !== undefined && draft.version !== ref.version)) {
      return {
        problems: [`The draft of ${ref.key || ref.collection} changed or is gone: reload.`],
      };
    }
    changes.push(changeOf(draft));
  }
  try {
    withChanges(await store.read(), changes);
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.message.split('\n') };
    throw error;
  }
  const summaries = await draftSummaries(context);
  const label = changes
    .map((c) => summaries.find((s) => s.collection.file === c.collection && s.key === c.key)?.label)
    .filter(Boolean)
    .join(', ');
  return { changes, label: label.slice(0, 200) };
}

/**
 * A preview of the chosen drafts on page `path`: the staff member's own (an hour), or a share
 * link for `termMs` ms.
 * @returns the preview's URL (path and `?preview=` token; only ever shown now), or the problems
 */
export async function makePreview(
  context: Context,
  refs: readonly unknown[],
  path: unknown,
  share: { termMs: number } | null,
): Promise<{ url: string } | { problems: string[] }> {
  if (!previewable(path)) return { problems: ['Choose the page to show the preview on.'] };
  const chosen = await chosenChanges(context, refs);
  if ('problems' in chosen) return chosen;
  const { token, id } = await contentOf(context).previews.create(
    {
      path,
      changes: chosen.changes,
      label: chosen.label,
      createdBy: signedIn(context).staff.id,
      ttlMs: share ? share.termMs : OWN_PREVIEW_MS,
      shared: share !== null,
    },
    staffRequest(context).server.now(),
  );
  const what = `${share ? 'share link' : 'preview'} ${id}, ${chosen.changes.length} items`;
  await record(context, 'content-previewed', null, what);
  return { url: `${path}?${PREVIEW_PARAM}=${token}` };
}

/** Ends a share link; false when it had already ended. */
export async function revokeShare(context: Context, id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || !/^[\w-]{16}$/.test(id)) return false;
  const { now } = staffRequest(context).server;
  const revoked = await contentOf(context).previews.revoke(id, now());
  if (revoked) await record(context, 'content-share-revoked', null, `share link ${id}`);
  return revoked;
}

/**
 * Schedules the chosen drafts to publish at `publishAt` (epoch ms, in the future) and removes
 * them from the drafts: they now wait in the schedule.
 * @returns the schedule's id, or the problems
 */
export async function scheduleDrafts(
  context: Context,
  refs: readonly unknown[],
  publishAt: number,
  note: string,
): Promise<{ id: string } | { problems: string[] }> {
  const { now } = staffRequest(context).server;
  if (!Number.isFinite(publishAt) || publishAt <= now()) {
    return { problems: ['Give a date and time in the future to publish at (India time).'] };
  }
  const chosen = await chosenChanges(context, refs);
  if ('problems' in chosen) return chosen;
  const { schedules, drafts } = contentOf(context);
  const id = await schedules.schedule({
    changes: chosen.changes,
    label: chosen.label,
    publishAt,
    author: signedIn(context).staff.name,
    note,
  });
  for (const ref of refs.map(parseRef)) {
    if (ref) await drafts.discard(ref.collection, ref.key, ref.version);
  }
  await record(
    context,
    'content-scheduled',
    null,
    `schedule ${id}, ${chosen.changes.length} items`,
  );
  return { id };
}

/**
 * Cancels a pending schedule; its changes become drafts again (of whoever cancels), so nothing
 * scheduled is lost. False when it was no longer pending.
 */
export async function cancelSchedule(context: Context, id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || !/^[\w-]{16}$/.test(id)) return false;
  const { schedules, drafts } = contentOf(context);
  const { now } = staffRequest(context).server;
  const changes = await schedules.changesOf(id);
  if (!changes || !(await schedules.cancel(id, now()))) return false;
  const author = signedIn(context).staff.id;
  for (const change of changes) {
    const published = await drafts.published(change.collection, change.key);
    const current = await drafts.get(change.collection, change.key);
    await drafts.save(
      {
        collection: change.collection,
        key: change.key,
        value: change.body === null ? null : (JSON.parse(change.body) as unknown),
        position: change.position,
        baseRelease: published.release,
        seenVersion: current?.version ?? null,
        author,
      },
      now(),
    );
  }
  await record(context, 'content-schedule-cancelled', null, `schedule ${id}`);
  return true;
}

/** India time, as `<input type="datetime-local">` gives it (`2026-12-01T09:30`), in epoch ms. */
export function fromIndiaTime(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return NaN;
  return Date.parse(`${value}:00+05:30`);
}
