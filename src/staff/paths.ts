/**
 * The staff app's URLs: everything lives under {@link STAFF_BASE}; the browser calls the server
 * under {@link STAFF_API}.
 */

export const STAFF_BASE = '/staff';
/** Where the browser's passkey ceremonies and RPC calls go. */
export const STAFF_API = `${STAFF_BASE}/api`;
export const SIGN_IN_PATH = `${STAFF_BASE}/sign-in`;

/**
 * A path to return to after signing in, or the inbox: only a path of this app (starting with
 * `/staff`, never `//` or a scheme), so the sign-in page cannot be made to send anyone elsewhere.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !/^\/staff(?:[/?#]|$)/.test(next) || next.startsWith(SIGN_IN_PATH)) {
    return STAFF_BASE;
  }
  return next;
}

/** The sign-in page, remembering where to go back to (`url`: the page asked for). */
export function signInPath(url: URL, expired = false): string {
  const params = new URLSearchParams();
  const next = url.pathname + url.search;
  if (next !== STAFF_BASE) params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH;
}
