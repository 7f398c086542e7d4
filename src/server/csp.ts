/**
 * Every Content-Security-Policy of the server (https://www.w3.org/TR/CSP3/,
 * https://web.dev/articles/strict-csp): a page stored at start allows its inline code by hash, so
 * its bytes serve every visitor (docs/decisions/008-csp-hashes-instead-of-nonces.md); a page
 * rendered per request (a form posted without JavaScript, the staff inbox, development) by a fresh
 * nonce on each script; `'strict-dynamic'` lets those scripts load their imports, `'self'` stands
 * in for browsers without CSP Level 3; the staff pages' policy starts from `default-src 'none'`
 * (docs/decisions/037-one-route-tree-for-the-site-and-the-inbox.md); every other response may load
 * and run nothing ({@link FALLBACK_CSP}).
 */
import { createHash, randomBytes } from 'node:crypto';

/** Every response that is not a page. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 16 random bytes, base64 (https://www.w3.org/TR/CSP3/#security-nonces). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A CSP hash source for `content` (UTF-8): `'sha256-<base64>'`. */
const hashSource = (content: string): string =>
  `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

export interface DocumentPolicy {
  /** What allows the page's scripts: `'nonce-…'` or `'sha256-…'` sources. */
  scripts: readonly string[];
  /** What allows its inline styles: `'sha256-…'` sources. */
  styles: readonly string[];
  /** The staff inbox: nothing is allowed that is not named. */
  staff?: boolean;
  /** Vite's injected styles and hot-reload socket; no `'strict-dynamic'`. */
  dev?: boolean;
}

/** @returns the `Content-Security-Policy` header value of a page */
export function documentCsp({
  scripts,
  styles,
  staff = false,
  dev = false,
}: DocumentPolicy): string {
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', staff ? ["'none'"] : ["'self'"]],
    ['script-src', dev ? [...scripts, "'self'"] : ["'strict-dynamic'", ...scripts, "'self'"]],
    ['style-src', dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styles]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', dev ? ["'self'", 'ws:'] : ["'self'"]],
    ...(staff ? [] : [['manifest-src', ["'self'"]] as [string, string[]]]),
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Inline `<script>` and `<style>` elements; data blocks (JSON, JSON-LD) are never run. */
const INLINE = /<(script|style)((?:\s[^>]*)?)>([\s\S]*?)<\/\1>/g;
const DATA_BLOCK = /\stype="application\/(?:ld\+)?json"/;
const EXTERNAL = /\ssrc="/;

/**
 * The policy of a page rendered at start: the SHA-256 of each inline script and style of `html`.
 * Only pages rendered from no visitor's input are read this way (a request of SITE_URL and a path
 * of the page list), so every script in them was written by the route tree or the framework
 * (docs/decisions/036-react-router-framework-mode-on-express.md).
 */
export function storedPageCsp(html: string): string {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [, tag, attributes = '', body = ''] of html.matchAll(INLINE)) {
    if (tag === 'style') styles.push(hashSource(body));
    else if (!DATA_BLOCK.test(attributes) && !EXTERNAL.test(attributes))
      scripts.push(hashSource(body));
  }
  return documentCsp({ scripts, styles });
}
