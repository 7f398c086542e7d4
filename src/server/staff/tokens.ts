/** 256 random bits (ASVS 5.0 V7.2.3: 128); credentials kept as SHA-256: a leak signs none in. */
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
