/**
 * The browser's half of the passkey ceremonies (https://www.w3.org/TR/webauthn-3/): options from
 * the server, the ceremony, the answer back. Each resolves to what the page should say or do next
 * and never throws.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { STAFF_API } from './paths.ts';

export type CeremonyResult = { ok: true; redirectTo: string } | { ok: false; message: string };

/** True when this browser can do passkeys at all. */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

const NETWORK = 'The inbox could not be reached. Check your connection and try again.';

/** POSTs JSON to the staff API; returns the status and the parsed answer (or null). */
async function post(
  path: string,
  body: unknown,
  csrfToken?: string,
): Promise<{ status: number; answer: Record<string, unknown> | null }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (csrfToken) headers['X-CSRF-Token'] = csrfToken;
  const response = await fetch(`${STAFF_API}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, answer };
}

/** The server's message, or a fallback for its status. */
function refusal(status: number, answer: Record<string, unknown> | null): string {
  if (answer && typeof answer['error'] === 'string') return answer['error'];
  return status === 429 ? 'Too many attempts. Wait a few minutes and try again.' : NETWORK;
}

/** What the person sees when the browser's own prompt ends without a passkey. */
function cancelled(error: unknown, creating: boolean): string {
  if (
    error instanceof WebAuthnError &&
    error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  ) {
    return 'This device already holds a passkey for your account.';
  }
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return creating
      ? 'No passkey was created: the request was cancelled or timed out. Try again when ready.'
      : 'No passkey was used: the request was cancelled or timed out. Try again when ready.';
  }
  return creating
    ? 'This browser could not create a passkey. Try again, or use another device.'
    : 'This browser could not use a passkey. Try again, or use another device.';
}

/** One ceremony: options → browser → answer. */
async function ceremony(
  kind: 'sign-in' | 'invite' | 'passkeys',
  extra: Record<string, unknown>,
  csrfToken: string | undefined,
): Promise<CeremonyResult> {
  const creating = kind !== 'sign-in';
  try {
    const start = await post(`/${kind}/options`, extra, csrfToken);
    if (start.status !== 200 || !start.answer) {
      return { ok: false, message: refusal(start.status, start.answer) };
    }
    let response: unknown;
    try {
      response = creating
        ? await startRegistration({ optionsJSON: start.answer['options'] as never })
        : await startAuthentication({ optionsJSON: start.answer['options'] as never });
    } catch (error) {
      return { ok: false, message: cancelled(error, creating) };
    }
    const finish = await post(`/${kind}/verify`, { ...extra, response }, csrfToken);
    if (finish.status !== 200 || typeof finish.answer?.['redirectTo'] !== 'string') {
      return { ok: false, message: refusal(finish.status, finish.answer) };
    }
    return { ok: true, redirectTo: finish.answer['redirectTo'] };
  } catch {
    return { ok: false, message: NETWORK };
  }
}

/** Signs in with any passkey of this inbox; `next` is where to go after. */
export const signInWithPasskey = (next: string) => ceremony('sign-in', { next }, undefined);

/** Enrols a passkey from an invite link's token (and signs in). */
export const enrolPasskey = (token: string) => ceremony('invite', { token }, undefined);

/** Adds a passkey to the signed-in account. */
export const addPasskey = (csrfToken: string) => ceremony('passkeys', {}, csrfToken);
