/**
 * The `/staff/people` page's server side (docs/decisions/053-staff-roles.md): an owner's invite,
 * made as the CLI makes one (`src/server/staff/invites.ts`) and queued for e-mail when SMTP is
 * set, and an owner's role change, both recorded in the audit log with the owner's account.
 */
import type { RouterContextProvider } from 'react-router';
import type { Role } from '../lib/staff-roles.ts';
import { inviteStaff, InviteError } from '../server/staff/invites.ts';
import { record, signedIn, staffRequest } from './session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** What an invite made: the one-time link to show once, and whether it was queued for e-mail. */
export type PageInvite =
  | { ok: true; link: string; name: string; role: Role; expiresAt: number; emailed: boolean }
  /** Refused: a disabled account, or an existing one with another role. */
  | { ok: false; error: string };

/** Invites `email` as `role` on behalf of the signed-in owner (the caller checked the role). */
export async function invitePerson(
  context: Context,
  input: { email: string; name: string; role: Role },
): Promise<PageInvite> {
  const server = staffRequest(context).server;
  try {
    const { staff, link, expiresAt } = await inviteStaff(server.store, {
      ...input,
      origin: server.origin,
      now: server.now(),
      by: signedIn(context).staff.id,
    });
    const emailed = await server.inbox.enqueueInviteEmail(staff.email, link, expiresAt);
    return { ok: true, link, name: staff.name, role: staff.role, expiresAt, emailed };
  } catch (e) {
    if (e instanceof InviteError) return { ok: false, error: e.message };
    throw e;
  }
}

/**
 * Sets an account's role and records the change (`staff-role-changed`).
 * @returns `last-owner` when it would leave no enabled owner (nothing changed)
 */
export async function changeRole(
  context: Context,
  staffId: string,
  role: Role,
): Promise<'ok' | 'last-owner' | 'not-found'> {
  const change = await staffRequest(context).server.store.setRole(staffId, role);
  if (change.kind === 'changed') {
    await record(
      context,
      'staff-role-changed',
      null,
      `account ${staffId}, ${change.from} to ${role}`,
    );
  }
  return change.kind === 'changed' || change.kind === 'unchanged' ? 'ok' : change.kind;
}
