/** `/staff/account`. The last passkey is never removed: it is the only way in. */
import { data, Form, redirect } from 'react-router';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { buttonClass, Notice, PageHeading, Section } from '../components/ui.tsx';
import { formatDateTime, isoTime } from '../format.ts';
import { SIGN_IN_PATH, STAFF_BASE } from '../../lib/staff-paths.ts';
import { passkeyAction } from '../passkeys.server.ts';
import { endSession, record, signedIn, staffRequest, withRetryAfter } from '../session.server.ts';
import type { Route } from './+types/account.ts';
import { List } from '../../components/ui/list.tsx';

const ACCOUNT_PATH = `${STAFF_BASE}/account`;

const DONE = {
  added: 'Passkey added. You can sign in with either device now.',
  removed: 'Passkey removed. It can no longer sign in.',
} as const;

export async function loader({ url, context }: Route.LoaderArgs) {
  const { staff } = signedIn(context);
  const passkeys = await staffRequest(context).server.store.listPasskeys(staff.id);
  const done = url.searchParams.get('done');
  return {
    staff: { name: staff.name, email: staff.email },
    passkeys: passkeys.map(({ id, createdAt, lastUsedAt }) => ({ id, createdAt, lastUsedAt })),
    done: done && Object.hasOwn(DONE, done) ? (done as keyof typeof DONE) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.headers.get('content-type')?.startsWith('application/json')) {
    return passkeyAction('add-passkey', args);
  }
  const { store } = staffRequest(context).server;
  const me = signedIn(context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'sign-out-everywhere') {
    const ended = await store.deleteSessionsOf(me.staff.id);
    await record(context, 'sign-out-everywhere', null, `${ended} sessions`);
    return redirect(`${SIGN_IN_PATH}?signed-out=everywhere`, {
      status: 303,
      headers: { 'Set-Cookie': await endSession(context) },
    });
  }
  if (intent === 'revoke') {
    const passkey = form.get('passkey');
    const result = await store.deletePasskey(
      me.staff.id,
      typeof passkey === 'string' ? passkey : '',
    );
    if (result === 'ok') {
      await record(context, 'passkey-revoked');
      return redirect(`${ACCOUNT_PATH}?done=removed`, 303);
    }
    return data(
      {
        error:
          result === 'last'
            ? 'That is your only passkey, so it stays: add another first.'
            : 'That passkey is not on your account any more.',
      },
      { status: result === 'last' ? 409 : 404 },
    );
  }
  return data({ error: 'Choose an action.' }, { status: 400 });
}

export const headers = withRetryAfter;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, passkeys, done } = loaderData;
  // A ceremony's answer goes to its button's fetcher; a form's refusal shows here.
  const refused = actionData && 'error' in actionData ? actionData.error : null;
  const only = passkeys.length === 1;
  return (
    <>
      <PageHeading title="Your account" lede={`${staff.name} · ${staff.email}`} />
      {done ? <Notice tone="status">{DONE[done]}</Notice> : null}
      {refused ? <Notice tone="alert">{refused}</Notice> : null}
      <Section title="Passkeys" id="passkeys">
        <List
          items={passkeys}
          className="mb-6 max-w-2xl divide-y divide-stone-200 border-y border-stone-200"
          itemClassName="flex flex-wrap items-center justify-between gap-3 py-3"
        >
          {(p, i) => (
            <>
              <div className="text-sm">
                <p className="font-semibold">Passkey {i + 1}</p>
                <p className="text-stone-700">
                  Added <time dateTime={isoTime(p.createdAt)}>{formatDateTime(p.createdAt)}</time>
                  {p.lastUsedAt !== null ? (
                    <>
                      {' '}
                      · last used{' '}
                      <time dateTime={isoTime(p.lastUsedAt)}>{formatDateTime(p.lastUsedAt)}</time>
                    </>
                  ) : null}
                </p>
              </div>
              {only ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="passkey" value={p.id} />
                  <button
                    type="submit"
                    className={buttonClass('secondary')}
                    aria-label={`Remove passkey ${i + 1}`}
                  >
                    Remove
                  </button>
                </Form>
              )}
            </>
          )}
        </List>
        {only ? (
          <p className="mb-6 max-w-prose text-sm text-stone-700">
            This is your only passkey, so it cannot be removed: it is your only way in. Add a second
            one (your phone, another computer, a security key) before removing it. If you lose it,
            the person who runs the website can send you a new invite.
          </p>
        ) : null}
        <PasskeyAction label="Add a passkey" action={ACCOUNT_PATH} creating />
      </Section>
      <Section title="Sessions" id="sessions">
        <p className="mb-4 max-w-prose text-sm text-stone-700">
          A session ends after 30 minutes without activity, and 12 hours after signing in in any
          case. Signed in on a device you no longer have? End every session, this one included.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className={buttonClass('secondary')}>
            Sign out everywhere
          </button>
        </Form>
      </Section>
    </>
  );
}
