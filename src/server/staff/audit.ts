/**
 * The audit log: one line per staff action — who (the account, or the operator's CLI), what,
 * when, and which enquiry — and never an enquiry's text or a person's address (OWASP ASVS 5.0
 * V16; docs/decisions/027-passkeys-and-staff-sessions.md says why opening an enquiry is logged
 * and listing the inbox is not).
 */
import type { StaffStore } from './store.ts';

/** Every action the log knows; the detail column holds only the short values noted. */
export const AUDIT_ACTIONS = [
  'staff-invited', // operator; detail: 'expires <ISO time>'
  'staff-disabled', // operator
  'staff-enabled', // operator
  'sign-in', // detail: '' or 'enrolled' (first sign-in from an invite)
  'sign-in-refused', // a passkey of this account failed verification
  'sign-out',
  'sign-out-everywhere', // detail: sessions ended
  'passkey-added',
  'passkey-revoked',
  'enquiry-viewed',
  'enquiry-handled',
  'enquiry-reopened',
  'enquiry-released',
  'enquiry-marked-spam',
  'enquiries-exported', // detail: 'csv' | 'json', the status filter, whether a search applied
  'enquiries-erased', // detail: how many enquiries
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Appends one line. */
export function audit(
  store: StaffStore,
  at: number,
  staffId: string | null,
  action: AuditAction,
  enquiryId: string | null = null,
  detail = '',
): Promise<void> {
  return store.audit({ at, staffId, action, enquiryId, detail });
}
