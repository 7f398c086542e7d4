/** Never an enquiry's text or an address (OWASP ASVS 5.0 V16). */
import type { StaffStore } from './store.ts';

/** The detail column holds only the short values noted. */
export const AUDIT_ACTIONS = [
  'staff-invited', // operator (staff id null) or an owner; detail: 'account <id>, role <role>, expires <ISO time>'
  'staff-role-changed', // an owner; detail: 'account <id>, <old role> to <new role>'
  'staff-disabled', // operator; detail: 'account <id>'
  'staff-enabled', // operator; detail: 'account <id>'
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
  'media-uploaded', // detail: 'media <id>' (src/server/content/media-upload.ts)
  'content-draft-saved', // detail: '<collection>/<key>' (ids only, never the text)
  'content-draft-discarded', // detail: '<collection>/<key>'
  'content-published', // detail: 'release <n>, <count> items'; from `npm run content -- import --publish` (operator): 'release <n>, <count> items, by <name> from the command line'
  'content-restored', // detail: '<collection>/<key> from release <n>'
  'content-previewed', // detail: 'preview <id>, <n> items' or 'share link <id>, <n> items'
  'content-share-revoked', // detail: 'share link <id>'
  'content-scheduled', // detail: 'schedule <id>, <n> items'
  'content-schedule-cancelled', // detail: 'schedule <id>'
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
