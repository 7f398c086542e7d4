/**
 * The staff side's storage in the enquiries' database, so every instance shares sessions and can
 * revoke them (docs/decisions/027-passkeys-and-staff-sessions.md); its tables come from the enquiry
 * store's migrations. Invite tokens, session and ceremony ids arrive only as SHA-256 hashes
 * (`tokens.ts`), never in the clear. Times are epoch ms.
 */
import type { RateLimitResult } from '../enquiries/store.ts';

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  /** The WebAuthn user handle, 32 random bytes in base64url: never the email. */
  webauthnUserId: string;
  createdAt: number;
  /** Null while it may sign in. */
  disabledAt: number | null;
}

export interface StoredPasskey {
  /** The credential ID, base64url. */
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
  /** Created + `ABSOLUTE_TIMEOUT_MS` (`src/staff/session.server.ts`). */
  expiresAt: number;
}

export interface StoredSession extends NewSession {
  lastSeenAt: number;
}

/** A passkey ceremony under way: the server's challenge, bound to a browser cookie. */
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
  /** The actor's email when read ('' for the operator). */
  staffEmail: string;
}

export interface StaffStore {
  readonly kind: 'sqlite' | 'postgres';

  /** @throws StaffExistsError when the email (case-insensitive) is taken */
  createStaff(account: StaffAccount): Promise<void>;
  findStaffByEmail(email: string): Promise<StaffAccount | null>;
  getStaff(id: string): Promise<StaffAccount | null>;
  /** Oldest first, with counts of passkeys and of sessions live at `now`. */
  listStaff(now: number): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>>;
  /**
   * Disables (at `at`) or re-enables (`null`); disabling deletes its sessions and unused invites.
   * @returns false when there is no such account
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
   * One transaction: marks the invite used if it is unused, unexpired and its account enabled,
   * then stores the passkey and the first session. Of two browsers racing, one wins.
   * @returns false (nothing stored) when the invite could not be used
   */
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

  /**
   * One transaction: the passkey's counter and use, the new session, and the session the browser
   * presented before signing in (`replaceIdHash`) deleted, never kept.
   */
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

  /** A fixed window in the store, as the contact form's limit, so it holds across instances. */
  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult>;
  /**
   * Reads `key`'s window as `hit` keeps it, without counting (a sign-in checks an account's
   * failures before verifying and counts only a failed answer).
   * @param windowMs the window's length, ms; `now` epoch ms
   * @returns `count`: hits in the window live at `now` (0 when none is); `allowed`: `count < max`,
   *   so one more hit would still be allowed; `resetAt`: when that window ends, epoch ms, or
   *   `now + windowMs` when none is live
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
