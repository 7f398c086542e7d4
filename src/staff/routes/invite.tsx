/**
 * `/staff/invite?token=…`: the page an invite link opens (docs/product.md#staff-inbox). A valid
 * invite offers to create the passkey, which also signs in; any other gets a page saying why.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { enrolPasskey } from '../ceremonies.ts';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { PageHeading } from '../components/ui.tsx';
import { formatDateTime } from '../format.ts';
import { SIGN_IN_PATH } from '../paths.ts';
import { staffServicesContext, type InviteView } from '../services.ts';

const STATUS: Record<InviteView['kind'], number> = {
  valid: 200,
  unknown: 404,
  expired: 410,
  used: 410,
  disabled: 403,
  'rate-limited': 429,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const invite = await context.get(staffServicesContext).invite(token);
  const headers: HeadersInit =
    invite.kind === 'rate-limited' ? { 'Retry-After': String(invite.retryAfterSeconds) } : {};
  return data(
    { invite, token: invite.kind === 'valid' ? token : null },
    { status: STATUS[invite.kind], headers },
  );
}

const REFUSALS: Record<Exclude<InviteView['kind'], 'valid'>, string> = {
  unknown:
    'This link is not one the inbox issued: it may have been copied incompletely or altered.',
  expired: 'This link has expired: invite links work for 24 hours.',
  used: 'This link has already been used to create a passkey; each link works once.',
  disabled: 'The account this link was for has been disabled.',
  'rate-limited': 'Too many invite links were opened from here just now. Wait a few minutes.',
};

export function Component() {
  const { invite, token } = useLoaderData<typeof loader>();
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
        busyLabel="Waiting for your device…"
        run={() => enrolPasskey(token ?? '')}
      />
    </div>
  );
}
