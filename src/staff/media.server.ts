/**
 * Where an uploaded image is used, as the images page shows it and as a delete is checked
 * (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md): every item that names
 * `media:<id>` in the published content, in a draft, or in a pending schedule's changes, by its
 * collection's and its own names as the lists show them, never by keys.
 */
import type { RouterContextProvider } from 'react-router';
import { COLLECTIONS, type ContentFile } from '../content/collections.ts';
import { toItems } from '../server/content/items.ts';
import { collectionLabel, contentOf, itemLabel } from './content.server.ts';

/** One use of an image: where (`Team: Arjun Malhotra`) and in what (published, a draft…). */
export interface MediaUse {
  collection: ContentFile;
  key: string;
  name: string;
  in: 'published' | 'draft' | 'scheduled';
}

const IN_WORDS: Record<MediaUse['in'], string> = {
  published: 'on the site',
  draft: 'in a draft',
  scheduled: 'in a scheduled release',
};

/** A use as a sentence's part: "Team: “Arjun Malhotra” (on the site)". */
export const useInWords = (use: MediaUse): string => `${use.name} (${IN_WORDS[use.in]})`;

/** Every use of each image in `ids`, by id; one per item and kind. */
export async function mediaUses(
  context: Readonly<RouterContextProvider>,
  ids: readonly string[],
): Promise<Map<string, MediaUse[]>> {
  const { store, drafts, schedules } = contentOf(context);
  const bodies: Array<{ collection: ContentFile; key: string; body: string; in: MediaUse['in'] }> =
    [];
  for (const item of toItems(await store.read())) bodies.push({ ...item, in: 'published' });
  for (const draft of await drafts.list()) {
    if (!draft.removed) bodies.push({ ...draft, body: JSON.stringify(draft.value), in: 'draft' });
  }
  for (const schedule of await schedules.list()) {
    if (schedule.release !== null || schedule.settledAt !== null || schedule.cancelledAt !== null) {
      continue;
    }
    for (const change of (await schedules.changesOf(schedule.id)) ?? []) {
      if (change.body !== null) bodies.push({ ...change, body: change.body, in: 'scheduled' });
    }
  }
  const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
  for (const { collection, key, body, in: where } of bodies) {
    if (!COLLECTIONS[collection]) continue;
    for (const id of ids) {
      if (!body.includes(`"media:${id}"`)) continue;
      const list = uses.get(id)!;
      if (list.some((u) => u.collection === collection && u.key === key && u.in === where))
        continue;
      const title = itemLabel(collection, key, JSON.parse(body) as unknown);
      const name = `${collectionLabel(collection)}: “${title}”`;
      list.push({ collection, key, name, in: where });
    }
  }
  return uses;
}
