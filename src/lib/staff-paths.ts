/** The staff area's URLs and the headers of its answers. */

export const STAFF_BASE = '/staff';
export const SIGN_IN_PATH = `${STAFF_BASE}/sign-in`;
/** The token travels in the query, never logged. */
export const INVITE_PATH = `${STAFF_BASE}/invite`;

/** `/staff.data` included. */
export const isStaffPath = (path: string): boolean =>
  path === STAFF_BASE || path === `${STAFF_BASE}.data` || path.startsWith(`${STAFF_BASE}/`);

/** Only a path of this app: no open redirect. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/staff(?:[/?#]|$)/.test(next)) return STAFF_BASE;
  return next.startsWith(SIGN_IN_PATH) ? STAFF_BASE : next;
}

/** @param url the framework's (no `.data`) */
export function signInPath(url: URL, expired = false): string {
  const params = new URLSearchParams();
  const next = url.pathname + url.search;
  if (next !== STAFF_BASE) params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}

/** Not `no-referrer`: browsers would post `Origin: null`, refused; an invite's URL has a token. */
export const STAFF_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;
