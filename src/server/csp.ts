/**
 * The pages' Content-Security-Policy, by hash rather than nonce so one page's bytes serve every
 * visitor (docs/decisions/008-csp-hashes-instead-of-nonces.md): `'strict-dynamic'` and the hash of
 * each inline script the renderer emitted, never found by scanning its output; `'self'` for
 * browsers without CSP Level 3 (https://www.w3.org/TR/CSP3/#strict-dynamic-usage).
 */
import { createHash } from 'node:crypto';
import type { InlineCode } from '../entry-server.tsx';

/** Every response that is not a page: it may load and run nothing. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A CSP hash source for `content` (UTF-8): `'sha256-<base64>'`. */
export function hashSource(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/**
 * @param inline the inline scripts and styles the renderer wrote into this page
 * @param dev relaxes styles and connections for Vite's injected CSS and hot-reload socket, and
 *   drops `'strict-dynamic'`
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
