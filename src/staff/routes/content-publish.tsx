/**
 * `/staff/content/publish`: every draft with its author and what it changes; a publisher picks
 * some (or all of their own), adds an optional note and publishes them as one release, checked
 * by the schemas first; then 303 to the history. Editors see the drafts and that a publisher
 * publishes them (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { data, Form, Link, redirect } from 'react-router';
import { buttonClass, ColumnHeads, Notice, PageHeading } from '../components/ui.tsx';
import { CONTENT_BASE, collectionName, itemPath } from '../content-names.ts';
import { draftSummaries, parseRef, publishDrafts } from '../content.server.ts';
import { formatDateTime } from '../format.ts';
import { allows, requireRole, roleOf } from '../roles.server.ts';
import type { Route } from './+types/content-publish.ts';

/** Longest note kept with a release. */
const NOTE_MAX = 200;

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  return {
    drafts: await draftSummaries(context),
    canPublish: allows(roleOf(context), 'publisher'),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, 'publisher');
  const form = await request.formData();
  const typed = form.get('note');
  const note = typeof typed === 'string' ? typed.trim() : '';
  const chosen = form.getAll('draft').map(String);
  const fail = (problems: string[]) => data({ problems, chosen, note }, { status: 400 });
  if (note.length > NOTE_MAX) return fail([`The note must be at most ${NOTE_MAX} characters.`]);
  let refs;
  if (form.get('intent') === 'mine') {
    refs = (await draftSummaries(context)).filter((d) => d.mine).map((d) => parseRef(d.ref)!);
    if (refs.length === 0) return fail(['You have no drafts to publish.']);
  } else {
    refs = chosen.map(parseRef);
    if (refs.length === 0) return fail(['Choose at least one draft to publish.']);
    if (refs.some((r) => r === null)) return fail(['That choice of drafts was not understood.']);
  }
  const result = await publishDrafts(context, refs as NonNullable<(typeof refs)[number]>[], note);
  if ('problems' in result) return fail(result.problems);
  return redirect(`${CONTENT_BASE}/history?published=${result.release ?? 0}`, 303);
}

export default function Publish({ loaderData, actionData }: Route.ComponentProps) {
  const { drafts, canPublish } = loaderData;
  const chosen = new Set(actionData?.chosen ?? []);
  return (
    <>
      <PageHeading
        title="Publish drafts"
        lede="Publishing makes the chosen drafts part of the site, as one new release."
      >
        <Link to={CONTENT_BASE} className="underline underline-offset-4">
          All content
        </Link>
        <Link to={`${CONTENT_BASE}/history`} className="underline underline-offset-4">
          History
        </Link>
      </PageHeading>
      {actionData?.problems ? (
        <Notice tone="alert">
          <p className="font-semibold">Nothing was published:</p>
          <ul role="list" className="list-disc pl-5">
            {actionData.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {!canPublish ? (
        <Notice tone="status">
          You can save drafts; a publisher puts them on the site. Ask one to publish these.
        </Notice>
      ) : null}
      {drafts.length === 0 ? (
        <p>There are no drafts: everything is published.</p>
      ) : (
        <Form method="post">
          <table className="mb-6 w-full border-collapse text-sm">
            <caption className="sr-only">Drafts</caption>
            <thead>
              <ColumnHeads names={['Publish', 'Item', 'What changes', 'Saved by']} />
            </thead>
            <tbody>
              {drafts.map((d) => {
                const id = `draft-${d.ref.replace(/[^a-z0-9-]/gi, '-')}`;
                return (
                  <tr key={d.ref} className="border-b border-stone-200 align-top">
                    <td className="py-2 pr-4">
                      <input
                        id={id}
                        type="checkbox"
                        name="draft"
                        value={d.ref}
                        defaultChecked={chosen.has(d.ref)}
                        disabled={!canPublish}
                        className="size-5 accent-ink"
                      />
                    </td>
                    <td className="py-2 pr-4">
                      <label htmlFor={id} className="font-semibold">
                        {d.label}
                      </label>{' '}
                      <span className="text-stone-600">({collectionName(d.collection)})</span>{' '}
                      <Link
                        to={itemPath(d.collection, d.key)}
                        className="underline underline-offset-4"
                        aria-label={`Open “${d.label}”`}
                      >
                        Open
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{d.what}</td>
                    <td className="py-2">
                      {d.mine ? 'You' : d.by}, {formatDateTime(d.at)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {canPublish ? (
            <>
              <div className="mb-4 flex max-w-xl flex-col gap-1">
                <label htmlFor="publish-note" className="text-sm font-semibold">
                  Note (optional)
                </label>
                <input
                  id="publish-note"
                  name="note"
                  maxLength={NOTE_MAX}
                  defaultValue={actionData?.note ?? ''}
                  className="min-h-11 rounded-md border border-stone-500 px-3 text-base"
                />
              </div>
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="chosen"
                  className={buttonClass('primary')}
                >
                  Publish the chosen drafts
                </button>
                <button type="submit" name="intent" value="mine" className={buttonClass()}>
                  Publish all mine
                </button>
              </div>
            </>
          ) : null}
        </Form>
      )}
    </>
  );
}
