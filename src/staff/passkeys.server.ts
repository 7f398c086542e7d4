/**
 * The server's half of the passkey ceremonies (https://www.w3.org/TR/webauthn-3/,
 * docs/decisions/027-passkeys-and-staff-sessions.md). `{ intent: 'options' }` stores the challenge
 * under a new ceremony id in a short cookie; `{ intent: 'verify' }` takes it (one answer, on any
 * instance) and loads the next page whole (`redirectDocument`), or answers `{ error }` with a
 * status. SimpleWebAuthn loads on first use (about 7 MB of heap).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
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
import type { StaffServer } from '../server/staff/runtime.ts';
import type { Ceremony, StaffAccount, StoredInvite, StoredPasskey } from '../server/staff/store.ts';
import { hashToken, newToken, wellFormedToken } from '../server/staff/tokens.ts';
import { site } from '../site.config.ts';
import type { CeremonyStep } from './components/passkey-action.tsx';
import { safeNext, STAFF_BASE } from '../lib/staff-paths.ts';
import {
  InviteTaken,
  signedIn,
  staffCookie,
  staffRequest,
  startSession,
  type SessionStart,
} from './session.server.ts';

/** ms for the browser's prompt and the person's answer. */
const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * COSE algorithm ids: EdDSA, ES256, RS256 (https://www.iana.org/assignments/cose/cose.xhtml); not
 * ML-DSA, which Node warns is experimental and no authenticator ships.
 */
const ALGORITHMS = [-8, -7, -257];

const library = () => import('@simplewebauthn/server');

/**
 * A ceremony's options, its challenge stored under a new id: a passkey to create for `account`
 * (its passkeys excluded, so one device is not registered twice), or, without one, any
 * discoverable passkey of this relying party to use.
 */
async function start(
  { store, rp }: StaffServer,
  purpose: Ceremony['purpose'],
  account: StaffAccount | null,
  at: number,
): Promise<{ ceremonyId: string; options: unknown }> {
  const webauthn = await library();
  const existing = account ? await store.listPasskeys(account.id) : [];
  const options = account
    ? await webauthn.generateRegistrationOptions({
        rpName: `${site.name} inbox`,
        rpID: rp.id,
        userName: account.email,
        userDisplayName: account.name,
        userID: new Uint8Array(Buffer.from(account.webauthnUserId, 'base64url')),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
        timeout: CEREMONY_TIMEOUT_MS,
      })
    : await webauthn.generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: CEREMONY_TIMEOUT_MS,
      });
  const ceremonyId = newToken();
  await store.saveCeremony({
    idHash: hashToken(ceremonyId),
    purpose,
    challenge: options.challenge,
    staffId: account?.id ?? null,
    expiresAt: at + CEREMONY_TIMEOUT_MS,
  });
  return { ceremonyId, options };
}

/** The passkey a registration answer creates for `staffId`, or null when it does not verify. */
async function registered(
  { rp }: StaffServer,
  ceremony: Ceremony,
  staffId: string,
  response: unknown,
  at: number,
): Promise<StoredPasskey | null> {
  const { verifyRegistrationResponse } = await library();
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: [...rp.origins],
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    id: credential.id,
    staffId,
    publicKey: new Uint8Array(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    createdAt: at,
    lastUsedAt: at,
  };
}

/**
 * The passkey's new signature counter when the sign-in answer proves it (its account enabled,
 * the user handle, when sent, the account's), or null.
 */
async function authenticated(
  { rp }: StaffServer,
  ceremony: Ceremony,
  { passkey, staff }: { passkey: StoredPasskey; staff: StaffAccount },
  response: unknown,
): Promise<number | null> {
  const answer = response as AuthenticationResponseJSON;
  const handle = answer.response?.userHandle;
  if (staff.disabledAt !== null || (handle !== undefined && handle !== staff.webauthnUserId)) {
    return null;
  }
  const { verifyAuthenticationResponse } = await library();
  const result = await verifyAuthenticationResponse({
    response: answer,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: [...rp.origins],
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  return result?.verified ? result.authenticationInfo.newCounter : null;
}

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
  const invite = { kind: 'valid' as const, name: staff.name, email: staff.email, expiresAt };
  return data({ invite, token });
}

/** The invite behind a token, counted against the client's and the link's limits, or why not. */
async function usableInvite(
  { store, clientKey }: StaffServer,
  token: unknown,
  at: number,
): Promise<StoredInvite | { status: number; error: string; limit?: RateLimitResult }> {
  const client = await countAttempt(store, 'inviteClient', clientKey, at);
  if (!client.allowed) {
    return { status: 429, error: 'Too many attempts. Wait a few minutes.', limit: client };
  }
  const check = await checkInvite(store, typeof token === 'string' ? token : null, at);
  if (check.kind !== 'valid') {
    return { status: INVITE_STATUS[check.kind], error: INVITE_REFUSALS[check.kind] };
  }
  const uses = await countAttempt(store, 'inviteAccount', check.invite.tokenHash, at);
  if (!uses.allowed) {
    const error = 'Too many attempts with this link. Wait a few minutes.';
    return { status: 429, error, limit: uses };
  }
  return check.invite;
}

/** One step of a ceremony: `sign-in`, `enrol` (invite page) or `add-passkey` (account page). */
export async function passkeyAction(
  purpose: Ceremony['purpose'],
  { request, context }: ActionFunctionArgs,
) {
  const { server } = staffRequest(context);
  const { store } = server;
  const ceremonyCookie = staffCookie(server, 'ceremony');
  const posted = ((await request.json().catch(() => null)) ?? {}) as Posted;
  const at = server.now();
  const headers = new Headers();
  const refused = (status: number, error: string, limit?: RateLimitResult) => {
    if (limit) headers.set('Retry-After', String(retryAfterSeconds(limit, at)));
    return data<CeremonyStep>({ error }, { status, headers });
  };
  const signedInAt = async (to: string, start: SessionStart) => {
    headers.append('Set-Cookie', await startSession(context, start));
    return redirectDocument(to, { headers });
  };
  if (posted.intent !== 'options' && posted.intent !== 'verify') {
    return refused(400, 'Choose an action.');
  }
  const invite = purpose === 'enrol' ? await usableInvite(server, posted.token, at) : null;
  if (invite && 'error' in invite) return refused(invite.status, invite.error, invite.limit);
  const account = invite
    ? invite.staff
    : purpose === 'add-passkey'
      ? signedIn(context).staff
      : null;

  if (posted.intent === 'options') {
    if (purpose === 'sign-in') {
      const limit = await countAttempt(store, 'signInClient', server.clientKey, at);
      if (!limit.allowed) {
        const error = `Too many sign-in attempts. Try again in ${minutes(limit, at)} minutes.`;
        return refused(429, error, limit);
      }
    }
    const { ceremonyId, options } = await start(server, purpose, account, at);
    const maxAge = CEREMONY_TIMEOUT_MS / 1000;
    headers.set('Set-Cookie', await ceremonyCookie.serialize(ceremonyId, { maxAge }));
    return data<CeremonyStep>({ options }, { headers });
  }

  // One answer per ceremony: its cookie goes whatever happens.
  headers.append('Set-Cookie', await ceremonyCookie.serialize('', { expires: new Date(0) }));
  const ceremonyId: unknown = await ceremonyCookie.parse(request.headers.get('cookie'));
  const ceremony = wellFormedToken(ceremonyId)
    ? await store.takeCeremony(hashToken(ceremonyId), at)
    : null;
  if (ceremony?.purpose !== purpose || ceremony.staffId !== (account?.id ?? null)) {
    return refused(400, SLOW);
  }

  if (!account) {
    const id = (posted.response as { id?: unknown } | null)?.id;
    const found =
      typeof id === 'string' && /^[A-Za-z0-9_-]{1,1366}$/.test(id)
        ? await store.findPasskey(id)
        : null;
    // The account's limit counts failed answers only, so it is read first, and counted after.
    const limit = found && (await countAttempt(store, 'signInAccount', found.staff.id, at, true));
    if (limit && !limit.allowed) {
      const error = `Too many sign-in attempts for this account. Try again in ${minutes(limit, at)} minutes.`;
      return refused(429, error, limit);
    }
    const counter = found && (await authenticated(server, ceremony, found, posted.response));
    if (!found || counter === null) {
      if (found) {
        await countAttempt(store, 'signInAccount', found.staff.id, at);
        await audit(store, at, found.staff.id, 'sign-in-refused');
      }
      return refused(
        401,
        found?.staff.disabledAt != null
          ? 'This account is disabled. Ask the person who runs the website.'
          : 'That passkey was not accepted. Use the passkey you created for this inbox.',
      );
    }
    const start = { staffId: found.staff.id, credentialId: found.passkey.id, counter };
    const answer = await signedInAt(safeNext(posted.next), start);
    await audit(store, at, found.staff.id, 'sign-in');
    return answer;
  }

  const passkey = await registered(server, ceremony, account.id, posted.response, at);
  if (!passkey) return refused(400, 'The passkey could not be verified. Try again.');
  if (invite) {
    const start = { staffId: account.id, inviteTokenHash: invite.tokenHash, passkey };
    const answer = await signedInAt(STAFF_BASE, start).catch((error: unknown) => {
      if (error instanceof InviteTaken) return null;
      throw error;
    });
    if (!answer) return refused(410, INVITE_REFUSALS.used);
    await audit(store, at, account.id, 'passkey-added');
    await audit(store, at, account.id, 'sign-in', null, 'enrolled');
    return answer;
  }
  if (await store.findPasskey(passkey.id)) {
    return refused(409, 'This device already holds a passkey for your account.');
  }
  await store.addPasskey(passkey);
  await audit(store, at, account.id, 'passkey-added');
  return redirectDocument(`${STAFF_BASE}/account?done=added`, { headers });
}
