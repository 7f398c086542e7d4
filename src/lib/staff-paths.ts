/** The staff area's URLs (everything lives under {@link STAFF_BASE}) and the headers of its answers. */

export const STAFF_BASE = '/staff';
export const SIGN_IN_PATH = `${STAFF_BASE}/sign-in`;
/** An invite link's page; its token travels in the query, which is never logged. */
export const INVITE_PATH = `${STAFF_BASE}/invite`;

/** Data requests (`/staff.data`) included; `src/server/app.ts` places the inbox by it. */
export const isStaffPath = (path: string): boolean =>
  path === STAFF_BASE || path === `${STAFF_BASE}.data` || path.startsWith(`${STAFF_BASE}/`);

/** Only a path of this app, so the sign-in page cannot be made to send anyone elsewhere. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/staff(?:[/?#]|$)/.test(next)) return STAFF_BASE;
  return next.startsWith(SIGN_IN_PATH) ? STAFF_BASE : next;
}

/** @param url the framework's `url` (no `.data`); `expired`: a session ran out, the page says so */
export function signInPath(url: URL, expired = false): string {
  const params = new URLSearchParams();
  const next = url.pathname + url.search;
  if (next !== STAFF_BASE) params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/**
 * Every staff answer's, the post guard's refusals included: stored by no one, indexed by no one,
 * and no Referer outside the origin (an invite's token is in its URL; `no-referrer` would make
 * browsers post `Origin: null`, refused).
 */
export const STAFF_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;
