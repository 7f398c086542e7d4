/**
 * What the `/staff/content` pages do with the content store and its drafts
 * (`src/server/content/drafts.ts`, docs/decisions/050-drafts-publish-and-conflicts.md): the
 * collections as their editors see them (published items with the drafts laid over), an item's
 * form from its schema, saving it as a draft or answering the conflict, and moving, adding and
 * removing list items. Every save is recorded in the audit log by ids only.
 */
import { data, type RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import {
  collectionAt,
  COLLECTIONS,
  CONTENT_FILES,
  definitionOf,
  type ContentFile,
} from '../content/collections.ts';
import { fieldMeta, itemTitle, pageOf } from '../content/collection.ts';
import type { Draft, DraftRef, Published, SaveResult } from '../server/content/drafts.ts';
import { itemSchemaOf, shapeOf, toItems } from '../server/content/items.ts';
import type { Release } from '../server/content/store.ts';
import type { StaffContent } from '../server/staff/runtime.ts';
import { formFields, formValues, parseItem, postedValues } from './content-form.server.ts';
import type { ConflictView, FieldSpec, ItemForm, MediaChoice } from './content-form.ts';
import { pictureOf, type MediaInfo } from '../lib/media.ts';
import { imageIds, rowPreview, scheduledItems, type RowThumbnail } from './content-rows.server.ts';
import { WHOLE_KEY, type CollectionRef } from './content-paths.ts';
import { record, signedIn, staffRequest } from './session.server.ts';

type Context = Readonly<RouterContextProvider>;

export const contentOf = (context: Context): StaffContent => staffRequest(context).server.content;

/** A collection as the staff pages name and link it. */
export const collectionRef = (file: ContentFile): CollectionRef & { file: ContentFile } => {
  const { label, path } = COLLECTIONS[file];
  return { file, label, path };
};

/** A collection's name for staff by its file (the file itself when no definition has it). */
export const collectionLabel = (file: string): string => definitionOf(file)?.label ?? file;

/** Every collection with what it is, in the definitions' order. */
export const collectionList = () =>
  CONTENT_FILES.map((file) => ({
    ...collectionRef(file),
    description: COLLECTIONS[file].description,
  }));

/**
 * The collection a path segment names.
 * @throws a 404 response when none
 */
export function collectionOr404(
  segment: string | undefined,
): CollectionRef & { file: ContentFile } {
  const found = segment === undefined ? undefined : collectionAt(segment);
  if (!found) throw data('No such collection', { status: 404 });
  return collectionRef(found.file);
}

/**
 * `collection/key` (a posted or linked item: its collection's file, then its key; '' for a
 * collection of one item) into the item it names; null when no collection has it.
 */
export function itemOf(value: string | null): { collection: ContentFile; key: string } | null {
  const match = value === null ? null : /^([a-z0-9.-]+)\/(.*)$/.exec(value);
  if (!match || !definitionOf(match[1]!)) return null;
  const collection = match[1] as ContentFile;
  return { collection, key: keyOf(collection, match[2]) };
}

/** An item's name for staff, from its collection's title field. */
export const itemLabel = (collection: ContentFile, key: string, value: unknown): string =>
  itemTitle(COLLECTIONS[collection], key, value);

/**
 * The public page's path that shows the item, where its Preview opens.
 * @param value the item as the editor has it (its draft, else the published item): a case
 *   study's page is at the slug it has in the draft
 */
export const previewPageOf = (collection: ContentFile, key: string, value: unknown): string =>
  pageOf(COLLECTIONS[collection], key, value);

/** True for a collection of entries (items can be added, moved and removed). */
export const isListCollection = (collection: ContentFile): boolean =>
  shapeOf(collection) === 'list';

/** The item key a path segment names ('' for a collection kept whole). */
export const keyOf = (collection: ContentFile, segment: string | undefined): string =>
  shapeOf(collection) === 'one' && segment === WHOLE_KEY ? '' : (segment ?? '');

/** Staff names by id ('someone no longer on staff' when gone). */
export async function staffNames(
  context: Context,
  ids: Iterable<string>,
): Promise<Record<string, string>> {
  const { store } = staffRequest(context).server;
  const names: Record<string, string> = {};
  for (const id of new Set(ids)) {
    names[id] = (await store.getStaff(id))?.name ?? 'someone no longer on staff';
  }
  return names;
}

/** One row of a collection's page. */
export interface ItemRow {
  key: string;
  label: string;
  /** 'new': only a draft; 'changed': a draft over a published item; 'removed': a draft removes it. */
  state: 'published' | 'new' | 'changed' | 'removed';
  draftBy: string | null;
  /** Epoch ms when a pending schedule publishes it; null when none does. */
  scheduledAt: number | null;
  /** A removal that Undo takes back: the item is published and its draft removes it. */
  undoable: boolean;
  thumbnail: RowThumbnail | null;
  /** Its longest text other than the title, shortened (null when it has a thumbnail). */
  snippet: string | null;
}

interface Working {
  key: string;
  value: unknown;
  position: number;
  order: number;
  draft: Draft | null;
  published: boolean;
}

/** A collection's items as its editors see them: published, with every draft laid over. */
async function working(content: StaffContent, collection: ContentFile): Promise<Working[]> {
  const published = toItems(await content.store.read()).filter((i) => i.collection === collection);
  const drafts = (await content.drafts.list()).filter((d) => d.collection === collection);
  const rows = new Map<string, Working>();
  for (const item of published) {
    const value = JSON.parse(item.body) as unknown;
    rows.set(item.key, {
      key: item.key,
      value,
      position: item.position,
      order: orderOf(value, item.position),
      draft: null,
      published: true,
    });
  }
  for (const draft of drafts) {
    const row = rows.get(draft.key);
    const value = draft.removed ? (row?.value ?? null) : draft.value;
    rows.set(draft.key, {
      key: draft.key,
      value,
      position: draft.position,
      order: orderOf(value, draft.position),
      draft,
      published: row !== undefined,
    });
  }
  return [...rows.values()].sort((a, b) => a.order - b.order || a.position - b.position);
}

const orderOf = (value: unknown, position: number): number => {
  const order = (value as { order?: unknown } | null)?.order;
  return typeof order === 'number' ? order : position;
};

/** The collection's rows for its page. */
export async function collectionRows(context: Context, collection: ContentFile) {
  const content = contentOf(context);
  const rows = await working(content, collection);
  const names = await staffNames(
    context,
    rows.flatMap((r) => (r.draft ? [r.draft.author] : [])),
  );
  const ids = imageIds(
    collection,
    rows.map((r) => r.value),
  );
  const { media } = staffRequest(context).server;
  const [uploads, scheduled] = await Promise.all([
    ids.length > 0 && media ? media.many(ids) : new Map<string, MediaInfo>(),
    scheduledItems(content.schedules, collection),
  ]);
  return rows.map((r): ItemRow => ({
    key: r.key,
    label: itemLabel(collection, r.key, r.value),
    state: !r.draft ? 'published' : r.draft.removed ? 'removed' : r.published ? 'changed' : 'new',
    draftBy: r.draft ? (names[r.draft.author] ?? null) : null,
    scheduledAt: scheduled.get(r.key) ?? null,
    undoable: r.published && r.draft?.removed === true,
    ...rowPreview(collection, r.value, uploads),
  }));
}

/** The uploads an image field may choose, as the media store lists them (none without a store). */
export async function mediaChoices(context: Context): Promise<MediaChoice[]> {
  const list = (await staffRequest(context).server.media?.list()) ?? [];
  return list.map((m) => ({
    id: m.id,
    alt: m.alt,
    decorative: m.decorative,
    picture: pictureOf(m),
  }));
}

/** The item's editor: the draft when there is one, else the published item; null when neither. */
export async function itemEditor(context: Context, collection: ContentFile, key: string) {
  const { drafts } = contentOf(context);
  const [published, draft] = await Promise.all([
    drafts.published(collection, key),
    drafts.get(collection, key),
  ]);
  if (published.value === null && !draft) return null;
  const value = draft && !draft.removed ? draft.value : published.value;
  const fields = formFields(itemSchemaOf(collection, key), value, false);
  const names = draft ? await staffNames(context, [draft.author]) : {};
  return {
    form: {
      fields,
      values: formValues(fields, value),
      media: await mediaChoices(context),
      baseRelease: draft ? draft.baseRelease : published.release,
      seenVersion: draft?.version ?? null,
    } satisfies ItemForm,
    label: itemLabel(collection, key, value),
    previewPage: previewPageOf(collection, key, value),
    published: published.release,
    draft: draft && {
      by: names[draft.author] ?? '',
      mine: draft.author === signedIn(context).staff.id,
      at: draft.updatedAt,
      removed: draft.removed,
      version: draft.version,
    },
  };
}

/** A new item's form: a list's next `order` filled in. */
export async function newItemForm(context: Context, collection: ContentFile): Promise<ItemForm> {
  const rows = await working(contentOf(context), collection);
  const next = rows.reduce((max, r) => Math.max(max, r.order), 0) + 1;
  const fields = formFields(itemSchemaOf(collection, ''), {}, true);
  const values = formValues(fields, {});
  if ('order' in values) values['order'] = String(next);
  return {
    fields,
    values,
    media: await mediaChoices(context),
    baseRelease: null,
    seenVersion: null,
  };
}

/** The texts of the form's nested lists, as far as they were filled, for sizing its fields. */
function skeleton(form: FormData): unknown {
  const root: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string' || value.trim() === '' || !/\.\d+\./.test(name)) continue;
    const parts = name.split('.');
    let node: Record<string, unknown> | unknown[] = root;
    parts.slice(0, -1).forEach((part, n) => {
      const next = /^\d+$/.test(parts[n + 1] ?? '') ? [] : {};
      const slot = node as Record<string, unknown>;
      slot[part] ??= next;
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

const int = (v: FormDataEntryValue | null): number | null =>
  typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : null;

export type SaveOutcome =
  | {
      kind: 'saved';
      key: string;
      /** The draft's version now, to publish or preview exactly this save. */
      version: number;
      /** Rich-text fields posted as plain text left as they were: their formatting was kept. */
      kept: string[];
      /** The item as saved, checked by its schema. */
      value: unknown;
    }
  | { kind: 'invalid'; form: ItemForm }
  | { kind: 'conflict'; form: ItemForm; conflict: ConflictView };

/**
 * Reads a posted item form, checks it with the item's schema and saves it as a draft.
 * @param key null for a new item (its key is its `id`)
 */
export async function saveItem(
  context: Context,
  collection: ContentFile,
  key: string | null,
  form: FormData,
): Promise<SaveOutcome> {
  const isNew = key === null;
  const schema = itemSchemaOf(collection, key ?? '');
  const fields = formFields(schema, skeleton(form), isNew);
  const kept: string[] = [];
  const values = postedValues(fields, form, kept);
  // An existing item's id is fixed: it names the item in URLs and anchors.
  if (!isNew && 'id' in values) values['id'] = key;
  const baseRelease = isNew ? null : int(form.get('baseRelease'));
  const seenVersion = int(form.get('seenVersion'));
  const parsed = parseItem(schema, fields, values);
  if (parsed.errors) {
    return {
      kind: 'invalid',
      form: {
        fields,
        values,
        errors: parsed.errors,
        media: await mediaChoices(context),
        baseRelease,
        seenVersion,
      },
    };
  }
  const id = (parsed.value as { id?: unknown }).id;
  const itemKey = key ?? (typeof id === 'string' ? id : '');
  const result = await contentOf(context).drafts.save(
    {
      collection,
      key: itemKey,
      value: parsed.value,
      baseRelease,
      seenVersion,
      author: signedIn(context).staff.id,
    },
    staffRequest(context).server.now(),
  );
  if (result.conflict) {
    const { conflict } = result;
    const newer = conflict.reason === 'draft' ? conflict.draft : null;
    const names = newer ? await staffNames(context, [newer.author]) : {};
    const theirValue = newer ? (newer.removed ? null : newer.value) : conflict.published.value;
    return {
      kind: 'conflict',
      // Saving again goes on top of what is newer now: the explicit re-base.
      form: {
        fields,
        values,
        media: await mediaChoices(context),
        baseRelease: isNew ? null : conflict.published.release,
        seenVersion: conflict.draft?.version ?? null,
      },
      conflict: {
        reason: conflict.reason,
        theirs: {
          values: theirValue === null ? null : formValues(fields, theirValue),
          by: newer ? (names[newer.author] ?? '') : '',
          at: newer ? newer.updatedAt : null,
          release: conflict.published.release,
        },
      },
    };
  }
  await record(context, 'content-draft-saved', null, `${collection}/${itemKey}`);
  return { kind: 'saved', key: itemKey, version: result.saved.version, kept, value: parsed.value };
}

/** Why a one-click change (move, remove, restore) was refused, or null when saved. */
const refusal = (result: SaveResult, what: string): string | null =>
  result.conflict
    ? result.conflict.reason === 'draft'
      ? `Someone else has an unsaved change to ${what} in a draft: publish or discard it first.`
      : `${what} was published meanwhile: reload the page and try again.`
    : null;

/**
 * Saves `value` (null: removal) as the person's draft of the item, on top of what is published
 * now and of their own draft, never of someone else's.
 * @param position the item's new place, when it moves
 */
export async function saveOver(
  context: Context,
  collection: ContentFile,
  key: string,
  value: unknown,
  position?: number,
): Promise<SaveResult> {
  const { drafts } = contentOf(context);
  const me = signedIn(context).staff.id;
  const [published, draft]: [Published, Draft | null] = await Promise.all([
    drafts.published(collection, key),
    drafts.get(collection, key),
  ]);
  return drafts.save(
    {
      collection,
      key,
      value,
      position,
      baseRelease: draft && draft.author === me ? draft.baseRelease : published.release,
      seenVersion: draft && draft.author === me ? draft.version : null,
      author: me,
    },
    staffRequest(context).server.now(),
  );
}

/** A one-click change to a list: `to` is the place (from 0) a `move` takes the item to. */
export type ListChange =
  { intent: 'up' | 'down' | 'remove' | 'undo' } | { intent: 'move'; to: number };

/** What {@link changeList} did: a refusal to show, or the never-published item it discarded. */
export type ListChangeResult =
  { refused: string } | { discarded: { key: string; label: string; value: unknown } } | null;

/**
 * Changes a list, each item it touches saved as the person's draft: moves an item one place up
 * or down or to place `to` (every item between shifts by one, each taking the `order` and place
 * of the one it lands on), removes it (a draft that removes it; an unpublished item's draft is
 * simply discarded), or undoes a removal not yet published: the person's draft it replaced
 * saved again (a moved item back in its place), else the removal discarded (the item as published).
 * A never-published item's discarded value is returned, for {@link restoreDiscarded} to undo.
 */
export async function changeList(
  context: Context,
  collection: ContentFile,
  key: string,
  change: ListChange,
): Promise<ListChangeResult> {
  const refused = await listChange(context, collection, key, change);
  return typeof refused === 'string' ? { refused } : refused;
}

/**
 * Saves `value`, the draft of a never-published item removed from the list, again as `key`'s
 * draft: the removal's Undo. Refused when the key has been taken since, or the value is not one.
 * @returns a refusal to show, or null when done
 */
export async function restoreDiscarded(
  context: Context,
  collection: ContentFile,
  key: string,
  value: unknown,
): Promise<string | null> {
  const { drafts } = contentOf(context);
  const [published, draft] = await Promise.all([
    drafts.published(collection, key),
    drafts.get(collection, key),
  ]);
  if (published.value !== null || draft) {
    return 'That item is in the list again already: reload the page.';
  }
  const label = `“${itemLabel(collection, key, value)}”`;
  const refused = refusal(await saveOver(context, collection, key, value), label);
  if (!refused) await record(context, 'content-draft-saved', null, `${collection}/${key}`);
  return refused;
}

async function listChange(
  context: Context,
  collection: ContentFile,
  key: string,
  change: ListChange,
): Promise<string | ListChangeResult> {
  const content = contentOf(context);
  const all = await working(content, collection);
  if (change.intent === 'undo') {
    const row = all.find((r) => r.key === key);
    if (!row?.draft?.removed || !row.published) {
      return 'That item is not waiting to be removed: reload the page.';
    }
    if (row.draft.replaced != null) {
      const label = `“${itemLabel(collection, key, row.draft.replaced)}”`;
      const refused = refusal(await saveOver(context, collection, key, row.draft.replaced), label);
      if (!refused) await record(context, 'content-draft-saved', null, `${collection}/${key}`);
      return refused;
    }
    await content.drafts.discard(collection, key, row.draft.version);
    await record(context, 'content-draft-discarded', null, `${collection}/${key}`);
    return null;
  }
  const rows = all.filter((r) => !r.draft?.removed);
  const at = rows.findIndex((r) => r.key === key);
  const row = rows[at];
  if (!row) return 'That item is no longer in the list: reload the page.';
  const label = `“${itemLabel(collection, row.key, row.value)}”`;
  if (change.intent === 'remove') {
    if (!row.published) {
      await content.drafts.discard(collection, key);
      await record(context, 'content-draft-discarded', null, `${collection}/${key}`);
      return { discarded: { key, label: itemLabel(collection, key, row.value), value: row.value } };
    }
    const refused = refusal(await saveOver(context, collection, key, null), label);
    if (!refused) await record(context, 'content-draft-saved', null, `${collection}/${key}`);
    return refused;
  }
  const to = change.intent === 'move' ? change.to : change.intent === 'up' ? at - 1 : at + 1;
  if (to < 0 || to >= rows.length || to === at) return null;
  const moved = [...rows];
  moved.splice(to, 0, ...moved.splice(at, 1));
  const landing = (moving: Working, slot: Working) => {
    const value = moving.value as Record<string, unknown>;
    return typeof value['order'] === 'number' ? { ...value, order: slot.order } : value;
  };
  for (let n = Math.min(at, to); n <= Math.max(at, to); n++) {
    const [moving, slot] = [moved[n]!, rows[n]!];
    const refused = refusal(
      await saveOver(context, collection, moving.key, landing(moving, slot), slot.position),
      `“${itemLabel(collection, moving.key, moving.value)}”`,
    );
    if (refused) return refused;
    await record(context, 'content-draft-saved', null, `${collection}/${moving.key}`);
  }
  return null;
}

/** The fields of an item of `collection` wide enough for every value given. */
function fieldsFor(collection: ContentFile, key: string, ...values: unknown[]): FieldSpec[] {
  // The longest list of each group decides how many entries the fields show.
  const widest = values.reduce<unknown>((a, b) => widen(a, b), undefined);
  return formFields(itemSchemaOf(collection, key), widest, false);
}

function widen(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) || Array.isArray(b)) {
    const x = Array.isArray(a) ? a : [];
    const y = Array.isArray(b) ? b : [];
    return Array.from({ length: Math.max(x.length, y.length) }, (_, n) => widen(x[n], y[n]));
  }
  if (a && typeof a === 'object') {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b ?? {})) out[k] = widen(out[k], v);
    return out;
  }
  return b ?? a;
}

/** Two versions of an item as form texts, with the fields that show both. */
export function compared(collection: ContentFile, key: string, before: unknown, after: unknown) {
  const fields = fieldsFor(collection, key, before, after);
  return {
    fields,
    before: before === null ? null : formValues(fields, before),
    after: after === null ? null : formValues(fields, after),
  };
}

/** A draft as the publish page lists it. */
export interface DraftSummary {
  /** `collection/key@version`, the checkbox's value. */
  ref: string;
  collection: CollectionRef & { file: ContentFile };
  key: string;
  label: string;
  by: string;
  mine: boolean;
  at: number;
  /** e.g. 'New item', 'Removes the item', 'Changes Quote, Author', 'Moves it'. */
  what: string;
}

/** Every draft with its author and what it changes against the published item. */
export async function draftSummaries(context: Context): Promise<DraftSummary[]> {
  const { drafts } = contentOf(context);
  const all = await drafts.list();
  const names = await staffNames(
    context,
    all.map((d) => d.author),
  );
  const me = signedIn(context).staff.id;
  return Promise.all(
    all.map(async (d) => {
      const published = await drafts.published(d.collection, d.key);
      let what: string;
      if (d.removed) what = 'Removes the item';
      else if (published.value === null) what = 'New item';
      else {
        const { fields, before, after } = compared(d.collection, d.key, published.value, d.value);
        const labels = fieldLabelsOf(fields);
        const changed = Object.keys(labels).filter((n) => before?.[n] !== after?.[n]);
        what =
          changed.length > 0
            ? `Changes ${changed.map((n) => labels[n]).join(', ')}`
            : d.position !== published.position
              ? 'Moves it'
              : 'No change';
      }
      return {
        ref: `${d.collection}/${d.key}@${d.version}`,
        collection: collectionRef(d.collection),
        key: d.key,
        label: itemLabel(d.collection, d.key, d.removed ? published.value : d.value),
        by: names[d.author] ?? '',
        mine: d.author === me,
        at: d.updatedAt,
        what,
      };
    }),
  );
}

function fieldLabelsOf(fields: readonly FieldSpec[], prefix = ''): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind === 'group') {
      for (const e of f.entries) Object.assign(labels, fieldLabelsOf(e.fields, `${e.legend}: `));
    } else labels[f.name] = `${prefix}${f.label}`;
  }
  return labels;
}

/** A checkbox's value back into the draft it names; null when malformed or unknown. */
export function parseRef(ref: unknown): DraftRef | null {
  if (typeof ref !== 'string') return null;
  const match = /^([a-z0-9.-]+)\/([^@/]*)@(\d{1,9})$/.exec(ref);
  const collection = match && definitionOf(match[1]!) ? (match[1] as ContentFile) : null;
  if (!match || !collection) return null;
  return { collection, key: match[2]!, version: Number(match[3]) };
}

/**
 * A refusal naming an item and a field: `case-studies.yaml item x, approvedBy: …`
 * (`publishRefusals`), or a content check's `case-studies.yaml: item 2 (x), slug: …`
 * (`src/server/content/check.ts`).
 */
const ITEM_REFUSALS = [
  /^([a-z0-9.-]+) item ([^,]*), (\w+): (.+)$/s,
  /^(?:src\/content\/)?([a-z0-9.-]+): item \d+ \(([^)]*)\), (\w+): (.+)$/s,
];

/**
 * A publish's refusals in editors' words: a line naming an item and a field by its file, key
 * and field key (`src/server/content/items.ts`) names them as the item page does, by the item's
 * title, its collection's label and the field's label. Any other line is left as it is.
 */
async function inEditorsWords(context: Context, problems: readonly string[]): Promise<string[]> {
  const { drafts } = contentOf(context);
  return Promise.all(
    problems.map(async (line) => {
      const match = ITEM_REFUSALS.map((pattern) => pattern.exec(line)).find(Boolean);
      const [, file = '', key = '', field = '', message = ''] = match ?? [];
      const definition = definitionOf(file);
      const schema = (definition?.item.shape as Record<string, z.ZodType> | undefined)?.[field];
      if (!definition || !schema) return line;
      const draft = await drafts.get(file as ContentFile, key);
      const title = itemTitle(definition, key, draft?.value);
      return `“${title}” (${definition.label}), ${fieldMeta(schema).meta.label ?? field}: ${message}`;
    }),
  );
}

/**
 * Publishes the chosen drafts (or all of the person's) as one release, recorded in the audit log.
 * @returns the release's number (null: nothing changed), or the problems refusing it
 */
export async function publishDrafts(
  context: Context,
  refs: readonly DraftRef[],
  note: string,
): Promise<{ release: number | null } | { problems: string[] }> {
  const result = await contentOf(context).drafts.publish(refs, {
    author: signedIn(context).staff.name,
    note,
  });
  if (result.problems) return { problems: await inEditorsWords(context, result.problems) };
  const number = result.release?.number ?? null;
  await record(
    context,
    'content-published',
    null,
    `release ${number ?? 'none'}, ${result.published.length} items`,
  );
  return { release: number };
}

/**
 * Makes the item as it was at `release` a new draft (a removal when it did not exist then).
 * @returns a refusal to show, or null when done
 */
export async function restoreItem(
  context: Context,
  collection: ContentFile,
  key: string,
  release: number,
): Promise<string | null> {
  const old = await contentOf(context).drafts.published(collection, key, release);
  const refused = refusal(await saveOver(context, collection, key, old.value), 'This item');
  if (!refused) {
    await record(context, 'content-restored', null, `${collection}/${key} from release ${release}`);
  }
  return refused;
}

/**
 * Releases with the items they changed named as the lists name them (their title now), never by
 * their keys; an item gone since by its title before it went; a collection no definition has
 * now (a content migration removed it) by its key.
 */
export async function releasesNamed(context: Context, releases: readonly Release[]) {
  const { store, drafts } = contentOf(context);
  const names = new Map(
    toItems(await store.read()).map((i) => [
      `${i.collection}/${i.key}`,
      itemLabel(i.collection, i.key, JSON.parse(i.body) as unknown),
    ]),
  );
  const nameOf = async (file: string, key: string, at: number): Promise<string> => {
    const now = names.get(`${file}/${key}`);
    if (now !== undefined) return now;
    if (!definitionOf(file)) return key || file;
    const collection = file as ContentFile;
    const then = await drafts.published(collection, key, at);
    const before = then.value ?? (await drafts.published(collection, key, at - 1)).value;
    return itemLabel(collection, key, before);
  };
  return Promise.all(
    releases.map(async (r) => ({
      ...r,
      changed: await Promise.all(
        r.changed.map(async (c) => ({
          ...c,
          label: collectionLabel(c.collection),
          name: await nameOf(c.collection, c.key, r.number),
        })),
      ),
    })),
  );
}
