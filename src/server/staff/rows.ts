/**
 * Staff rows to the store's shapes, shared by both stores (SQLite gives integers and
 * `Uint8Array`s, PostgreSQL `Date`s, BIGINT strings and `Buffer`s).
 */
import { num, str, type Row } from '../enquiries/rows.ts';
import type { AuditLine, StaffAccount, StoredPasskey, StoredSession } from './store.ts';

export const nullableNum = (v: unknown): number | null => (v == null ? null : num(v));

/** @param prefix `s_` for a join's staff columns ({@link STAFF_COLUMNS}) */
export function toStaff(r: Row, prefix = ''): StaffAccount {
  return {
    id: str(r[`${prefix}id`]),
    email: str(r[`${prefix}email`]),
    name: str(r[`${prefix}name`]),
    webauthnUserId: str(r[`${prefix}webauthn_user_id`]),
    createdAt: num(r[`${prefix}created_at`]),
    disabledAt: nullableNum(r[`${prefix}disabled_at`]),
  };
}

export function toPasskey(r: Row): StoredPasskey {
  const key = r['public_key'];
  return {
    id: str(r['id']),
    staffId: str(r['staff_id']),
    publicKey: key instanceof Uint8Array ? new Uint8Array(key) : new Uint8Array(),
    counter: num(r['counter']),
    transports: JSON.parse(str(r['transports']) || '[]') as string[],
    createdAt: num(r['created_at']),
    lastUsedAt: nullableNum(r['last_used_at']),
  };
}

export function toSession(r: Row): StoredSession {
  return {
    idHash: str(r['id_hash']),
    staffId: str(r['staff_id']),
    csrfToken: str(r['csrf_token']),
    createdAt: num(r['created_at']),
    lastSeenAt: num(r['last_seen_at']),
    expiresAt: num(r['expires_at']),
  };
}

/** Joined with its actor's email (`staff_email`). */
export function toAuditLine(r: Row): AuditLine {
  return {
    id: num(r['id']),
    at: num(r['at']),
    staffId: r['staff_id'] == null ? null : str(r['staff_id']),
    staffEmail: str(r['staff_email']),
    action: str(r['action']),
    enquiryId: r['enquiry_id'] == null ? null : str(r['enquiry_id']),
    detail: str(r['detail']),
  };
}

export const STAFF_COLUMNS =
  's.id AS s_id, s.email AS s_email, s.name AS s_name, s.webauthn_user_id AS s_webauthn_user_id, ' +
  's.created_at AS s_created_at, s.disabled_at AS s_disabled_at';
