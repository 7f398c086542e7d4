/**
 * `StaffStore` on node:sqlite: a second connection to the enquiry database (WAL lets both work
 * side by side; `busy_timeout` waits out the other's write). Multi-step writes are BEGIN IMMEDIATE.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { RateLimitResult } from '../enquiries/store.ts';
import { num, str, type Row } from '../enquiries/rows.ts';
import { sqliteTransaction } from '../enquiries/transactions.ts';
import { nullableNum, STAFF_COLUMNS, toAuditLine, toPasskey, toSession, toStaff } from './rows.ts';
import {
  StaffExistsError,
  type AuditEntry,
  type AuditLine,
  type Ceremony,
  type NewSession,
  type StaffAccount,
  type StaffStore,
  type StoredInvite,
  type StoredPasskey,
  type StoredSession,
} from './store.ts';

/* eslint-disable @typescript-eslint/require-await -- the interface is asynchronous (PostgreSQL's
   driver is); node:sqlite answers at once, and `async` turns its exceptions into rejections. */
export class SqliteStaffStore implements StaffStore {
  readonly kind = 'sqlite' as const;
  readonly #db: DatabaseSync;
  readonly #stmts = new Map<string, StatementSync>();

  /** @param file the enquiry database, created and migrated by the enquiry store */
  constructor(file: string) {
    this.#db = new DatabaseSync(file, { timeout: 5000 });
    this.#db.exec('PRAGMA foreign_keys = ON');
  }

  #stmt(sql: string): StatementSync {
    let st = this.#stmts.get(sql);
    if (!st) {
      st = this.#db.prepare(sql);
      this.#stmts.set(sql, st);
    }
    return st;
  }

  #tx<T>(fn: () => T): T {
    return sqliteTransaction(this.#db, fn);
  }

  async createStaff(a: StaffAccount): Promise<void> {
    try {
      this.#stmt(
        `INSERT INTO staff (id, email, name, webauthn_user_id, created_at, disabled_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(a.id, a.email, a.name, a.webauthnUserId, a.createdAt, a.disabledAt);
    } catch (e) {
      if (/UNIQUE/i.test(String(e))) throw new StaffExistsError(a.email);
      throw e;
    }
  }

  async findStaffByEmail(email: string): Promise<StaffAccount | null> {
    const r = this.#stmt('SELECT * FROM staff WHERE lower(email) = lower(?)').get(email.trim());
    return r ? toStaff(r) : null;
  }

  async getStaff(id: string): Promise<StaffAccount | null> {
    const r = this.#stmt('SELECT * FROM staff WHERE id = ?').get(id);
    return r ? toStaff(r) : null;
  }

  async listStaff(
    now: number,
  ): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>> {
    const rows = this.#stmt(
      `SELECT s.*,
         (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = s.id) AS passkeys,
         (SELECT COUNT(*) FROM staff_sessions x WHERE x.staff_id = s.id AND x.expires_at > ?) AS sessions
       FROM staff s ORDER BY s.created_at, s.id`,
    ).all(now);
    return rows.map((r) => ({
      ...toStaff(r),
      passkeys: num(r['passkeys']),
      sessions: num(r['sessions']),
    }));
  }

  async setDisabled(staffId: string, at: number | null): Promise<boolean> {
    return this.#tx(() => {
      const r = this.#stmt('UPDATE staff SET disabled_at = ? WHERE id = ?').run(at, staffId);
      if (at !== null) {
        this.#stmt('DELETE FROM staff_sessions WHERE staff_id = ?').run(staffId);
        this.#stmt('DELETE FROM staff_invites WHERE staff_id = ? AND used_at IS NULL').run(staffId);
      }
      return Number(r.changes) === 1;
    });
  }

  async createInvite(i: {
    tokenHash: string;
    staffId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    this.#stmt(
      'INSERT INTO staff_invites (token_hash, staff_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
    ).run(i.tokenHash, i.staffId, i.createdAt, i.expiresAt);
  }

  async findInvite(tokenHash: string): Promise<StoredInvite | null> {
    const r = this.#stmt(
      `SELECT i.*, ${STAFF_COLUMNS} FROM staff_invites i JOIN staff s ON s.id = i.staff_id
       WHERE i.token_hash = ?`,
    ).get(tokenHash) as Row | undefined;
    return r
      ? {
          tokenHash: str(r['token_hash']),
          staff: toStaff(r, 's_'),
          createdAt: num(r['created_at']),
          expiresAt: num(r['expires_at']),
          usedAt: nullableNum(r['used_at']),
        }
      : null;
  }

  #insertPasskey(p: StoredPasskey): void {
    this.#stmt(
      `INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      p.id,
      p.staffId,
      p.publicKey,
      p.counter,
      JSON.stringify(p.transports),
      p.createdAt,
      p.lastUsedAt,
    );
  }

  #insertSession(s: NewSession): void {
    this.#stmt(
      `INSERT INTO staff_sessions (id_hash, staff_id, csrf_token, created_at, last_seen_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(s.idHash, s.staffId, s.csrfToken, s.createdAt, s.createdAt, s.expiresAt);
  }

  async enrol(
    tokenHash: string,
    now: number,
    passkey: StoredPasskey,
    session: NewSession,
  ): Promise<boolean> {
    return this.#tx(() => {
      const used = this.#stmt(
        `UPDATE staff_invites SET used_at = ?
           WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? AND staff_id = ?
             AND staff_id IN (SELECT id FROM staff WHERE disabled_at IS NULL)`,
      ).run(now, tokenHash, now, passkey.staffId);
      if (Number(used.changes) !== 1) return false;
      this.#insertPasskey(passkey);
      this.#insertSession(session);
      return true;
    });
  }

  async addPasskey(p: StoredPasskey): Promise<void> {
    this.#insertPasskey(p);
  }

  async listPasskeys(staffId: string): Promise<StoredPasskey[]> {
    return this.#stmt('SELECT * FROM staff_passkeys WHERE staff_id = ? ORDER BY created_at, id')
      .all(staffId)
      .map(toPasskey);
  }

  async findPasskey(
    credentialId: string,
  ): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null> {
    const r = this.#stmt(
      `SELECT p.*, ${STAFF_COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id
       WHERE p.id = ?`,
    ).get(credentialId) as Row | undefined;
    return r ? { passkey: toPasskey(r), staff: toStaff(r, 's_') } : null;
  }

  async deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'> {
    return this.#tx(() => {
      const mine = this.#stmt('SELECT id FROM staff_passkeys WHERE staff_id = ?')
        .all(staffId)
        .map((r) => str(r['id']));
      if (!mine.includes(credentialId)) return 'not-found';
      if (mine.length < 2) return 'last';
      this.#stmt('DELETE FROM staff_passkeys WHERE id = ? AND staff_id = ?').run(
        credentialId,
        staffId,
      );
      return 'ok';
    });
  }

  async signIn(
    credentialId: string,
    counter: number,
    session: NewSession,
    replaceIdHash: string | null,
  ): Promise<void> {
    this.#tx(() => {
      this.#stmt('UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(
        counter,
        session.createdAt,
        credentialId,
      );
      if (replaceIdHash) {
        this.#stmt('DELETE FROM staff_sessions WHERE id_hash = ?').run(replaceIdHash);
      }
      this.#insertSession(session);
    });
  }

  async findSession(
    idHash: string,
  ): Promise<{ session: StoredSession; staff: StaffAccount } | null> {
    const r = this.#stmt(
      `SELECT x.*, ${STAFF_COLUMNS} FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
       WHERE x.id_hash = ?`,
    ).get(idHash) as Row | undefined;
    return r ? { session: toSession(r), staff: toStaff(r, 's_') } : null;
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    this.#stmt('UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?').run(now, idHash);
  }

  async deleteSession(idHash: string): Promise<void> {
    this.#stmt('DELETE FROM staff_sessions WHERE id_hash = ?').run(idHash);
  }

  async deleteSessionsOf(staffId: string): Promise<number> {
    const r = this.#stmt('DELETE FROM staff_sessions WHERE staff_id = ?').run(staffId);
    return Number(r.changes);
  }

  async sweep(now: number, idleBefore: number): Promise<void> {
    this.#tx(() => {
      this.#stmt('DELETE FROM staff_sessions WHERE expires_at <= ? OR last_seen_at < ?').run(
        now,
        idleBefore,
      );
      this.#stmt('DELETE FROM staff_ceremonies WHERE expires_at <= ?').run(now);
    });
  }

  async saveCeremony(c: Ceremony): Promise<void> {
    this.#stmt(
      `INSERT INTO staff_ceremonies (id_hash, purpose, challenge, staff_id, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
    ).run(c.idHash, c.purpose, c.challenge, c.staffId, c.expiresAt);
  }

  async takeCeremony(idHash: string, now: number): Promise<Ceremony | null> {
    const r = this.#stmt('DELETE FROM staff_ceremonies WHERE id_hash = ? RETURNING *').get(
      idHash,
    ) as Row | undefined;
    if (!r || num(r['expires_at']) <= now) return null;
    return {
      idHash: str(r['id_hash']),
      purpose: str(r['purpose']) as Ceremony['purpose'],
      challenge: str(r['challenge']),
      staffId: r['staff_id'] == null ? null : str(r['staff_id']),
      expiresAt: num(r['expires_at']),
    };
  }

  async hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    const row = this.#stmt(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN window_start <= ? THEN 1 ELSE count + 1 END,
           window_start = CASE WHEN window_start <= ? THEN excluded.window_start ELSE window_start END
         RETURNING count, window_start`,
    ).get(key, now, now - windowMs, now - windowMs) as Row;
    const count = num(row['count']);
    return {
      allowed: count <= max,
      count,
      resetAt: num(row['window_start']) + windowMs,
    };
  }

  async peekLimit(
    key: string,
    max: number,
    windowMs: number,
    now: number,
  ): Promise<RateLimitResult> {
    const row = this.#stmt(
      'SELECT count, window_start FROM rate_limits WHERE key = ? AND window_start > ?',
    ).get(key, now - windowMs) as Row | undefined;
    const count = row ? num(row['count']) : 0;
    return {
      allowed: count < max,
      count,
      resetAt: (row ? num(row['window_start']) : now) + windowMs,
    };
  }

  async audit(e: AuditEntry): Promise<void> {
    this.#stmt(
      'INSERT INTO staff_audit (at, staff_id, action, enquiry_id, detail) VALUES (?, ?, ?, ?, ?)',
    ).run(e.at, e.staffId, e.action, e.enquiryId, e.detail);
  }

  async listAudit(limit: number): Promise<AuditLine[]> {
    return this.#stmt(
      `SELECT a.*, COALESCE(s.email, '') AS staff_email FROM staff_audit a
         LEFT JOIN staff s ON s.id = a.staff_id ORDER BY a.id DESC LIMIT ?`,
    )
      .all(limit)
      .map(toAuditLine);
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}
/* eslint-enable @typescript-eslint/require-await */
