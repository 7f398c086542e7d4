/**
 * The staff side's storage: accounts, passkeys, invites, sessions, passkey ceremonies, rate-limit
 * counts and the audit log, in the same database as the enquiries (SQLite file or PostgreSQL),
 * so sessions are shared by every instance and can be revoked
 * (docs/decisions/027-passkeys-and-staff-sessions.md). The tables are created by the enquiry
 * store's migrations (versions from 100, `src/server/enquiries/migrations.ts`); this store opens
 * its own connection to the same database and must be used after those migrations ran.
 *
 * Two implementations, held to one suite (tests/pipeline/staff-store.test.ts): `sqlite-store.ts`
 * and `pg-store.ts`. Times are epoch ms at this boundary. Secrets never reach the store in the
 * clear: invite tokens, session ids and ceremony ids arrive as SHA-256 hashes (`tokens.ts`).
 */
import type { RateLimitResult } from '../enquiries/store.ts';

/** A staff member's account. */
export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  /** The WebAuthn user handle (base64url of 32 random bytes), never the email. */
  webauthnUserId: string;
  createdAt: number;
  /** When an operator disabled the account; null while it may sign in. */
  disabledAt: number | null;
}

/** A passkey's public half, as WebAuthn verification needs it. */
export interface StoredPasskey {
  /** The credential ID (base64url). */
  id: string;
  staffId: string;
  publicKey: Uint8Array;
  /** The signature counter last seen (0 for authenticators that do not count). */
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

/** A new session: only the hash of its id is stored. */
export interface NewSession {
  idHash: string;
  staffId: string;
  /** The per-session cross-site-forgery token put in forms (not a credential on its own). */
  csrfToken: string;
  createdAt: number;
  /** The absolute end, epoch ms (created + 12 h). */
  expiresAt: number;
}

export interface StoredSession extends NewSession {
  lastSeenAt: number;
}

/** A passkey ceremony under way: the challenge the server issued, bound to a browser cookie. */
export interface Ceremony {
  idHash: string;
  purpose: 'sign-in' | 'enrol' | 'add-passkey';
  challenge: string;
  /** The account being enrolled or adding a passkey; null for sign-in. */
  staffId: string | null;
  expiresAt: number;
}

/** What an invite link's token refers to. */
export interface StoredInvite {
  tokenHash: string;
  staff: StaffAccount;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** One audit-log line: who (a staff id, or null for the operator's CLI), what, when, which enquiry. */
export interface AuditEntry {
  at: number;
  staffId: string | null;
  action: string;
  enquiryId: string | null;
  /** A short, fixed-vocabulary detail (a count, a format); never an enquiry's text or an address. */
  detail: string;
}

export interface AuditLine extends AuditEntry {
  id: number;
  /** The actor's email at the time of reading ('' for the operator). */
  staffEmail: string;
}

export interface StaffStore {
  readonly kind: 'sqlite' | 'postgres';

  /**
   * Creates an account. @throws Error `exists` when the email (case-insensitive) is taken.
   */
  createStaff(account: StaffAccount): Promise<void>;
  findStaffByEmail(email: string): Promise<StaffAccount | null>;
  getStaff(id: string): Promise<StaffAccount | null>;
  /** Every account, oldest first, with its passkey count and live-session count at `now`. */
  listStaff(now: number): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>>;
  /**
   * Disables (`at` a time) or re-enables (`null`) an account. Disabling also deletes its sessions
   * and unused invites in the same transaction. @returns false when there is no such account.
   */
  setDisabled(staffId: string, at: number | null): Promise<boolean>;

  createInvite(invite: {
    tokenHash: string;
    staffId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  findInvite(tokenHash: string): Promise<StoredInvite | null>;

  /**
   * Enrols a passkey from an invite, in ONE transaction: the invite is marked used only if it is
   * unused, unexpired at `now` and its account enabled; then the passkey and the first session
   * are stored. Two browsers racing with one invite: exactly one wins.
   * @returns false (nothing stored) when the invite could not be used
   */
  enrol(
    tokenHash: string,
    now: number,
    passkey: StoredPasskey,
    session: NewSession,
  ): Promise<boolean>;
  /** Adds a passkey to an account (a second device). @throws Error when the id exists. */
  addPasskey(passkey: StoredPasskey): Promise<void>;
  listPasskeys(staffId: string): Promise<StoredPasskey[]>;
  /** A passkey with its account (for sign-in), or null. */
  findPasskey(
    credentialId: string,
  ): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null>;
  /**
   * Removes one of an account's passkeys unless it is the last one (atomic: two tabs revoking the
   * last two at once leave one).
   */
  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'>;

  /**
   * Signs in, in ONE transaction: records the passkey's new counter and use, stores the new
   * session and deletes the session whose hash is `replaceIdHash` (the one the browser presented
   * before signing in, if any: it is never kept).
   */
  signIn(
    credentialId: string,
    counter: number,
    session: NewSession,
    replaceIdHash: string | null,
  ): Promise<void>;
  /** A session with its account, or null. Expiry is the caller's to judge. */
  findSession(idHash: string): Promise<{ session: StoredSession; staff: StaffAccount } | null>;
  touchSession(idHash: string, now: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Deletes every session of an account (sign out everywhere); returns how many. */
  deleteSessionsOf(staffId: string): Promise<number>;
  /** Deletes sessions idle since before `idleBefore` or past their end at `now`, and old ceremonies. */
  sweep(now: number, idleBefore: number): Promise<void>;

  saveCeremony(ceremony: Ceremony): Promise<void>;
  /** Takes (reads and deletes: one use) a ceremony unexpired at `now`, or null. */
  takeCeremony(idHash: string, now: number): Promise<Ceremony | null>;

  /**
   * Counts one attempt for `key` in a fixed window, in the store so the limit holds across
   * instances (the same `rate_limits` table and rule as the contact form's limit).
   */
  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;

  audit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(limit: number): Promise<AuditLine[]>;

  close(): Promise<void>;
}

/** The error `createStaff` throws when the address already has an account. */
export class StaffExistsError extends Error {
  override name = 'StaffExistsError';
}
