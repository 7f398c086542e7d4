/**
 * `/staff/content/previews`: the share links made of drafts, newest first, with what they show,
 * until when, and a Revoke button for each that still works
 * (docs/decisions/054-previews-and-share-links.md). The links themselves are never shown again:
 * the store keeps only their hashes.
 */
import { Link, redirect } from 'react-router';
import { Notice, PageHeading, RecordTable, RowActionCell } from '../components/ui.tsx';
import { CONTENT_BASE } from '../content-paths.ts';
import { contentOf } from '../content.server.ts';
import { formatDateTime } from '../format.ts';
import { revokeShare } from '../previews.server.ts';
import { requireRole } from '../roles.server.ts';
import { staffRequest } from '../session.server.ts';
import type { Route } from './+types/content-previews.ts';

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  return {
    links: await contentOf(context).previews.shared(),
    now: staffRequest(context).server.now(),
    revoked: url.searchParams.has('revoked'),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const form = await request.formData();
  await revokeShare(context, form.get('id'));
  return redirect(`${CONTENT_BASE}/previews?revoked=1`, 303);
}

export default function Previews({ loaderData }: Route.ComponentProps) {
  const { links, now, revoked } = loaderData;
  return (
    <>
      <PageHeading
        title="Share links"
        lede="Links that show drafts to someone without an account. Make them on the publish page."
      >
        <Link to={`${CONTENT_BASE}/publish`} className="underline underline-offset-4">
          Publish drafts
        </Link>
      </PageHeading>
      {revoked ? <Notice tone="status">Revoked: the link no longer opens.</Notice> : null}
      {links.length === 0 ? (
        <p>No share links yet.</p>
      ) : (
        <RecordTable
          caption="Share links"
          heads={['Shows', 'On page', 'Made', 'Works until', 'Revoke']}
          rows={links}
          rowKey={(link) => link.id}
        >
          {(link) => {
            const live = link.revokedAt === null && link.expiresAt > now;
            return (
              <>
                <td className="py-2 pr-4">{link.label}</td>
                <td className="py-2 pr-4">{link.path}</td>
                <td className="py-2 pr-4">{formatDateTime(link.createdAt)}</td>
                <td className="py-2 pr-4">
                  {link.revokedAt !== null
                    ? `Revoked ${formatDateTime(link.revokedAt)}`
                    : link.expiresAt <= now
                      ? `Expired ${formatDateTime(link.expiresAt)}`
                      : formatDateTime(link.expiresAt)}
                </td>
                <RowActionCell
                  show={live}
                  field="id"
                  value={link.id}
                  label="Revoke"
                  describe={`Revoke the link made ${formatDateTime(link.createdAt)}`}
                  tone="danger"
                />
              </>
            );
          }}
        </RecordTable>
      )}
    </>
  );
}
