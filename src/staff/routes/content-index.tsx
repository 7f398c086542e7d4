/**
 * `/staff/content`: the site's content collections by their human names, with how many drafts
 * each holds, and the way to publishing, history and the uploaded images
 * (docs/decisions/050-drafts-publish-and-conflicts.md).
 */
import { Link } from 'react-router';
import { MEDIA_PAGE } from '../../lib/media.ts';
import { PageHeading } from '../components/ui.tsx';
import { CONTENT_BASE, collectionPath } from '../content-paths.ts';
import { collectionList, contentOf } from '../content.server.ts';
import { requireRole } from '../roles.server.ts';
import type { Route } from './+types/content-index.ts';

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const { drafts, store } = contentOf(context);
  const counts: Record<string, number> = {};
  for (const d of await drafts.list()) counts[d.collection] = (counts[d.collection] ?? 0) + 1;
  return {
    collections: collectionList(),
    counts,
    release: await store.latest(),
  };
}

export default function ContentIndex({ loaderData }: Route.ComponentProps) {
  const { collections, counts, release } = loaderData;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <PageHeading
        title="Content"
        lede={`What the site shows: release ${release ?? '–'}. Changes are drafts until published.`}
      >
        <Link to={`${CONTENT_BASE}/publish`} className="underline underline-offset-4">
          Publish drafts ({total})
        </Link>
        <Link to={`${CONTENT_BASE}/history`} className="underline underline-offset-4">
          History
        </Link>
        <Link to={MEDIA_PAGE} className="underline underline-offset-4">
          Images
        </Link>
      </PageHeading>
      <ul role="list" className="grid gap-3 md:grid-cols-2">
        {collections.map((c) => (
          <li key={c.file} className="rounded-md border border-stone-300 p-4">
            <Link to={collectionPath(c)} className="font-semibold underline underline-offset-4">
              {c.label}
            </Link>
            <p className="text-sm text-stone-600">{c.description}</p>
            {counts[c.file] ? (
              <p className="mt-1 text-sm font-semibold">
                {counts[c.file]} {counts[c.file] === 1 ? 'draft' : 'drafts'}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
