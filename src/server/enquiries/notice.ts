/**
 * What a notification says about an enquiry, shared by the channels and the inbox. What leaves
 * for which service: README "Notifications: e-mail, Slack, webhook".
 */

/** Grapheme clusters. */
export const EXCERPT_LENGTH = 160;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The first `length` grapheme clusters of `text`, so an emoji or an accented letter is never cut.
 * @param oneLine collapse white space, line breaks included (a chat preview)
 */
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
