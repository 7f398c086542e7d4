/**
 * `/staff/content/publish`: every draft with its author and what it changes; a publisher picks
 * some (or all of their own), adds an optional note and publishes them as one release, checked
 * by the schemas first; then 303 to the history. Editors see the drafts and that a publisher
 * publishes them (docs/decisions/050-drafts-publish-and-conflicts.md). Anyone may preview the
 * chosen drafts on a public page or make a share link of them
 * (docs/decisions/054-previews-and-share-links.md); a publisher may schedule them instead, and
 * cancel a schedule (docs/decisions/055-scheduled-publishing.md).
 */
import { data, Form, Link, redirect, redirectDocument } from 'react-router';
import {
  buttonClass,
  ColumnHeads,
  Notice,
  PageHeading,
  RecordTable,
  RowActionCell,
  TEXT_FIELD,
} from '../components/ui.tsx';
import { CONTENT_BASE, itemPath } from '../content-paths.ts';
import { contentOf, draftSummaries, parseRef, publishDrafts } from '../content.server.ts';
import { formatDateTime } from '../format.ts';
import { allows, requireRole, roleOf } from '../roles.server.ts';
import {
  cancelSchedule,
  fromIndiaTime,
  makePreview,
  PREVIEW_PAGES,
  scheduleDrafts,
  SHARE_TERMS,
} from '../previews.server.ts';
import { siteContext } from '../../react/load-context.ts';
import type { Route } from './+types/content-publish.ts';

const SELECT = 'min-h-11 rounded-md border border-stone-500 bg-paper px-3 text-base';

/** Longest note kept with a release. */
const NOTE_MAX = 200;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const schedules = (await contentOf(context).schedules.list()).filter(
    (s) => s.settledAt === null && s.cancelledAt === null,
  );
  return {
    drafts: await draftSummaries(context),
    canPublish: allows(roleOf(context), 'publisher'),
    schedules,
    pages: PREVIEW_PAGES,
    terms: SHARE_TERMS.map(({ value, label }) => ({ value, label })),
    done: url.searchParams.has('scheduled')
      ? 'Scheduled: the drafts wait below until their time.'
      : url.searchParams.has('cancelled')
        ? 'Schedule cancelled: its changes are drafts again.'
        : null,
  };
}

type Answer = { problems: string[]; chosen: string[]; note: string; shareLink?: string };

/** Previews and share links: any role that drafts. */
async function previewAction(context: Route.ActionArgs['context'], form: FormData) {
  const chosen = form.getAll('draft').map(String);
  const intent = form.get('intent');
  const term = SHARE_TERMS.find((t) => t.value === form.get('term'));
  const made = await makePreview(
    context,
    chosen,
    form.get('page'),
    intent === 'share' ? { termMs: (term ?? SHARE_TERMS[1]).ms } : null,
  );
  if ('problems' in made) return data<Answer>({ ...made, chosen, note: '' }, { status: 400 });
  const url = `${context.get(siteContext).settings.siteOrigin}${made.url}`;
  // A document load: the public page, its policy and its scripts as a visitor gets them.
  if (intent === 'preview') return redirectDocument(url, 303);
  return data<Answer>({ problems: [], chosen, note: '', shareLink: url });
}

export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'preview' || intent === 'share') return previewAction(context, form);
  requireRole(context, 'publisher');
  if (intent === 'cancel-schedule') {
    await cancelSchedule(context, form.get('schedule'));
    return redirect(`${CONTENT_BASE}/publish?cancelled=1`, 303);
  }
  const typed = form.get('note');
  const note = typeof typed === 'string' ? typed.trim() : '';
  const chosen = form.getAll('draft').map(String);
  const fail = (problems: string[]) => data<Answer>({ problems, chosen, note }, { status: 400 });
  if (note.length > NOTE_MAX) return fail([`The note must be at most ${NOTE_MAX} characters.`]);
  let refs;
  if (intent === 'schedule') {
    const at = fromIndiaTime(form.get('publishAt'));
    const scheduled = await scheduleDrafts(context, chosen, at, note);
    if ('problems' in scheduled) return fail(scheduled.problems);
    return redirect(`${CONTENT_BASE}/publish?scheduled=1`, 303);
  }
  if (intent === 'mine') {
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
  const { drafts, canPublish, schedules, pages, terms, done } = loaderData;
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
      {done ? <Notice tone="status">{done}</Notice> : null}
      {actionData?.shareLink ? (
        <Notice tone="status">
          <p className="font-semibold">Share link</p>
          <p className="break-all">
            <a href={actionData.shareLink} className="underline underline-offset-4">
              {actionData.shareLink}
            </a>
          </p>
          <p>
            Anyone with it sees the chosen drafts on the page until it expires. Copy it now: it is
            not shown again.{' '}
            <Link to={`${CONTENT_BASE}/previews`} className="underline underline-offset-4">
              Share links
            </Link>{' '}
            lists and revokes them.
          </p>
        </Notice>
      ) : null}
      {actionData?.problems.length ? (
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
              <ColumnHeads names={['Choose', 'Item', 'What changes', 'Saved by']} />
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
                        className="size-5 accent-ink"
                      />
                    </td>
                    <td className="py-2 pr-4">
                      <label htmlFor={id} className="font-semibold">
                        {d.label}
                      </label>{' '}
                      <span className="text-stone-600">({d.collection.label})</span>{' '}
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
          <fieldset className="mb-8 flex flex-wrap items-end gap-3 border-t border-stone-200 pt-4">
            <legend className="pt-4 text-sm font-semibold">See the chosen drafts first</legend>
            <div className="flex flex-col gap-1">
              <label htmlFor="preview-page" className="text-sm">
                Show on page
              </label>
              <select id="preview-page" name="page" className={SELECT}>
                {pages.map((p) => (
                  <option key={p.path} value={p.path}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="preview" className={buttonClass()}>
              Preview
            </button>
            <div className="flex flex-col gap-1">
              <label htmlFor="share-term" className="text-sm">
                Link works for
              </label>
              <select id="share-term" name="term" defaultValue="7" className={SELECT}>
                {terms.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="intent" value="share" className={buttonClass()}>
              Create share link
            </button>
          </fieldset>
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
                  className={TEXT_FIELD}
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
              <div className="mt-6 flex flex-wrap items-end gap-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor="publish-at" className="text-sm font-semibold">
                    Publish at (India time)
                  </label>
                  <input
                    id="publish-at"
                    type="datetime-local"
                    name="publishAt"
                    className={SELECT}
                  />
                </div>
                <button type="submit" name="intent" value="schedule" className={buttonClass()}>
                  Schedule the chosen drafts
                </button>
              </div>
            </>
          ) : null}
        </Form>
      )}
      <h2 className="mt-12 mb-3 font-display text-xl">Scheduled</h2>
      {schedules.length === 0 ? (
        <p>Nothing is scheduled.</p>
      ) : (
        <RecordTable
          caption="Scheduled releases"
          heads={['Publishes at', 'Items', 'Scheduled by', 'Cancel']}
          rows={schedules}
          rowKey={(sch) => sch.id}
        >
          {(sch) => (
            <>
              <td className="py-2 pr-4">{formatDateTime(sch.publishAt)}</td>
              <td className="py-2 pr-4">{sch.label}</td>
              <td className="py-2 pr-4">{sch.author}</td>
              <RowActionCell
                show={canPublish}
                field="schedule"
                value={sch.id}
                intent="cancel-schedule"
                label="Cancel"
                describe={`Cancel the schedule of ${formatDateTime(sch.publishAt)}`}
              />
            </>
          )}
        </RecordTable>
      )}
    </>
  );
}
