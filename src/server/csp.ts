/** https://www.w3.org/TR/CSP3/: stored pages by hash (docs/decisions/008-csp-hashes-instead-of-nonces.md). */
import { createHash, randomBytes } from 'node:crypto';

/** Every response that is not a page. */
export const FALLBACK_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 16 random bytes, base64 (https://www.w3.org/TR/CSP3/#security-nonces). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const hashSource = (content: string): string =>
  `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;

export interface DocumentPolicy {
  scripts: readonly string[];
  styles: readonly string[];
  /** The staff area: nothing is allowed that is not named. */
  staff?: boolean;
  /** Vite's injected styles and hot-reload socket; no `'strict-dynamic'`. */
  dev?: boolean;
}

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

/** Hashes every inline script and style: only for pages rendered from no visitor's input. */

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
