/**
 * `/staff/content/:collection/items/:key`: an item's form, made from its schema, filled with its
 * draft or else its published version, with everything an editor does to it beside the fields
 * (docs/decisions/050-drafts-publish-and-conflicts.md): Save draft; Preview, which saves the
 * draft and opens the public page that shows the item with it
 * (docs/decisions/054-previews-and-share-links.md); for a publisher, Publish this item, which
 * saves the draft and publishes it alone as a release; Discard draft. Every save checks the form
 * with the schema (each message beside its field, the typed text kept) or answers 409 with the
 * conflict page when someone published or saved the item after this form was drawn. The publish
 * page stays for publishing several drafts at once.
 */
import {
  data,
  Link,
  redirect,
  redirectDocument,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { ConflictPanel, fieldLabels, ItemFormView } from '../components/content-item-form.tsx';
import { buttonClass, Notice, PageHeading } from '../components/ui.tsx';
import { CONTENT_BASE, collectionPath, itemPath } from '../content-paths.ts';
import { formatDateTime } from '../format.ts';
import { cx } from '../../components/ui/cx.ts';
import {
  collectionOr404,
  contentOf,
  itemEditor,
  keyOf,
  previewPageOf,
  publishDrafts,
  saveItem,
} from '../content.server.ts';
import { makePreview } from '../previews.server.ts';
import { allows, requireRole, roleOf } from '../roles.server.ts';
import { record, staffRequest } from '../session.server.ts';
import {
  AutosaveStatus,
  LeaveDialog,
  useUnsavedChanges,
  type AutosaveAnswer,
} from '../components/unsaved-changes.tsx';
import { siteContext } from '../../react/load-context.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { ItemStatistics } from '../components/item-statistics.tsx';
import { itemFigures } from '../statistics.server.ts';
import type { Route } from './+types/content-item.ts';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const key = keyOf(collection.file, params.key);
  const editor = await itemEditor(context, collection.file, key);
  if (!editor) throw data('No such item', { status: 404 });
  const done = url.searchParams.get('done');
  const notice = done !== null && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null;
  const labels = fieldLabels(editor.form.fields);
  const { statistics, now } = staffRequest(context).server;
  return {
    collection,
    key,
    ...editor,
    figures: await itemFigures(statistics, collection.file, key, now(), STAFF_BASE),
    notice,
    /** The release a publish from this page made (`?release=`). */
    release: done === 'published' ? Number(url.searchParams.get('release')) || null : null,
    /** Rich-text fields a plain save left as they were (`?kept=`), by label. */
    kept: url.searchParams.getAll('kept').flatMap((name) => labels[name] ?? []),
    canPublish: allows(roleOf(context), 'publisher'),
  };
}

type Answer = Awaited<ReturnType<typeof saveItem>> | { kind: 'unpublished'; problems: string[] };

export async function action({ context, params, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const key = keyOf(collection.file, params.key);
  const form = await request.formData();
  const intent = form.get('intent') ?? 'save';
  if (intent === 'discard') {
    const version = Number(form.get('version') ?? form.get('seenVersion'));
    if (await contentOf(context).drafts.discard(collection.file, key, version)) {
      await record(context, 'content-draft-discarded', null, `${collection.file}/${key}`);
    }
    return redirect(`${itemPath(collection, key)}?done=discarded`, 303);
  }
  if (intent === 'publish') requireRole(context, 'publisher');
  const outcome = await saveItem(context, collection.file, key, form);
  if (intent === 'autosave') {
    // A fetcher's post while typing: the page stays as it is, whatever the answer.
    return outcome.kind === 'saved'
      ? data<AutosaveAnswer>({
          kind: 'autosave',
          autosaved: true,
          at: staffRequest(context).server.now(),
        })
      : data<AutosaveAnswer>({ kind: 'autosave', autosaved: false, reason: outcome.kind });
  }
  if (outcome.kind === 'invalid') return data<Answer>(outcome, { status: 400 });
  if (outcome.kind === 'conflict') return data<Answer>(outcome, { status: 409 });
  const query = new URLSearchParams();
  for (const name of outcome.kept) query.append('kept', name);
  const ref = { collection: collection.file, key, version: outcome.version };
  if (intent === 'preview') {
    const made = await makePreview(
      context,
      [`${ref.collection}/${ref.key}@${ref.version}`],
      previewPageOf(collection.file, key, outcome.value),
      null,
    );
    if ('problems' in made) return data<Answer>({ kind: 'unpublished', ...made }, { status: 400 });
    // A document load: the public page, its policy and its scripts as a visitor gets them.
    return redirectDocument(`${context.get(siteContext).settings.siteOrigin}${made.url}`, 303);
  }
  if (intent === 'publish') {
    const published = await publishDrafts(context, [ref], '');
    if ('problems' in published) {
      return data<Answer>({ kind: 'unpublished', ...published }, { status: 400 });
    }
    query.set('done', 'published');
    query.set('release', String(published.release ?? 0));
  } else query.set('done', 'saved');
  return redirect(`${itemPath(collection, key)}?${query.toString()}`, 303);
}

/**
 * An autosave leaves the page's data as it is: reloading it would redraw the fields under the
 * person typing (https://reactrouter.com/start/framework/route-module#shouldrevalidate).
 */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return formData?.get('intent') === 'autosave' ? false : defaultShouldRevalidate;
}

const NOTICES = {
  saved: 'Draft saved. It is not on the site until someone publishes it.',
  published: 'Published: the site shows it within a few seconds.',
  discarded: 'Draft discarded: the form shows the published version.',
  restored: 'The old version is now a draft: check it, then publish it.',
} as const;

export default function ContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const {
    collection,
    key,
    label,
    form,
    draft,
    published,
    notice,
    kept,
    canPublish,
    release,
    figures,
  } = loaderData;
  const back = itemPath(collection, key);
  const conflict = actionData?.kind === 'conflict' ? actionData : null;
  const base = `${form.seenVersion}:${form.baseRelease}`;
  const editing = useUnsavedChanges(base);
  // One release named on the page: a conflict's is newer than the one this page was drawn with.
  const newest = conflict ? (conflict.conflict.theirs.release ?? published) : published;
  return (
    <>
      <PageHeading
        title={conflict ? `Not saved: ${label}` : label}
        lede={`${collection.label}${newest ? ` · published in release ${newest}` : ' · not published yet'}`}
      >
        <Link to={collectionPath(collection)} className="underline underline-offset-4">
          Back to {collection.label}
        </Link>
      </PageHeading>
      <ItemStatistics figures={figures} />
      {conflict ? (
        <ConflictPanel form={conflict.form} conflict={conflict.conflict} back={back} />
      ) : (
        <>
          {notice ? (
            <Notice tone="status">
              {release
                ? `Published in release ${release}: the site shows it within a few seconds.`
                : notice}
              {kept.length > 0
                ? ` ${kept.join(', ')} ${kept.length === 1 ? 'was' : 'were'} left as ${kept.length === 1 ? 'it was' : 'they were'}: bold, italic and links kept.`
                : ''}
            </Notice>
          ) : null}
          {actionData?.kind === 'invalid' ? (
            <Notice tone="alert">Not saved: correct the fields marked below.</Notice>
          ) : null}
          {actionData?.kind === 'unpublished' ? (
            <Notice tone="alert">
              <p className="font-semibold">
                Your draft is saved, but it was not published or previewed:
              </p>
              <ul role="list">
                {actionData.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Notice>
          ) : null}
          <LeaveDialog blocker={editing.blocker} />
          <ItemFormView
            // A new base (saved, discarded) redraws the fields from it.
            key={base}
            form={actionData?.kind === 'invalid' ? actionData.form : form}
            submit="Save draft"
            onChange={editing.onChange}
            onSubmit={editing.onSubmit}
            status={
              <>
                <AutosaveStatus
                  unsaved={editing.unsaved}
                  saving={editing.saving}
                  answer={editing.answer}
                  format={formatDateTime}
                />
                <p
                  // Narrow screens keep the bar short: the heading's line says as much.
                  className={cx('text-xs text-stone-700 lg:text-sm', !draft && 'max-lg:hidden')}
                >
                  {draft
                    ? `${draft.removed ? 'A draft removes this item' : 'Draft'}, saved by ${draft.mine ? 'you' : draft.by} at ${formatDateTime(draft.at)}.`
                    : published
                      ? `Published in release ${published}; no draft.`
                      : 'Not published yet.'}{' '}
                  {canPublish ? null : 'A publisher puts drafts on the site.'}
                </p>
              </>
            }
            actions={
              <>
                <button type="submit" name="intent" value="preview" className={buttonClass()}>
                  Preview
                </button>
                {canPublish ? (
                  <button type="submit" name="intent" value="publish" className={buttonClass()}>
                    Publish this item
                  </button>
                ) : null}
                {draft ? (
                  <button type="submit" name="intent" value="discard" className={buttonClass()}>
                    Discard draft
                  </button>
                ) : null}
                <Link
                  to={`${CONTENT_BASE}/publish`}
                  className="self-center py-2 underline underline-offset-4 max-lg:hidden"
                >
                  All drafts
                </Link>
              </>
            }
          />
        </>
      )}
    </>
  );
}
