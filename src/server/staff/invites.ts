/** One-time links, the only way in (docs/decisions/027-passkeys-and-staff-sessions.md). */
import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffAccount, StaffStore, StoredInvite } from './store.ts';
import { INVITE_PATH } from '../../lib/staff-paths.ts';
import type { Role } from '../../lib/staff-roles.ts';
import { audit } from './audit.ts';
import { hashToken, newToken, wellFormedToken } from './tokens.ts';

/** ms */
export const INVITE_LIFETIME_MS = 24 * 3_600_000;

export class InviteError extends Error {
  override name = 'InviteError';
}

export interface Invited {
  link: string;
  expiresAt: number;
  staff: StaffAccount;
  created: boolean;
}

/** `owner` while no enabled owner exists, else `editor`. */
export async function defaultRole(store: StaffStore, now: number): Promise<Role> {
  const staff = await store.listStaff(now);
  return staff.some((s) => s.role === 'owner' && s.disabledAt === null) ? 'editor' : 'owner';
}

/** Reuses an account (a lost device). @throws InviteError if disabled, or of another role */
export async function inviteStaff(
  store: StaffStore,
  input: { email: string; name: string; origin: string; now: number; role?: Role; by?: string },
): Promise<Invited> {
  const { now } = input;
  let staff = await store.findStaffByEmail(input.email);
  const created = !staff;
  if (staff?.disabledAt != null) {
    throw new InviteError(
      `${staff.email} is disabled; run "staff enable --email ${staff.email}" first.`,
    );
  }
  if (staff && input.role && input.role !== staff.role) {
    throw new InviteError(
      `${staff.email} is already staff, as ${staff.role}; an invite adds a passkey and keeps the role ` +
        '(an owner changes roles at /staff/people).',
    );
  }
  if (!staff) {
    staff = {
      id: randomUUID(),
      email: input.email.trim(),
      name: input.name.trim(),
      webauthnUserId: randomBytes(32).toString('base64url'),
      createdAt: now,
      disabledAt: null,
      role: input.role ?? (await defaultRole(store, now)),
    };
    await store.createStaff(staff);
  }
  const token = newToken();
  const expiresAt = now + INVITE_LIFETIME_MS;
  await store.createInvite({
    tokenHash: hashToken(token),
    staffId: staff.id,
    createdAt: now,
    expiresAt,
  });
  await audit(
    store,
    now,
    input.by ?? null,
    'staff-invited',
    null,
    `account ${staff.id}, role ${staff.role}, expires ${new Date(expiresAt).toISOString()}`,
  );
  const link = new URL(INVITE_PATH, input.origin);
  link.searchParams.set('token', token);
  return { link: link.href, expiresAt, staff, created };
}

export type InviteCheck =
  | { kind: 'valid'; invite: StoredInvite }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'disabled' };

/** Without using it up (enrolment does). */
export async function checkInvite(
  store: StaffStore,
  token: string | null | undefined,
  now: number,
): Promise<InviteCheck> {
  if (!wellFormedToken(token)) return { kind: 'unknown' };
  const invite = await store.findInvite(hashToken(token));
  if (!invite) return { kind: 'unknown' };
  if (invite.usedAt !== null) return { kind: 'used' };
  if (invite.staff.disabledAt !== null) return { kind: 'disabled' };
  if (now >= invite.expiresAt) return { kind: 'expired' };
  return { kind: 'valid', invite };
}
