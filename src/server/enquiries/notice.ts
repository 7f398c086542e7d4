/**
 * What a notification says about an enquiry, shared by the channels and the inbox: the excerpt
 * and the link to the enquiry in the staff inbox. What leaves for which service is listed in the
 * README ("Notifications: e-mail, Slack, webhook").
 */

/** Length of an excerpt in user-perceived characters (grapheme clusters). */
export const EXCERPT_LENGTH = 160;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The first `length` user-perceived characters of `text` (an emoji sequence or a letter with
 * its combining marks is never cut in two).
 *
 * @param oneLine collapse runs of white space, line breaks included, into single spaces (for a
 *   chat message's preview)
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

/**
 * The enquiry in the staff inbox: `${siteUrl}/staff/enquiries/<id>`.
 *
 * @param siteUrl SITE_URL's origin (`src/server/env.ts`), never a request's Host
 */
export function inboxLink(siteUrl: string, id: string): string {
  return `${siteUrl}/staff/enquiries/${encodeURIComponent(id)}`;
}
