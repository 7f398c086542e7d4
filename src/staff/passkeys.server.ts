/**
 * The server's half of the passkey ceremonies (https://www.w3.org/TR/webauthn-3/,
 * docs/decisions/027-passkeys-and-staff-sessions.md), as actions of the sign-in, invite and
 * account routes. The browser's half (`components/passkey-action.tsx`) posts JSON twice:
 * `{ intent: 'options' }` answers the options and sets the ceremony's cookie; `{ intent: 'verify',
 * response }` checks the browser's answer and, for a new session or passkey, loads the next page
 * whole (`redirectDocument`: every loader and the page's focus start afresh), or answers
 * `{ error }` with the status that says why (429 with `Retry-After`).
 */
import { parseCookie } from 'cookie';
import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { RateLimitResult } from '../server/enquiries/store.ts';
import { audit } from '../server/staff/audit.ts';
import { checkInvite } from '../server/staff/invites.ts';
import { countAttempt, retryAfterSeconds } from '../server/staff/limits.ts';
import {
  answerCredentialId,
  beginRegistration,
  beginSignIn,
  CEREMONY_TIMEOUT_MS,
  finishRegistration,
  finishSignIn,
  takeCeremony,
} from '../server/staff/passkeys.ts';
import {
  ABSOLUTE_TIMEOUT_MS,
  cookieNames,
  IDLE_TIMEOUT_MS,
  issueSession,
  setCookie,
} from '../server/staff/sessions.ts';
import type { StoredInvite } from '../server/staff/store.ts';
import type { CeremonyStep } from './components/passkey-action.tsx';
import { safeNext, STAFF_BASE } from './paths.ts';
import { signedIn, staffRequest, type StaffRequest } from './session.server.ts';

/** What a ceremony's JSON carries besides the forgery token. */
interface Posted {
  intent?: unknown;
  /** The browser's answer to the options. */
  response?: unknown;
  /** Sign-in: where to go after. */
  next?: unknown;
  /** Enrolment: the invite link's token. */
  token?: unknown;
}

/** Status of an invite that cannot be used, for its page and its ceremony alike. */
const INVITE_STATUS = { unknown: 404, expired: 410, used: 410, disabled: 403 } as const;

const INVITE_REFUSALS: Record<keyof typeof INVITE_STATUS, string> = {
  unknown: 'This invite link is not valid.',
  expired: 'This invite link has expired. Ask for a new one.',
  used: 'This invite link has already been used. Sign in instead.',
  disabled: 'This account is disabled.',
};

const SLOW = 'This took too long or was already used. Try again.';
const UNVERIFIED = 'The passkey could not be verified. Try again.';

const minutes = (limit: RateLimitResult, at: number) =>
  Math.ceil(retryAfterSeconds(limit, at) / 60);

/**
 * The invite page's loader: who the link is for, or why it cannot be used (404, 410, 403; 429 with
 * `Retry-After` past the client's invite limit, which each opening counts against).
 */
export async function inviteLoader({ url, context }: LoaderFunctionArgs) {
  const { store, clientKey, now } = staffRequest(context).server;
  const token = url.searchParams.get('token');
  const at = now();
  const limit = await countAttempt(store, 'inviteClient', clientKey, at);
  if (!limit.allowed) {
    const headers = { 'Retry-After': String(retryAfterSeconds(limit, at)) };
    return data(
      { invite: { kind: 'rate-limited' as const }, token: null },
      { status: 429, headers },
    );
  }
  const check = await checkInvite(store, token, at);
  if (check.kind !== 'valid') {
    return data(
      { invite: { kind: check.kind }, token: null },
      { status: INVITE_STATUS[check.kind] },
    );
  }
  const { staff, expiresAt } = check.invite;
  return data({
    invite: { kind: 'valid' as const, name: staff.name, email: staff.email, expiresAt },
    token,
  });
}

/** The invite behind a token, counted against the client's and the link's limits, or why not. */
async function usableInvite(
  { server }: StaffRequest,
  token: unknown,
  at: number,
): Promise<StoredInvite | { status: number; error: string; limit?: RateLimitResult }> {
  const client = await countAttempt(server.store, 'inviteClient', server.clientKey, at);
  if (!client.allowed)
    return { status: 429, error: 'Too many attempts. Wait a few minutes.', limit: client };
  const check = await checkInvite(server.store, typeof token === 'string' ? token : null, at);
  if (check.kind !== 'valid') {
    return { status: INVITE_STATUS[check.kind], error: INVITE_REFUSALS[check.kind] };
  }
  const uses = await countAttempt(server.store, 'inviteAccount', check.invite.tokenHash, at);
  if (!uses.allowed) {
    return {
      status: 429,
      error: 'Too many attempts with this link. Wait a few minutes.',
      limit: uses,
    };
  }
  return check.invite;
}

/**
 * One step of a ceremony.
 * @param purpose `sign-in` (sign-in page), `enrol` (invite page), `add-passkey` (account page,
 *   signed in)
 */
export async function passkeyAction(
  purpose: 'sign-in' | 'enrol' | 'add-passkey',
  { request, context }: ActionFunctionArgs,
) {
  const staff = staffRequest(context);
  const { store, rp, origin, now } = staff.server;
  const names = cookieNames(origin);
  const posted = ((await request.json().catch(() => null)) ?? {}) as Posted;
  const at = now();
  const headers = new Headers();
  const refused = (status: number, error: string, limit?: RateLimitResult) => {
    if (limit) headers.set('Retry-After', String(retryAfterSeconds(limit, at)));
    return data<CeremonyStep>({ error }, { status, headers });
  };
  const signedInAt = (to: string, sessionId: string) => {
    headers.append('Set-Cookie', setCookie(origin, names.session, sessionId, ABSOLUTE_TIMEOUT_MS));
    return redirectDocument(to, { headers });
  };
  if (posted.intent !== 'options' && posted.intent !== 'verify') {
    return refused(400, 'Choose an action.');
  }
  const invite = purpose === 'enrol' ? await usableInvite(staff, posted.token, at) : null;
  if (invite && 'error' in invite) return refused(invite.status, invite.error, invite.limit);

  if (posted.intent === 'options') {
    if (purpose === 'sign-in') {
      const limit = await countAttempt(store, 'signInClient', staff.server.clientKey, at);
      if (!limit.allowed) {
        return refused(
          429,
          `Too many sign-in attempts. Try again in ${minutes(limit, at)} minutes.`,
          limit,
        );
      }
    }
    const account = invite
      ? invite.staff
      : purpose === 'add-passkey'
        ? signedIn(context).staff
        : null;
    const begun = account
      ? await beginRegistration(
          store,
          rp,
          account,
          purpose === 'enrol' ? 'enrol' : 'add-passkey',
          at,
        )
      : await beginSignIn(store, rp, at);
    headers.set(
      'Set-Cookie',
      setCookie(origin, names.ceremony, begun.ceremonyId, CEREMONY_TIMEOUT_MS),
    );
    return data<CeremonyStep>({ options: begun.options }, { headers });
  }

  // One answer per ceremony: its cookie goes whatever happens.
  headers.append('Set-Cookie', setCookie(origin, names.ceremony, ''));
  const cookie = parseCookie(request.headers.get('cookie') ?? '')[names.ceremony];
  const ceremony = await takeCeremony(store, cookie, purpose, at);
  if (!ceremony) return refused(400, SLOW);

  if (purpose === 'sign-in') {
    // The account's limit counts failed answers only, so it is read here, not counted.
    const credentialId = answerCredentialId(posted.response);
    const known = credentialId ? await store.findPasskey(credentialId) : null;
    const limit = known && (await countAttempt(store, 'signInAccount', known.staff.id, at, true));
    if (limit && !limit.allowed) {
      const wait = minutes(limit, at);
      return refused(
        429,
        `Too many sign-in attempts for this account. Try again in ${wait} minutes.`,
        limit,
      );
    }
    const check = await finishSignIn(store, rp, ceremony, posted.response);
    if (!check.ok) {
      if (check.staff) {
        await countAttempt(store, 'signInAccount', check.staff.id, at);
        await audit(store, at, check.staff.id, 'sign-in-refused');
      }
      return refused(
        401,
        check.staff?.disabledAt != null
          ? 'This account is disabled. Ask the person who runs the website.'
          : 'That passkey was not accepted. Use the passkey you created for this inbox.',
      );
    }
    const issued = issueSession(check.staff.id, at);
    await store.signIn(check.passkey.id, check.counter, issued.record, staff.presentedIdHash);
    await store.sweep(at, at - IDLE_TIMEOUT_MS);
    await audit(store, at, check.staff.id, 'sign-in');
    return signedInAt(safeNext(posted.next), issued.id);
  }

  const account = invite ? invite.staff : signedIn(context).staff;
  if (ceremony.staffId !== account.id) return refused(400, SLOW);
  const passkey = await finishRegistration(rp, ceremony, posted.response, at);
  if (!passkey) return refused(400, UNVERIFIED);
  if (invite) {
    const issued = issueSession(account.id, at);
    if (!(await store.enrol(invite.tokenHash, at, passkey, issued.record))) {
      return refused(410, INVITE_REFUSALS.used);
    }
    if (staff.presentedIdHash) await store.deleteSession(staff.presentedIdHash);
    await audit(store, at, account.id, 'passkey-added');
    await audit(store, at, account.id, 'sign-in', null, 'enrolled');
    return signedInAt(STAFF_BASE, issued.id);
  }
  if (await store.findPasskey(passkey.id)) {
    return refused(409, 'This device already holds a passkey for your account.');
  }
  await store.addPasskey(passkey);
  await audit(store, at, account.id, 'passkey-added');
  return redirectDocument(`${STAFF_BASE}/account?done=added`, { headers });
}
