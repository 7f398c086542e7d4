/**
 * The server secret, FORM_SECRET or a random key generated once into `DATA_DIR/form-secret` (mode
 * 0600) so signed cookies survive a restart; instances sharing a database must share it. It salts
 * address hashes and signs, through React Router's `createCookie` (HMAC-SHA-256,
 * https://reactrouter.com/explanation/sessions-and-cookies#signing-cookies), the time trap's start
 * cookie and the staff session cookie (`src/staff/session.server.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCookie } from 'cookie';
import { createCookie, type Cookie } from 'react-router';

/** FORM_SECRET, or the key kept in `dataDir` (created on first use). */
export function loadSecret(formSecret: string | undefined, dataDir: string): string {
  if (formSecret) return formSecret;
  const file = join(dataDir, 'form-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('hex');
    try {
      // 'wx' fails if another process won the race; then read theirs.
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/**
 * The HMAC key for one use of the secret: a cookie signed for one purpose is never valid for
 * another.
 * @param purpose e.g. `start`, `staff-session`
 */
export const signingKey = (secret: string, purpose: string): string => `${purpose}:${secret}`;

export const START_COOKIE = 'enquiry_start';
/** ms: a visitor may take a while to write. */
export const START_COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/**
 * The time trap's start cookie (docs/decisions/009-form-time-trap-without-a-page-token.md): when
 * the visitor started filling the form, epoch ms, signed; `HttpOnly`, `SameSite=Strict`, `Path=/`,
 * two hours. `Secure` is the caller's, per request (`serialize(at, { secure })`).
 */
export function startCookie(secret: string): Cookie {
  return createCookie(START_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: START_COOKIE_MAX_AGE_MS / 1000,
    secrets: [signingKey(secret, 'start')],
  });
}

/** `forged`: not ours (forged, another key, junk). */
export type StartTime = { kind: 'missing' } | { kind: 'forged' } | { kind: 'valid'; at: number };

/**
 * The start time a `Cookie` header carries.
 * @param nowMs epoch ms; a start more than 60 s ahead counts as forged
 */
export async function readStartTime(
  cookie: Cookie,
  header: string | null,
  nowMs: number,
): Promise<StartTime> {
  const at: unknown = await cookie.parse(header);
  if (typeof at === 'number' && Number.isSafeInteger(at)) {
    return at > nowMs + 60_000 ? { kind: 'forged' } : { kind: 'valid', at };
  }
  if (at === '') return { kind: 'missing' };
  // `parse` answers null both without the cookie and with a bad signature.
  const sent = at !== null || parseCookie(header ?? '')[cookie.name] !== undefined;
  return sent ? { kind: 'forged' } : { kind: 'missing' };
}

/** Salted SHA-256, hex: the address itself is never stored or logged. */
export function hashIp(secret: string, ip: string): string {
  return createHash('sha256').update(`ip:${secret}:${ip}`).digest('hex');
}
