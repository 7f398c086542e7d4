/**
 * `/staff/people`, owners only (docs/decisions/053-staff-roles.md): every staff account with its
 * role, which an owner changes (a plain post per person, 303 to `?done=role`; the last enabled
 * owner is never demoted, 409), and an invite form that makes an account with a role and its
 * one-time link, as `npm run enquiries -- staff invite` does (`src/server/staff/invites.ts`). The
 * link is shown once, in the answer to the post, never in a URL. Both are in the audit log.
 */
import { data, Form, redirect } from 'react-router';
import { buttonClass, Notice, PageHeading, RecordTable, Section } from '../components/ui.tsx';
import { formatDateTime, isoTime } from '../format.ts';
import { STAFF_BASE } from '../../lib/staff-paths.ts';
import { aRole, isRole, ROLE_SUMMARY, ROLES, type Role } from '../../lib/staff-roles.ts';
import { changeRole, invitePerson } from '../people.server.ts';
import { requireRole } from '../roles.server.ts';
import { signedIn, staffRequest } from '../session.server.ts';
import type { Route } from './+types/people.ts';

const PEOPLE_PATH = `${STAFF_BASE}/people`;
/** As the CLI accepts them (`src/server/staff/cli.ts`). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function loader({ url, context }: Route.LoaderArgs) {
  requireRole(context, 'owner');
  const { store, now } = staffRequest(context).server;
  const people = await store.listStaff(now());
  return {
    me: signedIn(context).staff.id,
    people: people.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      role: p.role,
      state: p.disabledAt !== null ? 'disabled' : p.passkeys === 0 ? 'invited' : 'active',
      since: p.createdAt,
    })),
    changed: url.searchParams.get('done') === 'role',
  };
}

type ActionData =
  | { intent: 'role'; staffId: string; role: Role; error: string }
  | {
      intent: 'invite';
      fields: { email: string; name: string; role: string };
      errors: { email?: string; name?: string; role?: string; form?: string };
    }
  | {
      intent: 'invited';
      link: string;
      name: string;
      role: Role;
      expiresAt: number;
      emailed: boolean;
    };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, 'owner');
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'role') {
    const staffId = text(form, 'staffId');
    const role = form.get('role');
    if (!isRole(role)) return data({ error: 'Choose a role.' }, { status: 400 });
    const change = await changeRole(context, staffId, role);
    if (change === 'not-found') {
      return data({ error: 'That account does not exist.' }, { status: 404 });
    }
    if (change === 'last-owner') {
      const error =
        'This is the last owner, so the role stays owner: make someone else an owner first.';
      return data<ActionData>({ intent: 'role', staffId, role, error }, { status: 409 });
    }
    // Someone who just gave up being an owner may no longer see this page.
    const self = staffId === signedIn(context).staff.id && role !== 'owner';
    return redirect(self ? STAFF_BASE : `${PEOPLE_PATH}?done=role`, 303);
  }

  if (intent === 'invite') {
    const fields = {
      email: text(form, 'email'),
      name: text(form, 'name'),
      role: text(form, 'role'),
    };
    const errors: { email?: string; name?: string; role?: string; form?: string } = {};
    if (!EMAIL.test(fields.email) || fields.email.length > 254) {
      errors.email = 'Enter their email address, like name@example.com.';
    }
    if (!fields.name) errors.name = 'Enter their name.';
    else if (fields.name.length > 100) errors.name = 'Use at most 100 characters.';
    if (!isRole(fields.role)) errors.role = 'Choose a role.';
    if (Object.keys(errors).length > 0 || !isRole(fields.role)) {
      return data<ActionData>({ intent: 'invite', fields, errors }, { status: 400 });
    }
    const invited = await invitePerson(context, { ...fields, role: fields.role });
    if (!invited.ok) {
      const errors = { form: invited.error };
      return data<ActionData>({ intent: 'invite', fields, errors }, { status: 409 });
    }
    const { ok: _ok, ...shown } = invited;
    return data<ActionData>({ intent: 'invited', ...shown });
  }
  return data({ error: 'Choose an action.' }, { status: 400 });
}

function RoleOptions() {
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {r[0]?.toUpperCase() + r.slice(1)} — {ROLE_SUMMARY[r]}
    </option>
  ));
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const INPUT = 'min-h-11 rounded-md border border-stone-500 bg-paper px-3 text-base';

export default function People({ loaderData, actionData: result }: Route.ComponentProps) {
  const { people, me, changed } = loaderData;
  const refusedRole = result && 'intent' in result && result.intent === 'role' ? result : null;
  const invite = result && 'intent' in result && result.intent === 'invite' ? result : null;
  const invited = result && 'intent' in result && result.intent === 'invited' ? result : null;
  const other = result && 'error' in result && !('intent' in result) ? result.error : null;
  return (
    <>
      <PageHeading
        title="People"
        lede="Who may sign in, and what each may do with the site’s content."
      />
      {changed && !result ? <Notice tone="status">Role saved.</Notice> : null}
      {other ? <Notice tone="alert">{other}</Notice> : null}
      {invited ? (
        <Notice tone="status">
          <p className="mb-2">
            Invited {invited.name} as {aRole(invited.role)}. Their one-time link, valid until{' '}
            <time dateTime={isoTime(invited.expiresAt)}>{formatDateTime(invited.expiresAt)}</time>{' '}
            (24 hours):
          </p>
          <p className="mb-2 font-mono text-xs break-all">
            <output aria-label="Invite link">{invited.link}</output>
          </p>
          <p>
            {invited.emailed
              ? 'It is also on its way to them by e-mail.'
              : 'E-mail is not set up, so give them the link yourself, privately. It is not shown again.'}
          </p>
        </Notice>
      ) : null}
      <Section title="Staff" id="staff">
        <div className="overflow-x-auto">
          <RecordTable
            heads={['Person', 'State', 'Role']}
            rows={people}
            rowKey={(p) => p.id}
            className="max-w-4xl"
          >
            {(p) => {
              const refused = refusedRole?.staffId === p.id ? refusedRole : null;
              const id = `role-${p.id}`;
              return (
                <>
                  <td className="py-3 pr-4">
                    <p className="font-semibold">
                      {p.name}
                      {p.id === me ? ' (you)' : ''}
                    </p>
                    <p className="break-all text-stone-700">{p.email}</p>
                  </td>
                  <td className="py-3 pr-4">
                    {p.state}
                    <span className="block text-stone-700">
                      since <time dateTime={isoTime(p.since)}>{formatDateTime(p.since)}</time>
                    </span>
                  </td>
                  <td className="py-3">
                    <Form method="post" className="flex flex-wrap items-start gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="staffId" value={p.id} />
                      <div className="flex flex-col gap-1">
                        <label htmlFor={id} className="sr-only">
                          Role of {p.name}
                        </label>
                        <select
                          id={id}
                          name="role"
                          defaultValue={refused?.role ?? p.role}
                          aria-invalid={refused ? true : undefined}
                          aria-describedby={refused ? `${id}-error` : undefined}
                          className={INPUT}
                        >
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {r[0]?.toUpperCase() + r.slice(1)}
                            </option>
                          ))}
                        </select>
                        {refused ? (
                          <p id={`${id}-error`} className="max-w-xs font-semibold text-accent">
                            {refused.error}
                          </p>
                        ) : null}
                      </div>
                      <button
                        type="submit"
                        className={buttonClass('secondary')}
                        aria-label={`Save the role of ${p.name}`}
                      >
                        Save
                      </button>
                    </Form>
                  </td>
                </>
              );
            }}
          </RecordTable>
        </div>
        <ul className="mt-4 max-w-prose list-disc pl-6 text-sm text-stone-700">
          {ROLES.map((r) => (
            <li key={r}>
              <span className="font-semibold text-ink">{r[0]?.toUpperCase() + r.slice(1)}</span>:{' '}
              {ROLE_SUMMARY[r]}.
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Invite someone" id="invite">
        <p className="mb-4 max-w-prose text-sm text-stone-700">
          This makes their account and a one-time link (24 hours) with which they add a passkey.
          Inviting someone who already has an account sends a new link that adds a passkey (a lost
          device) and keeps their role.
        </p>
        {invite?.errors.form ? <Notice tone="alert">{invite.errors.form}</Notice> : null}
        <Form method="post" noValidate className="max-w-xl">
          <input type="hidden" name="intent" value="invite" />
          <Field id="invite-name" label="Name" error={invite?.errors.name}>
            {(described) => (
              <input
                id="invite-name"
                name="name"
                required
                maxLength={100}
                autoComplete="off"
                defaultValue={invite?.fields.name ?? ''}
                className={INPUT}
                {...described}
              />
            )}
          </Field>
          <Field id="invite-email" label="Email address" error={invite?.errors.email}>
            {(described) => (
              <input
                id="invite-email"
                type="email"
                name="email"
                required
                autoComplete="off"
                defaultValue={invite?.fields.email ?? ''}
                className={INPUT}
                {...described}
              />
            )}
          </Field>
          <Field id="invite-role" label="Role" error={invite?.errors.role}>
            {(described) => (
              <select
                id="invite-role"
                name="role"
                defaultValue={invite?.fields.role || 'editor'}
                className={INPUT}
                {...described}
              >
                <RoleOptions />
              </select>
            )}
          </Field>
          <button type="submit" className={buttonClass('primary')}>
            Make an invite link
          </button>
        </Form>
      </Section>
    </>
  );
}
