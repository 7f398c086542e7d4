/**
 * The staff pages' Content-Security-Policy: rendered per request and never stored, so a fresh nonce
 * allows React's bootstrap module and `'strict-dynamic'` what it imports
 * (https://www.w3.org/TR/CSP3/#strict-dynamic-usage). Nothing else runs.
 */
import { randomBytes } from 'node:crypto';

/** 16 random bytes, base64 (https://www.w3.org/TR/CSP3/#security-nonces). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

export function staffCsp(nonce: string, dev: boolean): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': dev ? [`'nonce-${nonce}'`, "'self'"] : [`'nonce-${nonce}'`, "'strict-dynamic'"],
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': dev ? ["'self'", 'ws:'] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
