/** `npm run enquiries -- staff …` (docs/operations/staff.md); invites are only queued. */
import type { InboxService } from '../inbox/types.ts';
import { audit } from './audit.ts';
import { inviteStaff, InviteError } from './invites.ts';
import type { StaffStore } from './store.ts';
import { isRole, ROLES } from '../../lib/staff-roles.ts';

export const STAFF_USAGE = [
  'staff invite --email ADDRESS --name "FULL NAME" [--role editor|publisher|owner]',
  'staff role --email ADDRESS --role editor|publisher|owner',
  'staff list',
  'staff disable --email ADDRESS',
  'staff enable --email ADDRESS',
  'staff audit [--limit N]',
];

/** For `node:util` parseArgs. */
export const STAFF_OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  limit: { type: 'string' },
  role: { type: 'string' },
} as const;

type Values = Record<string, string | boolean | undefined>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** @returns the message to print (exit 2), or null */
export function checkStaffArgs(values: Values, positionals: string[]): string | null {
  const [sub, ...extra] = positionals;
  if (extra.length) return `Unexpected "${extra.join(' ')}".`;
  const email = typeof values['email'] === 'string' ? values['email'].trim() : '';
  switch (sub) {
    case 'invite':
      if (!EMAIL.test(email) || email.length > 254) {
        return 'staff invite needs --email with an address, e.g. --email meera@agency.example.';
      }
      if (typeof values['name'] !== 'string' || !values['name'].trim()) {
        return 'staff invite needs --name, e.g. --name "Meera Nair".';
      }
      if (values['name'].trim().length > 100) return '--name takes at most 100 characters.';
      return values['role'] === undefined || isRole(values['role'])
        ? null
        : `--role takes one of ${ROLES.join(', ')}.`;
    case 'role':
      if (!EMAIL.test(email)) return "staff role needs --email with the account's address.";
      return isRole(values['role']) ? null : `staff role needs --role: ${ROLES.join(', ')}.`;
    case 'disable':
    case 'enable':
      return EMAIL.test(email) ? null : `staff ${sub} needs --email with the account's address.`;
    case 'list':
      return null;
    case 'audit':
      return values['limit'] === undefined || /^[1-9]\d{0,4}$/.test(String(values['limit']))
        ? null
        : '--limit takes a whole number from 1 to 99999.';
    default:
      return sub
        ? `Unknown staff command "${sub}".`
        : 'staff needs a command: invite, role, list, disable, enable or audit.';
  }
}

export interface StaffCliDeps {
  store: StaffStore;
  inbox: Pick<InboxService, 'enqueueInviteEmail'>;
  /** STAFF_URL; null: the inbox is off. */
  origin: string | null;
  now: number;
  out: (text: string) => void;
}

/** @throws Error with a message for the operator (exit 1) */
export async function runStaffCommand(
  deps: StaffCliDeps,
  values: Values,
  positionals: string[],
): Promise<void> {
  const { store, out, now } = deps;
  const email = String(values['email'] ?? '').trim();
  const sub = positionals[0];
  const account = async () => {
    const found = await store.findStaffByEmail(email);
    if (!found) throw new Error(`No staff account for ${email} ("staff list" shows them).`);
    return found;
  };

  if (sub === 'invite') {
    if (!deps.origin) {
      throw new Error('The staff area is off (STAFF_AREA=off): there is nothing to invite to.');
    }
    const role = isRole(values['role']) ? values['role'] : undefined;
    let invited;
    try {
      invited = await inviteStaff(store, {
        email,
        name: String(values['name']),
        origin: deps.origin,
        now,
        ...(role ? { role } : {}),
      });
    } catch (e) {
      if (e instanceof InviteError) throw new Error(e.message);
      throw e;
    }
    const { staff, link, expiresAt, created } = invited;
    const sent = await deps.inbox.enqueueInviteEmail(staff.email, link, expiresAt);
    out(
      `${created ? 'Invited' : 'New invite for'} ${staff.name} <${staff.email}> as ${staff.role}.\n` +
        `One-time link, valid until ${new Date(expiresAt).toISOString()} (24 hours):\n\n  ${link}\n\n` +
        (sent
          ? 'It is queued for e-mail through the outbox; the running server sends it.\n'
          : 'SMTP_URL is not set, so it is not e-mailed: give the person the link yourself, privately.\n'),
    );
    return;
  }
  if (sub === 'role') {
    const found = await account();
    const role = isRole(values['role']) ? values['role'] : 'editor';
    const change = await store.setRole(found.id, role);
    if (change.kind === 'last-owner') {
      throw new Error(
        `${found.email} is the last owner: make someone else an owner first, so someone can still manage staff.`,
      );
    }
    if (change.kind === 'changed') {
      const detail = `account ${found.id}, ${change.from} to ${role}`;
      await audit(store, now, null, 'staff-role-changed', null, detail);
    }
    out(`${found.email} is ${change.kind === 'changed' ? 'now' : 'already'} ${role}.\n`);
    return;
  }
  if (sub === 'list') {
    const all = await store.listStaff(now);
    if (all.length === 0) out('No staff accounts. Invite someone with "staff invite".\n');
    for (const s of all) {
      const state = s.disabledAt !== null ? 'disabled' : s.passkeys === 0 ? 'invited' : 'active';
      out(
        `${s.email}  ${JSON.stringify(s.name)}  ${s.role}  ${state}  passkeys: ${s.passkeys}  ` +
          `sessions: ${s.sessions}  since ${new Date(s.createdAt).toISOString().slice(0, 10)}\n`,
      );
    }
    return;
  }
  if (sub === 'disable' || sub === 'enable') {
    const found = await account();
    const sessions =
      sub === 'disable'
        ? ((await store.listStaff(now)).find((s) => s.id === found.id)?.sessions ?? 0)
        : 0;
    await store.setDisabled(found.id, sub === 'disable' ? now : null);
    await audit(
      store,
      now,
      null,
      sub === 'disable' ? 'staff-disabled' : 'staff-enabled',
      null,
      `account ${found.id}`,
    );
    out(
      sub === 'disable'
        ? `Disabled ${found.email}: ${sessions} session(s) ended; its passkeys and invites no longer work.\n`
        : `Enabled ${found.email}: its passkeys work again (invite it for a new one).\n`,
    );
    return;
  }
  if (sub === 'audit') {
    const lines = await store.listAudit(Number(values['limit'] ?? 50));
    if (lines.length === 0) out('The audit log is empty.\n');
    for (const l of lines) {
      out(
        `${new Date(l.at).toISOString()}  ${l.staffEmail || 'operator'}  ${l.action}` +
          `${l.enquiryId ? `  enquiry ${l.enquiryId}` : ''}${l.detail ? `  (${l.detail})` : ''}\n`,
      );
    }
  }
}
