/**
 * The WebAuthn ceremonies (https://www.w3.org/TR/webauthn-3/,
 * docs/decisions/027-passkeys-and-staff-sessions.md). A challenge is stored under the hash of a
 * ceremony id in a short `SameSite=Strict` cookie and deleted when answered: one answer, on any
 * instance. The library loads on first use (about 7 MB of heap).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { site } from '../../site.config.ts';
import type { Ceremony, StaffAccount, StaffStore, StoredPasskey } from './store.ts';
import { hashToken, newToken, wellFormedToken } from './tokens.ts';

/** ms for the browser's prompt and the person's answer. */
export const CEREMONY_TIMEOUT_MS = 5 * 60_000;

/**
 * COSE algorithm ids: EdDSA, ES256, RS256 (https://www.iana.org/assignments/cose/cose.xhtml); not
 * ML-DSA, which Node warns is experimental and no authenticator ships.
 */
const ALGORITHMS = [-8, -7, -257];

export interface RelyingParty {
  /** SITE_URL's host. */
  id: string;
  /** The staff origin. */
  origins: readonly string[];
}

const library = () => import('@simplewebauthn/server');

/** The id for the cookie, the options for the browser. */
export interface Begun<O> {
  ceremonyId: string;
  options: O;
}

async function begin(
  store: StaffStore,
  purpose: Ceremony['purpose'],
  challenge: string,
  staffId: string | null,
  now: number,
): Promise<string> {
  const ceremonyId = newToken();
  await store.saveCeremony({
    idHash: hashToken(ceremonyId),
    purpose,
    challenge,
    staffId,
    expiresAt: now + CEREMONY_TIMEOUT_MS,
  });
  return ceremonyId;
}

/** The ceremony the cookie names, or null (none, used, expired, another purpose). */
export async function takeCeremony(
  store: StaffStore,
  ceremonyId: string | undefined,
  purpose: Ceremony['purpose'],
  now: number,
): Promise<Ceremony | null> {
  if (!wellFormedToken(ceremonyId)) return null;
  const ceremony = await store.takeCeremony(hashToken(ceremonyId), now);
  return ceremony?.purpose === purpose ? ceremony : null;
}

/** The account's passkeys are excluded, so one device is not registered twice. */
export async function beginRegistration(
  store: StaffStore,
  rp: RelyingParty,
  staff: StaffAccount,
  purpose: 'enrol' | 'add-passkey',
  now: number,
): Promise<Begun<PublicKeyCredentialCreationOptionsJSON>> {
  const { generateRegistrationOptions } = await library();
  const existing = await store.listPasskeys(staff.id);
  const options = await generateRegistrationOptions({
    rpName: `${site.name} inbox`,
    rpID: rp.id,
    userName: staff.email,
    userDisplayName: staff.name,
    userID: new Uint8Array(Buffer.from(staff.webauthnUserId, 'base64url')),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return { ceremonyId: await begin(store, purpose, options.challenge, staff.id, now), options };
}

/** @returns the passkey to store, or null when the answer does not verify */
export async function finishRegistration(
  rp: RelyingParty,
  ceremony: Ceremony,
  response: unknown,
  now: number,
): Promise<StoredPasskey | null> {
  if (!ceremony.staffId) return null;
  const { verifyRegistrationResponse } = await library();
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      staffId: ceremony.staffId,
      publicKey: new Uint8Array(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now,
      lastUsedAt: now,
    };
  } catch {
    return null;
  }
}

/** Any discoverable passkey of this relying party may answer. */
export async function beginSignIn(
  store: StaffStore,
  rp: RelyingParty,
  now: number,
): Promise<Begun<PublicKeyCredentialRequestOptionsJSON>> {
  const { generateAuthenticationOptions } = await library();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return { ceremonyId: await begin(store, 'sign-in', options.challenge, null, now), options };
}

export type SignInCheck =
  | { ok: true; staff: StaffAccount; passkey: StoredPasskey; counter: number }
  /** `staff` when the answer named a known passkey (the account's limit applies). */
  | { ok: false; staff: StaffAccount | null };

/** Read before anything is verified, for the account's rate limit. */
export function answerCredentialId(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1366}$/.test(id) ? id : null;
}

/** The passkey known, its account enabled, the user handle (when sent) the account's. */
export async function finishSignIn(
  store: StaffStore,
  rp: RelyingParty,
  ceremony: Ceremony,
  response: unknown,
): Promise<SignInCheck> {
  const credentialId = answerCredentialId(response);
  const found = credentialId ? await store.findPasskey(credentialId) : null;
  if (!found) return { ok: false, staff: null };
  const { passkey, staff } = found;
  if (staff.disabledAt !== null) return { ok: false, staff };
  const answer = response as AuthenticationResponseJSON;
  const handle = answer.response?.userHandle;
  if (handle !== undefined && handle !== staff.webauthnUserId) return { ok: false, staff };
  const { verifyAuthenticationResponse } = await library();
  try {
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
    });
    if (!result.verified) return { ok: false, staff };
    return { ok: true, staff, passkey, counter: result.authenticationInfo.newCounter };
  } catch {
    return { ok: false, staff };
  }
}
