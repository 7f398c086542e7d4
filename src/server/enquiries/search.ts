/**
 * Inbox search input as plain terms (docs/decisions/032-search-in-the-stores-own-index.md): each
 * reaches the store's parser as text, never syntax (an FTS5 string; `plainto_tsquery`), so nothing
 * staff type can inject an operator. Every term must match.
 */

/** The rest are ignored. */
export const MAX_TERMS = 16;
/** Code points; a longer term is cut. */
export const MAX_TERM_LENGTH = 64;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Control characters (NUL among them, which PostgreSQL text cannot hold) separate terms.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SEPARATORS = /[\s\u0000-\u001f\u007f-\u009f]+/u;

/**
 * @param q what the person typed (any string; undefined: none)
 * @returns the white-space separated terms with a letter or digit; [] for none
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const terms: string[] = [];
  for (const chunk of q.normalize('NFC').split(SEPARATORS)) {
    if (!LETTER_OR_DIGIT.test(chunk)) continue;
    terms.push(Array.from(chunk).slice(0, MAX_TERM_LENGTH).join(''));
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * An FTS5 MATCH expression over the four text columns, each term a string so FTS5 reads no
 * operator in it (https://www.sqlite.org/fts5.html#fts5_strings); the status is matched apart.
 */
export function fts5Query(
  terms: readonly string[],
  status?: { is: string } | { not: string },
): string {
  const words = `{name email subject message} : (${terms
    .map((t) => `"${t.replaceAll('"', '""')}"`)
    .join(' ')})`;
  if (!status) return words;
  return 'is' in status
    ? `${words} AND status : "${status.is}"`
    : `${words} NOT status : "${status.not}"`;
}
