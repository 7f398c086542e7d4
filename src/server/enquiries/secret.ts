/**
 * The server secret behind the time trap's signed start time and the salt of address hashes:
 * FORM_SECRET, or a random key generated once into `DATA_DIR/form-secret` (mode 0600) so issued
 * start cookies survive a restart. Instances sharing a database must share FORM_SECRET.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/**
 * The start cookie's value `<startedAtMs>.<hmac>`: when the visitor started filling the form
 * (docs/decisions/009-form-time-trap-without-a-page-token.md).
 */
export function signStartTime(secret: string, startedAtMs: number): string {
  const ts = String(Math.floor(startedAtMs));
  return `${ts}.${mac(secret, `start:${ts}`)}`;
}

/** `forged`: not ours (forged, another key, junk). */
export type StartTime = { kind: 'missing' } | { kind: 'forged' } | { kind: 'valid'; at: number };

/**
 * @param value undefined when the request carried no start cookie
 * @param nowMs ms; a start more than 60 s ahead counts as forged
 */
export function verifyStartTime(
  secret: string,
  value: string | undefined,
  nowMs: number,
): StartTime {
  if (value === undefined || value === '') return { kind: 'missing' };
  const m = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return { kind: 'forged' };
  const [, ts = '', sig = ''] = m;
  const expected = Buffer.from(mac(secret, `start:${ts}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { kind: 'forged' };
  }
  const at = Number(ts);
  return at > nowMs + 60_000 ? { kind: 'forged' } : { kind: 'valid', at };
}

/** Salted SHA-256, hex: the address itself is never stored or logged. */
export function hashIp(secret: string, ip: string): string {
  return createHash('sha256').update(`ip:${secret}:${ip}`).digest('hex');
}
