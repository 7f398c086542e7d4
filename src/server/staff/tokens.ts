/**
 * 256 random bits each (OWASP ASVS 5.0 V7.2.3 asks for 128); credentials are stored as SHA-256,
 * so a leaked row signs no one in (docs/decisions/027-passkeys-and-staff-sessions.md).
 */
import { createHash, randomBytes } from 'node:crypto';

/** base64url, 43 characters. */
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
