/**
 * What a signed-in person may do with the site's content: an `editor` drafts and previews, a
 * `publisher` also publishes, schedules and restores, an `owner` also invites staff and sets
 * roles (`src/lib/staff-roles.ts`, docs/decisions/053-staff-roles.md). The role is the account's,
 * read with the session on every request, so a change applies at the person's next request.
 * Pages ask {@link requireRole} before acting.
 */
import { data, type RouterContextProvider } from 'react-router';
import { allows, type Role } from '../lib/staff-roles.ts';
import { signedIn } from './session.server.ts';

export type { Role };
export { allows };

/**
 * The signed-in person's role, as stored on their account.
 * @throws Error on a page the guard lets no one reach unsigned (a programming error)
 */
export function roleOf(context: Readonly<RouterContextProvider>): Role {
  return signedIn(context).staff.role;
}

/** The 403 answer's data: the staff layout's error page names both roles. */
export interface RoleRefusal {
  refused: 'role';
  role: Role;
  needed: Role;
}

/**
 * Stops a request whose signed-in person lacks `needed`.
 * @throws a 403 response (`data`, {@link RoleRefusal}), shown by the staff layout's error page
 */
export function requireRole(context: Readonly<RouterContextProvider>, needed: Role): void {
  const role = roleOf(context);
  if (!allows(role, needed)) {
    throw data<RoleRefusal>({ refused: 'role', role, needed }, { status: 403 });
  }
}
