/**
 * The server secret behind the signed render timestamp and the IP-hash salt (docs/product.md#contact-form).
 *
 * FORM_SECRET wins; otherwise a random 32-byte key is generated once and kept in
 * `DATA_DIR/form-secret` (mode 0600) so restarts keep already rendered forms valid. Several
 * instances behind one database must share FORM_SECRET.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Return FORM_SECRET or the key persisted in dataDir (created on first use). */
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

/** A token `<renderedAtMs>.<hmac>` for the hidden form field. */
export function signRenderTime(secret: string, renderedAtMs: number): string {
  const ts = String(Math.floor(renderedAtMs));
  return `${ts}.${mac(secret, `render:${ts}`)}`;
}

/**
 * Verify a render token. Returns the render time in ms, or null when missing, malformed,
 * forged, or from the future (more than 60 s of clock skew).
 */
export function verifyRenderTime(
  secret: string,
  token: string | null | undefined,
  nowMs: number,
): number | null {
  if (!token) return null;
  const m = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const [, ts = '', sig = ''] = m;
  const expected = Buffer.from(mac(secret, `render:${ts}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const at = Number(ts);
  return at > nowMs + 60_000 ? null : at;
}

/** Salted SHA-256 of a client IP (hex). The raw IP is never stored or logged. */
export function hashIp(secret: string, ip: string): string {
  return createHash('sha256').update(`ip:${secret}:${ip}`).digest('hex');
}
