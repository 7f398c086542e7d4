/**
 * `/staff/content/:collection/items/:key`: an item's form, made from its schema, filled with its
 * draft or else its published version; saving checks it with the schema (each message beside its
 * field, the typed text kept) and stores a draft, or answers 409 with the conflict page when
 * someone published or saved the item after this form was drawn
 * (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { data, Form, Link, redirect } from 'react-router';
import { ConflictPanel, ItemFormView } from '../components/content-item-form.tsx';
import { buttonClass, Notice, PageHeading } from '../components/ui.tsx';
import { collectionPath, itemPath } from '../content-paths.ts';
import { formatDateTime } from '../format.ts';
import { collectionOr404, contentOf, itemEditor, keyOf, saveItem } from '../content.server.ts';
import { requireRole } from '../roles.server.ts';
import { record } from '../session.server.ts';
import type { Route } from './+types/content-item.ts';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const key = keyOf(collection.file, params.key);
  const editor = await itemEditor(context, collection.file, key);
  if (!editor) throw data('No such item', { status: 404 });
  const done = url.searchParams.get('done');
  const notice = done !== null && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null;
  return { collection, key, ...editor, notice };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const key = keyOf(collection.file, params.key);
  const form = await request.formData();
  if (form.get('intent') === 'discard') {
    const version = Number(form.get('version'));
    if (await contentOf(context).drafts.discard(collection.file, key, version)) {
      await record(context, 'content-draft-discarded', null, `${collection.file}/${key}`);
    }
    return redirect(`${itemPath(collection, key)}?done=discarded`, 303);
  }
  const outcome = await saveItem(context, collection.file, key, form);
  if (outcome.kind === 'saved') return redirect(`${itemPath(collection, key)}?done=saved`, 303);
  if (outcome.kind === 'invalid') return data(outcome, { status: 400 });
  return data(outcome, { status: 409 });
}

const NOTICES = {
  saved: 'Draft saved. It is not on the site until someone publishes it.',
  discarded: 'Draft discarded: the form shows the published version.',
  restored: 'The old version is now a draft: check it, then publish it.',
} as const;

export default function ContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, key, label, form, draft, published, notice } = loaderData;
  const back = itemPath(collection, key);
  return (
    <>
      <PageHeading
        title={actionData?.kind === 'conflict' ? `Not saved: ${label}` : label}
        lede={`${collection.label}${published ? ` · published in release ${published}` : ' · not published yet'}`}
      >
        <Link to={collectionPath(collection)} className="underline underline-offset-4">
          Back to {collection.label}
        </Link>
      </PageHeading>
      {actionData?.kind === 'conflict' ? (
        <ConflictPanel form={actionData.form} conflict={actionData.conflict} back={back} />
      ) : (
        <>
          {notice ? <Notice tone="status">{notice}</Notice> : null}
          {actionData?.kind === 'invalid' ? (
            <Notice tone="alert">Not saved: correct the fields marked below.</Notice>
          ) : null}
          {draft ? (
            <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
              <p>
                {draft.removed ? 'A draft removes this item' : 'You are editing a draft'}, saved by{' '}
                {draft.mine ? 'you' : draft.by} at {formatDateTime(draft.at)}.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="discard" />
                <input type="hidden" name="version" value={draft.version} />
                <button type="submit" className={buttonClass()}>
                  Discard draft
                </button>
              </Form>
            </div>
          ) : null}
          <ItemFormView
            // A new base (saved, discarded) redraws the fields from it.
            key={`${form.seenVersion}:${form.baseRelease}`}
            form={actionData?.kind === 'invalid' ? actionData.form : form}
            submit="Save draft"
          />
        </>
      )}
    </>
  );
}
