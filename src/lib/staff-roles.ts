/**
 * The staff roles, least to most (docs/decisions/053-staff-roles.md): what each may do with the
 * site's content, shared by the staff pages, the CLI and the staff store. An `editor` drafts and
 * previews; a `publisher` also publishes, schedules and restores; an `owner` also invites staff
 * and sets roles.
 */

/** Ordered: each includes everything the ones before it may do. */
export const ROLES = ['editor', 'publisher', 'owner'] as const;

export type Role = (typeof ROLES)[number];

/** What a person with each role may do, for the pages that list or choose a role. */
export const ROLE_SUMMARY: Record<Role, string> = {
  editor: 'drafts and previews content',
  publisher: 'also publishes, schedules and restores',
  owner: 'also invites staff and sets roles',
};

/** True for one of {@link ROLES} (a form's or a flag's value). */
export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `role` includes everything `needed` may do. */
export const allows = (role: Role, needed: Role): boolean =>
  ROLES.indexOf(role) >= ROLES.indexOf(needed);

/** The role with its article, for sentences: "an editor", "a publisher", "an owner". */
export const aRole = (role: Role): string => (role === 'publisher' ? 'a publisher' : `an ${role}`);
