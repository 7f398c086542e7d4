/**
 * `/staff/sign-in` with a passkey (`../passkeys.server.ts`). "Session ran out" only when the
 * request presented one, never after signing out.
 */
import { redirect } from 'react-router';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { Notice, PageHeading } from '../components/ui.tsx';
import { safeNext, SIGN_IN_PATH } from '../../lib/staff-paths.ts';
import { passkeyAction } from '../passkeys.server.ts';
import { staffRequest, withRetryAfter } from '../session.server.ts';
import type { Route } from './+types/sign-in.ts';

export function loader({ url, context }: Route.LoaderArgs) {
  const next = safeNext(url.searchParams.get('next'));
  const { signedIn, expired } = staffRequest(context);
  if (signedIn) throw redirect(next);
  const signedOut = url.searchParams.get('signed-out');
  return {
    next,
    signedOut: signedOut === 'everywhere' ? 'everywhere' : signedOut ? 'here' : null,
    expired: !signedOut && (expired || url.searchParams.get('expired') === '1'),
  };
}

export const action = (args: Route.ActionArgs) => passkeyAction('sign-in', args);

export const headers = withRetryAfter;

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { next, signedOut, expired } = loaderData;
  return (
    <div className="max-w-xl">
      <PageHeading title="Sign in" lede="The agency’s inbox: enquiries from the website." />
      {signedOut === 'everywhere' ? (
        <Notice tone="status">You are signed out on every device.</Notice>
      ) : signedOut ? (
        <Notice tone="status">You are signed out.</Notice>
      ) : expired ? (
        <Notice tone="status">
          Your session ended after 30 minutes without activity (or 12 hours in all). Sign in again
          to continue.
        </Notice>
      ) : null}
      <p className="mb-6 max-w-prose">
        Use the passkey you created from your invite: your device asks for your fingerprint, face or
        PIN. There is no password.
      </p>
      <PasskeyAction
        label="Sign in with a passkey"
        action={SIGN_IN_PATH}
        body={{ next }}
        creating={false}
      />
      <p className="mt-8 max-w-prose text-sm text-stone-600">
        No passkey yet, or lost the device that held it? Ask the person who runs the website for an
        invite link.
      </p>
    </div>
  );
}
