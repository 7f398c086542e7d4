/**
 * What a signed-in person may do with the site's content: an `editor` drafts and previews, a
 * `publisher` also publishes, schedules and restores, an `owner` also invites staff and sets
 * roles. Pages ask {@link requireRole} before acting.
 */
import { data, type RouterContextProvider } from 'react-router';
import { signedIn } from './session.server.ts';

export type Role = 'editor' | 'publisher' | 'owner';

const RANK: Record<Role, number> = { editor: 1, publisher: 2, owner: 3 };

/** The signed-in person's role. Until roles are stored, every staff account is an owner. */
export function roleOf(context: Readonly<RouterContextProvider>): Role {
  signedIn(context);
  return 'owner';
}

/** True when `role` includes everything `needed` may do. */
export const allows = (role: Role, needed: Role): boolean => RANK[role] >= RANK[needed];

/**
 * Stops a request whose signed-in person lacks `needed`.
 * @throws a 403 response (`data`), caught by the staff layout's error page
 */
export function requireRole(context: Readonly<RouterContextProvider>, needed: Role): void {
  if (!allows(roleOf(context), needed)) {
    throw data(`Your role cannot do this: it needs a ${needed}.`, { status: 403 });
  }
}
