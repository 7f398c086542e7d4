/**
 * Invites, the only way in (docs/decisions/027-passkeys-and-staff-sessions.md): a one-time link
 * whose page enrols a passkey; the store keeps the token's SHA-256 only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { StaffAccount, StaffStore, StoredInvite } from './store.ts';
import { INVITE_PATH } from '../../lib/staff-paths.ts';
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
  /** False: a new link for an existing account. */
  created: boolean;
}

/**
 * Reuses an existing account (a lost device). `origin`: `STAFF_URL`.
 * @throws InviteError when the account is disabled
 */
export async function inviteStaff(
  store: StaffStore,
  input: { email: string; name: string; origin: string; now: number },
): Promise<Invited> {
  const { now } = input;
  let staff = await store.findStaffByEmail(input.email);
  const created = !staff;
  if (staff?.disabledAt != null) {
    throw new InviteError(
      `${staff.email} is disabled; run "staff enable --email ${staff.email}" first.`,
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
    null,
    'staff-invited',
    null,
    `account ${staff.id}, expires ${new Date(expiresAt).toISOString()}`,
  );
  const link = new URL(INVITE_PATH, input.origin);
  link.searchParams.set('token', token);
  return { link: link.href, expiresAt, staff, created };
}

export type InviteCheck =
  | { kind: 'valid'; invite: StoredInvite }
  /** Malformed, altered or never issued. */
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'used' }
  | { kind: 'disabled' };

/** Judges a token at `now` without using it up (enrolment does). */
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
