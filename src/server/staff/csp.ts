/**
 * The staff pages' Content-Security-Policy. They are rendered per request and never stored, so
 * a fresh nonce per response allows their scripts (https://www.w3.org/TR/CSP3/#strict-dynamic-usage):
 * React's bootstrap module carries it and `'strict-dynamic'` trusts what that module imports.
 * Nothing else runs: no inline script or style, no `'unsafe-inline'`, nothing from another
 * origin, no frames, no plugins, forms post only here, and the policy is stricter than the
 * public pages' in `default-src 'none'`. Development relaxes styles and connections for Vite's
 * injected CSS and hot-reload socket, as the public pages' policy does.
 */
import { randomBytes } from 'node:crypto';

/** A new nonce: 16 random bytes, base64 (https://www.w3.org/TR/CSP3/#security-nonces). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy of one staff page carrying `nonce`. */
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
