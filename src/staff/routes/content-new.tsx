/**
 * `/staff/content/:collection/new`: a new list item's form (its `id` typed here, fixed after),
 * saved as a draft at the end of the list (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { data, Link, redirect } from 'react-router';
import { ConflictPanel, ItemFormView } from '../components/content-item-form.tsx';
import { Notice, PageHeading } from '../components/ui.tsx';
import { collectionPath, itemPath } from '../content-paths.ts';
import { collectionOr404, isListCollection, newItemForm, saveItem } from '../content.server.ts';
import { requireRole } from '../roles.server.ts';
import type { Route } from './+types/content-new.ts';

function listOr404(slug: string): ReturnType<typeof collectionOr404> {
  const collection = collectionOr404(slug);
  if (!isListCollection(collection.file)) throw data('Items cannot be added here', { status: 404 });
  return collection;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const collection = listOr404(params.collection);
  return { collection, form: await newItemForm(context, collection.file) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const collection = listOr404(params.collection);
  const outcome = await saveItem(context, collection.file, null, await request.formData());
  if (outcome.kind === 'saved') {
    return redirect(`${itemPath(collection, outcome.key)}?done=saved`, 303);
  }
  return data(outcome, { status: outcome.kind === 'invalid' ? 400 : 409 });
}

export default function ContentNew({ loaderData, actionData }: Route.ComponentProps) {
  const { collection } = loaderData;
  const name = collection.label;
  return (
    <>
      <PageHeading title={`New item: ${name}`} lede="It is a draft until someone publishes it.">
        <Link to={collectionPath(collection)} className="underline underline-offset-4">
          Back to {name}
        </Link>
      </PageHeading>
      {actionData?.kind === 'conflict' ? (
        <ConflictPanel
          form={actionData.form}
          conflict={actionData.conflict}
          back={collectionPath(collection)}
        />
      ) : (
        <>
          {actionData?.kind === 'invalid' ? (
            <Notice tone="alert">Not saved: correct the fields marked below.</Notice>
          ) : null}
          <ItemFormView
            form={actionData?.kind === 'invalid' ? actionData.form : loaderData.form}
            submit="Save draft"
          />
        </>
      )}
    </>
  );
}
