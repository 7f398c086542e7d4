/**
 * Staff storage in the enquiries' database, so every instance shares and can revoke sessions
 * (docs/decisions/027-passkeys-and-staff-sessions.md). Tokens and ids arrive only as SHA-256
 * hashes (`tokens.ts`). Times are epoch ms.
 */
import type { RateLimitResult } from '../enquiries/store.ts';
import type { Role } from '../../lib/staff-roles.ts';

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  /** WebAuthn user handle: 32 random bytes, base64url, never the email. */
  webauthnUserId: string;
  createdAt: number;
  /** Null while it may sign in. */
  disabledAt: number | null;
  /** What it may do with the site's content (docs/decisions/053-staff-roles.md). */
  role: Role;
}

/** An account to create: without `role`, the least, `editor`. */
export type NewStaffAccount = Omit<StaffAccount, 'role'> & { role?: Role };

/** {@link StaffStore.setRole}'s answer: `last-owner` when it would leave no enabled owner. */
export type RoleChange =
  | { kind: 'changed'; from: Role }
  | { kind: 'unchanged' }
  | { kind: 'last-owner' }
  | { kind: 'not-found' };

export interface StoredPasskey {
  /** Credential ID, base64url. */
  id: string;
  staffId: string;
  publicKey: Uint8Array;
  /** Last seen; 0 for authenticators that do not count. */
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface NewSession {
  idHash: string;
  staffId: string;
  /**
   * The retired forgery token (docs/decisions/040-one-guard-for-posts.md): written empty, kept
   * until a migration drops the column.
   */
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

export interface StoredSession extends NewSession {
  lastSeenAt: number;
}

/** A passkey ceremony's challenge, bound to a browser cookie. */
export interface Ceremony {
  idHash: string;
  purpose: 'sign-in' | 'enrol' | 'add-passkey';
  challenge: string;
  /** Null for sign-in. */
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
  /** Null for the operator's CLI. */
  staffId: string | null;
  action: string;
  enquiryId: string | null;
  /** Short and fixed: a count, a format, an account id; never an enquiry's text or an address. */
  detail: string;
}

export interface AuditLine extends AuditEntry {
  id: number;
  /** '' for the operator. */
  staffEmail: string;
}

export interface StaffStore {
  readonly kind: 'sqlite' | 'postgres';

  /** @throws StaffExistsError when the email (case-insensitive) is taken */
  createStaff(account: NewStaffAccount): Promise<void>;
  findStaffByEmail(email: string): Promise<StaffAccount | null>;
  getStaff(id: string): Promise<StaffAccount | null>;
  /** Oldest first, with counts of passkeys and of sessions live at `now`. */
  listStaff(now: number): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>>;
  /**
   * Sets an account's role, atomically refusing to demote the last enabled owner (two owners
   * demoting each other at once leave one).
   */
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

  /** One transaction: of two browsers racing, one wins. False (no change): invite unusable. */
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
  /** Never the last one, atomically: two tabs revoking the last two at once leave one. */
  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'>;

  /** One transaction; the session presented before signing in (`replaceIdHash`) is deleted. */
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
  /** Sign out everywhere; returns how many. */
  deleteSessionsOf(staffId: string): Promise<number>;
  /** Deletes sessions idle since `idleBefore` or ended at `now`, and expired ceremonies. */
  sweep(now: number, idleBefore: number): Promise<void>;

  saveCeremony(ceremony: Ceremony): Promise<void>;
  /** Reads and deletes (one use) a ceremony unexpired at `now`, or null. */
  takeCeremony(idHash: string, now: number): Promise<Ceremony | null>;

  /** A fixed window in the store, so it holds across instances. */
  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;
  /**
   * `hit` without counting: a sign-in checks failures before verifying and counts only a failure.
   * @returns `allowed` if one more hit would be; `resetAt`: `now + windowMs` if no window is live
   */
  peekLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;

  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(limit: number): Promise<AuditLine[]>;

  close(): Promise<void>;
}

export class StaffExistsError extends Error {
  override name = 'StaffExistsError';
}
