/**
 * Session ids, invite tokens and ceremony ids: 256 random bits each (OWASP ASVS 5.0
 * V7.2.3 asks for 128). The store keeps only the SHA-256 of those that are credentials, so a
 * leaked row signs no one in (docs/decisions/027-passkeys-and-staff-sessions.md).
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 bytes from the CSPRNG, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** Rejects junk before any lookup. */
export function wellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
