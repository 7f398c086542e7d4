/**
 * Full-text search input as plain terms (docs/decisions/032-search-in-the-stores-own-index.md).
 *
 * Staff type words, not query syntax: whatever they type — quotes, `AND`, `NEAR`, `*`, `:`,
 * brackets, markup, right-to-left or zero-width characters, emoji — is split on white space into
 * terms, and each term is handed to the store's own parser as text, never as syntax: SQLite FTS5
 * gets it as a quoted string (`"…"`, quotes doubled), PostgreSQL through `plainto_tsquery`,
 * which reads no operators (after `<`, `>`, `&` and `/` become spaces, as in its index, so its
 * parser takes no markup or path out of the words). Every term must match (AND). A term without a letter or digit
 * (`"`, `*`, `🎉`) would match nothing in either index, so it is dropped; input with no term
 * left means "no text filter".
 */

/** At most this many terms are used (the rest are ignored). */
export const MAX_TERMS = 16;
/** A term longer than this is cut (no word in a name, address or message is longer). */
export const MAX_TERM_LENGTH = 64;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Control characters (NUL among them, which PostgreSQL text cannot hold) separate terms.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SEPARATORS = /[\s\u0000-\u001f\u007f-\u009f]+/u;

/**
 * The search terms in `q`: white-space separated, each with at least one letter or digit,
 * at most {@link MAX_TERMS} of {@link MAX_TERM_LENGTH} characters (code points).
 *
 * @param q what the person typed (any string; undefined: none)
 * @returns [] when there is nothing to search for
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
 * An FTS5 MATCH expression for `terms` in the four text columns, and optionally a status: each
 * term a string (`"…"`, embedded quotes doubled), so FTS5 tokenizes it like the indexed text
 * and reads no operator in it (https://www.sqlite.org/fts5.html#fts5_strings); strings side by
 * side must all match. The status is the index's fifth column (migration 2), matched there
 * (`AND`) or excluded (`NOT`), so the user's words never match a status.
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
