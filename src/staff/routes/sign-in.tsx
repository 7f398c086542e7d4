/**
 * `/staff/sign-in`: sign in with a passkey (no user name, no password). Already signed in: on to
 * the inbox (or the page asked for).
 */
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { signInWithPasskey } from '../ceremonies.ts';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { Notice, PageHeading } from '../components/ui.tsx';
import { safeNext } from '../paths.ts';
import { staffServicesContext } from '../services.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  const session = await context.get(staffServicesContext).session();
  if (session.staff) throw redirect(next);
  return {
    next,
    signedOut: url.searchParams.get('signed-out'),
    expired: session.expired || url.searchParams.get('expired') === '1',
  };
}

export function Component() {
  const { next, signedOut, expired } = useLoaderData<typeof loader>();
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
        busyLabel="Waiting for your device…"
        run={() => signInWithPasskey(next)}
      />
      <p className="mt-8 max-w-prose text-sm text-stone-600">
        No passkey yet, or lost the device that held it? Ask the person who runs the website for an
        invite link.
      </p>
    </div>
  );
}
