/**
 * The pages' Content-Security-Policy without nonces, so one page's bytes and headers can be
 * served to every visitor and kept by a CDN (docs/decisions/008-csp-hashes-instead-of-nonces.md).
 *
 * Scripts: `'strict-dynamic'` plus the SHA-256 of each inline script the renderer wrote (its
 * `InlineCode`, taken from the strings it emitted, never by scanning the output). The hashed
 * bootstrap then loads the app's modules, which `'strict-dynamic'` trusts; `'self'` is only a
 * fallback for browsers without CSP Level 3 (https://www.w3.org/TR/CSP3/#strict-dynamic-usage).
 * Styles: same origin plus the hash of the inline stylesheet. No `'unsafe-inline'` anywhere in
 * production.
 */
import { createHash } from 'node:crypto';
import type { InlineCode } from '../entry-server.tsx';

/** Policy for every response that is not a page: it may load and run nothing. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A CSP hash source for `content` (UTF-8): `'sha256-<base64>'`. */
export function hashSource(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * The policy of one rendered page.
 *
 * @param inline the inline scripts and styles the renderer wrote into this page
 * @param dev development relaxes styles and connections for Vite's injected CSS and hot-reload
 *   socket, and loads plain module scripts (no `'strict-dynamic'`)
 * @returns the `Content-Security-Policy` header value
 */
export function pageCsp(inline: InlineCode, dev: boolean): string {
  const scriptHashes = inline.scripts.map(hashSource);
  const styleHashes = inline.styles.map(hashSource);
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': dev
      ? ["'self'", ...scriptHashes]
      : ["'strict-dynamic'", ...scriptHashes, "'self'"],
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': dev ? ["'self'", 'ws:'] : ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
