/**
 * `/staff/account`: the signed-in person's passkeys — add one (a second device), remove one
 * (never the last: it is their only way in; an operator's new invite replaces a lost one) — and
 * signing out on every device.
 */
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useRouteLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { addPasskey } from '../ceremonies.ts';
import { PasskeyAction } from '../components/passkey-action.tsx';
import { buttonClass, CsrfField, Notice, PageHeading, Section } from '../components/ui.tsx';
import { formatDateTime, isoTime } from '../format.ts';
import { requireStaff } from '../guard.ts';
import { SIGN_IN_PATH, STAFF_BASE } from '../paths.ts';
import { staffServicesContext, type StaffSession } from '../services.ts';
import { textField } from '../form-fields.ts';

const DONE = {
  added: 'Passkey added. You can sign in with either device now.',
  removed: 'Passkey removed. It can no longer sign in.',
} as const;

export async function loader(args: LoaderFunctionArgs) {
  const staff = await requireStaff(args);
  const passkeys = await args.context.get(staffServicesContext).passkeys();
  const done = new URL(args.request.url).searchParams.get('done');
  return { staff, passkeys, done: done && done in DONE ? (done as keyof typeof DONE) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const services = context.get(staffServicesContext);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'sign-out-everywhere') {
    await services.signOutEverywhere();
    return redirect(`${SIGN_IN_PATH}?signed-out=everywhere`, 303);
  }
  if (intent === 'revoke') {
    const result = await services.revokePasskey(textField(form, 'passkey'));
    if (result === 'ok') return redirect(`${STAFF_BASE}/account?done=removed`, 303);
    return data(
      {
        refused:
          result === 'last'
            ? 'That is your only passkey, so it stays: add another first.'
            : 'That passkey is not on your account any more.',
      },
      { status: result === 'last' ? 409 : 404 },
    );
  }
  return data({ refused: 'Choose an action.' }, { status: 400 });
}

export function Component() {
  const { staff, passkeys, done } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const session = useRouteLoaderData<StaffSession>('root');
  const only = passkeys.length === 1;
  return (
    <>
      <PageHeading title="Your account" lede={`${staff.name} · ${staff.email}`} />
      {done ? <Notice tone="status">{DONE[done]}</Notice> : null}
      {refused ? <Notice tone="alert">{refused.refused}</Notice> : null}
      <Section title="Passkeys" id="passkeys">
        <ul
          role="list"
          className="mb-6 max-w-2xl divide-y divide-stone-200 border-y border-stone-200"
        >
          {passkeys.map((p, i) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
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
                  <CsrfField />
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
            </li>
          ))}
        </ul>
        {only ? (
          <p className="mb-6 max-w-prose text-sm text-stone-700">
            This is your only passkey, so it cannot be removed: it is your only way in. Add a second
            one (your phone, another computer, a security key) before removing it. If you lose it,
            the person who runs the website can send you a new invite.
          </p>
        ) : null}
        <PasskeyAction
          label="Add a passkey"
          busyLabel="Waiting for your device…"
          run={() => addPasskey(session?.csrfToken ?? '')}
        />
      </Section>
      <Section title="Sessions" id="sessions">
        <p className="mb-4 max-w-prose text-sm text-stone-700">
          A session ends after 30 minutes without activity, and 12 hours after signing in in any
          case. Signed in on a device you no longer have? End every session, this one included.
        </p>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <button type="submit" className={buttonClass('secondary')}>
            Sign out everywhere
          </button>
        </Form>
      </Section>
    </>
  );
}
