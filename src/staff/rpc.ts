/**
 * The browser's {@link StaffServices}: each method posts its arguments as JSON to
 * `/staff/api/rpc/<method>` with the session's forgery token in `X-CSRF-Token`, where the server
 * runs the same method of its own implementation (`src/server/staff/http.ts`). A 401 (the
 * session ended) becomes a redirect to the sign-in page, which brings the person back.
 */
import { data, redirect } from 'react-router';
import { signInPath, STAFF_API } from './paths.ts';
import type { RpcMethod, StaffServices, StaffSession } from './services.ts';

/** The session's forgery token, from the page's data and every later `session()` answer. */
let csrfToken: string | null = null;

/** Sets the token the calls carry (the browser entry, from the server's hydration data). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

async function call<T>(method: RpcMethod, args: unknown[]): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${STAFF_API}/rpc/${method}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken ?? '' },
      body: JSON.stringify({ args }),
    });
  } catch {
    throw data('The inbox could not be reached. Check your connection and try again.', {
      status: 503,
    });
  }
  if (response.status === 401) {
    throw redirect(signInPath(new URL(window.location.href), true));
  }
  const answer = (await response.json().catch(() => null)) as
    { result: T } | { error: string } | null;
  if (!response.ok || !answer || !('result' in answer)) {
    throw data(answer && 'error' in answer ? answer.error : 'The inbox refused.', {
      status: response.status,
    });
  }
  return answer.result;
}

export const browserServices: StaffServices = {
  async session() {
    const session = await call<StaffSession>('session', []);
    csrfToken = session.csrfToken;
    return session;
  },
  invite: (token) => call('invite', [token]),
  list: (query) => call('list', [query]),
  get: (id) => call('get', [id]),
  setHandled: (id, handled) => call('setHandled', [id, handled]),
  release: (id) => call('release', [id]),
  markSpam: (id) => call('markSpam', [id]),
  erasePreview: (email) => call('erasePreview', [email]),
  erase: (email) => call('erase', [email]),
  health: () => call('health', []),
  passkeys: () => call('passkeys', []),
  revokePasskey: (id) => call('revokePasskey', [id]),
  signOut: () => call('signOut', []),
  signOutEverywhere: () => call('signOutEverywhere', []),
  exportFile() {
    return Promise.reject(new Error('The export downloads through a plain form post'));
  },
};
