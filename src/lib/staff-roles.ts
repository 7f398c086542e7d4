/** Staff roles (docs/decisions/053-staff-roles.md). */

/** Each includes everything the ones before it may do. */
export const ROLES = ['editor', 'publisher', 'owner'] as const;

export type Role = (typeof ROLES)[number];

/** For the pages that list or choose a role. */
export const ROLE_SUMMARY: Record<Role, string> = {
  editor: 'drafts and previews content',
  publisher: 'also publishes, schedules and restores',
  owner: 'also invites staff and sets roles',
};

/** A form's or a flag's value. */
export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `role` includes everything `needed` may do. */
export const allows = (role: Role, needed: Role): boolean =>
  ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** "an editor", "a publisher". */
export const aRole = (role: Role): string => (role === 'publisher' ? 'a publisher' : `an ${role}`);
