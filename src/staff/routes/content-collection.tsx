/**
 * `/staff/content/:collection`: a collection's items with their drafts (new, changed, to be
 * removed, and by whom); lists can add an item, move one up or down and remove one, each a plain
 * post saved as drafts (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { data, Form, Link, redirect } from 'react-router';
import { buttonClass, Notice, PageHeading } from '../components/ui.tsx';
import { CONTENT_BASE, collectionPath, itemPath } from '../content-paths.ts';
import {
  changeList,
  collectionOr404,
  collectionRows,
  isListCollection,
  type ItemRow,
} from '../content.server.ts';
import { requireRole } from '../roles.server.ts';
import type { Route } from './+types/content-collection.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  return {
    collection,
    isList: isListCollection(collection.file),
    rows: await collectionRows(context, collection.file),
  };
}

const INTENTS = new Set(['up', 'down', 'remove'] as const);

export async function action({ context, params, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const form = await request.formData();
  const intent = form.get('intent');
  const key = form.get('key');
  if (
    !isListCollection(collection.file) ||
    typeof key !== 'string' ||
    !INTENTS.has(intent as 'up' | 'down' | 'remove')
  ) {
    return data({ error: 'That change cannot be made here.' }, { status: 400 });
  }
  const refused = await changeList(
    context,
    collection.file,
    key,
    intent as 'up' | 'down' | 'remove',
  );
  if (refused) return data({ error: refused }, { status: 409 });
  return redirect(collectionPath(collection), 303);
}

const BADGE: Record<ItemRow['state'], string | null> = {
  published: null,
  new: 'New',
  changed: 'Changed',
  removed: 'To be removed',
};

export default function Collection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, isList, rows } = loaderData;
  const name = collection.label;
  return (
    <>
      <PageHeading title={name} lede="Changes are drafts until someone publishes them.">
        <Link to={CONTENT_BASE} className="underline underline-offset-4">
          All content
        </Link>
        {isList ? (
          <Link to={`${collectionPath(collection)}/new`} className={buttonClass('primary')}>
            Add an item
          </Link>
        ) : null}
      </PageHeading>
      {actionData?.error ? <Notice tone="alert">{actionData.error}</Notice> : null}
      <ol role="list" className="divide-y divide-stone-200 border-y border-stone-200">
        {rows.map((row, n) => (
          <li key={row.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1">
              {row.state === 'removed' ? (
                <span className="line-through">{row.label}</span>
              ) : (
                <Link
                  to={itemPath(collection, row.key)}
                  className="font-semibold break-words underline underline-offset-4"
                >
                  {row.label}
                </Link>
              )}
              {BADGE[row.state] ? (
                <span className="ml-2 rounded-sm border border-ink px-1.5 text-xs font-semibold">
                  {BADGE[row.state]}
                </span>
              ) : null}
              {row.draftBy ? (
                <span className="ml-2 text-sm text-stone-600">draft by {row.draftBy}</span>
              ) : null}
            </div>
            {isList && row.state !== 'removed' ? (
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="key" value={row.key} />
                <button
                  type="submit"
                  name="intent"
                  value="up"
                  disabled={n === 0}
                  className={buttonClass()}
                  aria-label={`Move “${row.label}” up`}
                >
                  Up
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="down"
                  disabled={n === rows.length - 1}
                  className={buttonClass()}
                  aria-label={`Move “${row.label}” down`}
                >
                  Down
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  className={buttonClass('danger')}
                  aria-label={`Remove “${row.label}”`}
                >
                  Remove
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
