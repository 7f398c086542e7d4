/** FORM_SECRET or `DATA_DIR/form-secret` (0600) salts hashes and signs cookies; shared by all. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCookie } from 'cookie';
import { createCookie, type Cookie } from 'react-router';

/** FORM_SECRET, or the kept key, created on first use. */
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

/** A cookie signed for one `purpose` (`start`, `staff-session`) is void for another. */
export const signingKey = (secret: string, purpose: string): string => `${purpose}:${secret}`;

export const START_COOKIE = 'enquiry_start';
/** ms: a visitor may take a while to write. */
export const START_COOKIE_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** The time trap's signed start, ms (docs/decisions/009-form-time-trap-without-a-page-token.md). */
export function startCookie(secret: string): Cookie {
  return createCookie(START_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    maxAge: START_COOKIE_MAX_AGE_MS / 1000,
    secrets: [signingKey(secret, 'start')],
  });
}

/** `forged`: another key or junk. */
export type StartTime = { kind: 'missing' } | { kind: 'forged' } | { kind: 'valid'; at: number };

/** `nowMs`: epoch ms; a start more than 60 s ahead counts as forged. */

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
  const sent = at !== null || parseCookie(header ?? '')[cookie.name] !== undefined;
  return sent ? { kind: 'forged' } : { kind: 'missing' };
}

/** Salted SHA-256, hex: the address itself is never stored or logged. */
export function hashIp(secret: string, ip: string): string {
  return createHash('sha256').update(`ip:${secret}:${ip}`).digest('hex');
}
