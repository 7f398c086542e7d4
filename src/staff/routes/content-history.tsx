/**
 * `/staff/content/history`: every release with its author, time, note and the items it changed;
 * `?item=<collection>/<key>&from=N&to=M` shows that item's changed fields between two releases
 * side by side, and a publisher can restore the older version as a new draft — history is never
 * rewritten (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { data, Form, Link, redirect } from 'react-router';
import { SideBySide } from '../components/content-item-form.tsx';
import { buttonClass, Notice, PageHeading, Section } from '../components/ui.tsx';
import { CONTENT_BASE, itemPath } from '../content-paths.ts';
import {
  collectionLabel,
  collectionRef,
  compared,
  contentOf,
  itemLabel,
  itemOf,
  releasesNamed,
  restoreItem,
} from '../content.server.ts';
import { formatDateTime } from '../format.ts';
import { allows, requireRole, roleOf } from '../roles.server.ts';
import type { Route } from './+types/content-history.ts';

const HISTORY = `${CONTENT_BASE}/history`;

const release = (v: string | null): number | null =>
  v !== null && /^\d{1,9}$/.test(v) ? Number(v) : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const { store, drafts } = contentOf(context);
  const releases = await releasesNamed(context, await store.history());
  const item = itemOf(url.searchParams.get('item'));
  const from = release(url.searchParams.get('from'));
  const to = release(url.searchParams.get('to'));
  let diff = null;
  if (item && from !== null && to !== null) {
    const [before, after] = await Promise.all([
      drafts.published(item.collection, item.key, from),
      drafts.published(item.collection, item.key, to),
    ]);
    diff = {
      ...item,
      from,
      to,
      label: itemLabel(item.collection, item.key, after.value ?? before.value),
      collectionLabel: collectionLabel(item.collection),
      ...compared(item.collection, item.key, before.value, after.value),
    };
  }
  const published = release(url.searchParams.get('published'));
  return { releases, diff, published, canRestore: allows(roleOf(context), 'publisher') };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, 'publisher');
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : null;
  };
  const item = itemOf(field('item'));
  const at = release(field('release'));
  if (!item || at === null)
    return data({ error: 'That version was not understood.' }, { status: 400 });
  const refused = await restoreItem(context, item.collection, item.key, at);
  if (refused) return data({ error: refused }, { status: 409 });
  return redirect(`${itemPath(collectionRef(item.collection), item.key)}?done=restored`, 303);
}

export default function History({ loaderData, actionData }: Route.ComponentProps) {
  const { releases, diff, published, canRestore } = loaderData;
  return (
    <>
      <PageHeading title="Content history" lede="Every published release, newest first.">
        <Link to={CONTENT_BASE} className="underline underline-offset-4">
          All content
        </Link>
        <Link to={`${CONTENT_BASE}/publish`} className="underline underline-offset-4">
          Publish drafts
        </Link>
      </PageHeading>
      {published !== null ? (
        <Notice tone="status">
          {published === 0
            ? 'Nothing changed: the drafts matched what was published, and they are gone now.'
            : `Published release ${published}. The site shows it within a few seconds.`}
        </Notice>
      ) : null}
      {actionData?.error ? <Notice tone="alert">{actionData.error}</Notice> : null}
      {diff ? (
        <Section title={`${diff.label}: release ${diff.from} and ${diff.to}`} id="diff">
          <p className="mb-3 text-sm text-stone-600">{diff.collectionLabel}</p>
          <SideBySide
            fields={diff.fields}
            left={diff.before}
            right={diff.after}
            leftTitle={`Release ${diff.from}`}
            rightTitle={`Release ${diff.to}`}
          />
          {canRestore ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="item" value={`${diff.collection}/${diff.key}`} />
              <input type="hidden" name="release" value={diff.from} />
              <button type="submit" className={buttonClass()}>
                Restore the version of release {diff.from} as a draft
              </button>
            </Form>
          ) : null}
        </Section>
      ) : null}
      <Section title="Releases" id="releases">
        <ol role="list" className="divide-y divide-stone-200 border-y border-stone-200">
          {releases.map((r) => (
            <li key={r.number} className="py-3">
              <p>
                <span className="font-semibold">Release {r.number}</span> by {r.author},{' '}
                {formatDateTime(r.publishedAt)}
                {r.note ? <span className="text-stone-600"> — {r.note}</span> : null}
              </p>
              <details className="mt-1 text-sm">
                <summary className="cursor-pointer underline underline-offset-4">
                  {r.changed.length} {r.changed.length === 1 ? 'item' : 'items'} changed
                </summary>
                <ul role="list" className="mt-2 list-disc pl-5">
                  {r.changed.map((c) => (
                    <li key={`${c.collection}/${c.key}`}>
                      {c.label}: {c.name}
                      {c.removed ? ' (removed)' : ''}
                      {r.number > 1 ? (
                        <>
                          {' '}
                          <Link
                            to={`${HISTORY}?${new URLSearchParams({
                              item: `${c.collection}/${c.key}`,
                              from: String(r.number - 1),
                              to: String(r.number),
                            }).toString()}#diff`}
                            className="underline underline-offset-4"
                          >
                            Compare with release {r.number - 1}
                          </Link>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
