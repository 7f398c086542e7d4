/**
 * `/staff/invite?token=…`: the page an invite link opens (docs/product.md#staff-inbox). A valid
 * invite offers to create the passkey, which also signs in; any other gets a page saying why.
 */
import { Link } from 'react-router';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { PageHeading } from '../components/ui.tsx';
import { formatDateTime } from '../format.ts';
import { INVITE_PATH, SIGN_IN_PATH } from '../../lib/staff-paths.ts';
import { inviteLoader, passkeyAction } from '../passkeys.server.ts';
import { withRetryAfter } from '../session.server.ts';
import type { Route } from './+types/invite.ts';

export const loader = inviteLoader;

export const headers = withRetryAfter;

export const action = (args: Route.ActionArgs) => passkeyAction('enrol', args);

const REFUSALS = {
  unknown:
    'This link is not one the inbox issued: it may have been copied incompletely or altered.',
  expired: 'This link has expired: invite links work for 24 hours.',
  used: 'This link has already been used to create a passkey; each link works once.',
  disabled: 'The account this link was for has been disabled.',
  'rate-limited': 'Too many invite links were opened from here just now. Wait a few minutes.',
} as const;

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { invite, token } = loaderData;
  if (invite.kind !== 'valid') {
    return (
      <div className="max-w-xl">
        <PageHeading title="This invite link cannot be used" />
        <p className="mb-4 max-w-prose">{REFUSALS[invite.kind]}</p>
        <p className="mb-4 max-w-prose">
          Ask the person who runs the website for a new invite. If you already created a passkey,{' '}
          <Link to={SIGN_IN_PATH} className="underline underline-offset-4">
            sign in
          </Link>{' '}
          with it.
        </p>
      </div>
    );
  }
  return (
    <div className="max-w-xl">
      <PageHeading title={`Welcome, ${invite.name}`} />
      <p className="mb-4 max-w-prose">
        Create a passkey for <span className="font-semibold">{invite.email}</span> to sign in to the
        agency&rsquo;s inbox. Your device asks for your fingerprint, face or PIN; the passkey stays
        on it (or in your password manager), and there is no password to remember.
      </p>
      <p className="mb-6 text-sm text-stone-600">
        This link works once, until{' '}
        <time dateTime={new Date(invite.expiresAt).toISOString()}>
          {formatDateTime(invite.expiresAt)}
        </time>{' '}
        (India time).
      </p>
      <PasskeyAction
        label="Create your passkey"
        action={INVITE_PATH}
        body={{ token: token ?? '' }}
        creating
      />
    </div>
  );
}
