/**
 * Secrets the staff side hands out — session ids, invite tokens, ceremony ids, cross-site-forgery
 * tokens — and how they are kept: 256 random bits each (OWASP ASVS 5.0 V7.2.3 asks for at least
 * 128), base64url; the store keeps only a SHA-256 hash of the ones that are credentials, so a
 * leaked database row signs no one in (docs/decisions/027-passkeys-and-staff-sessions.md).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token: 32 bytes from the CSPRNG as base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token as base64url: what the store keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** True when the token looks like one {@link newToken} made (rejects junk before any lookup). */
export function wellFormedToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Compares two strings in time independent of where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
