/** Staff storage; tokens arrive only as SHA-256 hashes; epoch ms. */
import type { RateLimitResult } from '../enquiries/store.ts';
import type { Role } from '../../lib/staff-roles.ts';

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  /** WebAuthn user handle: 32 random bytes, base64url, never the email. */
  webauthnUserId: string;
  createdAt: number;
  disabledAt: number | null;
  role: Role;
}

/** Without `role`: `editor`. */
export type NewStaffAccount = Omit<StaffAccount, 'role'> & { role?: Role };

/** `last-owner`: it would leave no enabled owner. */
export type RoleChange =
  | { kind: 'changed'; from: Role }
  | { kind: 'unchanged' }
  | { kind: 'last-owner' }
  | { kind: 'not-found' };

export interface StoredPasskey {
  id: string;
  staffId: string;
  publicKey: Uint8Array;
  /** 0 for authenticators that do not count. */
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface NewSession {
  idHash: string;
  staffId: string;
  /** Retired (docs/decisions/040-one-guard-for-posts.md): written empty. */
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

export interface StoredSession extends NewSession {
  lastSeenAt: number;
}

/** Bound to a browser cookie. */
export interface Ceremony {
  idHash: string;
  purpose: 'sign-in' | 'enrol' | 'add-passkey';
  challenge: string;
  staffId: string | null;
  expiresAt: number;
}

export interface StoredInvite {
  tokenHash: string;
  staff: StaffAccount;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface AuditEntry {
  at: number;
  staffId: string | null;
  action: string;
  enquiryId: string | null;
  /** A count, a format, an account id; never an enquiry's text or an address. */
  detail: string;
}

export interface AuditLine extends AuditEntry {
  id: number;
  staffEmail: string;
}

export interface StaffStore {
  readonly kind: 'sqlite' | 'postgres';

  /** @throws StaffExistsError when the email (case-insensitive) is taken */
  createStaff(account: NewStaffAccount): Promise<void>;
  findStaffByEmail(email: string): Promise<StaffAccount | null>;
  getStaff(id: string): Promise<StaffAccount | null>;
  listStaff(now: number): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>>;
  /** Atomically refuses to demote the last enabled owner. */
  setRole(staffId: string, role: Role): Promise<RoleChange>;
  /** `null` re-enables; disabling deletes its sessions and unused invites. False: no account. */
  setDisabled(staffId: string, at: number | null): Promise<boolean>;

  createInvite(invite: {
    tokenHash: string;
    staffId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  findInvite(tokenHash: string): Promise<StoredInvite | null>;

  /** Of two browsers racing, one wins; false: the invite is unusable. */
  enrol(
    tokenHash: string,
    now: number,
    passkey: StoredPasskey,
    session: NewSession,
  ): Promise<boolean>;
  /** @throws Error when the credential ID exists */
  addPasskey(passkey: StoredPasskey): Promise<void>;
  listPasskeys(staffId: string): Promise<StoredPasskey[]>;
  findPasskey(
    credentialId: string,
  ): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null>;
  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'>;

  /** Deletes the session presented before signing in (`replaceIdHash`). */
  signIn(
    credentialId: string,
    counter: number,
    session: NewSession,
    replaceIdHash: string | null,
  ): Promise<void>;
  /** Expiry is the caller's to judge. */
  findSession(idHash: string): Promise<{ session: StoredSession; staff: StaffAccount } | null>;
  touchSession(idHash: string, now: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(staffId: string): Promise<number>;
  sweep(now: number, idleBefore: number): Promise<void>;

  saveCeremony(ceremony: Ceremony): Promise<void>;
  takeCeremony(idHash: string, now: number): Promise<Ceremony | null>;

  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;
  /** `hit` without counting: a sign-in counts only failures. */
  peekLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;

  audit(entry: AuditEntry): Promise<void>;
  listAudit(limit: number): Promise<AuditLine[]>;

  close(): Promise<void>;
}

export class StaffExistsError extends Error {
  override name = 'StaffExistsError';
}
