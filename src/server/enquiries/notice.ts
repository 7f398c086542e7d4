/** What leaves for which service: docs/operations/enquiries.md, "Notifications". */

/** Grapheme clusters. */
export const EXCERPT_LENGTH = 160;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** By grapheme clusters, so an emoji is never cut; `oneLine` collapses line breaks too. */
export function excerptOf(text: string, length = EXCERPT_LENGTH, oneLine = false): string {
  const source = oneLine ? text.replace(/\s+/gu, ' ').trim() : text;
  let out = '';
  let n = 0;
  for (const { segment } of graphemes.segment(source)) {
    if (n === length) return `${out.trimEnd()}…`;
    out += segment;
    n += 1;
  }
  return out;
}

/** @param siteUrl SITE_URL's origin, never a request's Host */
export function inboxLink(siteUrl: string, id: string): string {
  return `${siteUrl}/staff/enquiries/${encodeURIComponent(id)}`;
}
