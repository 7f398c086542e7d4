/**
 * `StaffStore` on PostgreSQL: its own small pool on the enquiry database, held to
 * `sqlite-store.ts`'s behaviour by the shared suite. An invite is used up by a conditional UPDATE
 * (one winner); deleting a passkey locks the account row (`FOR UPDATE`), so two revocations can
 * never remove the last two.
 */
import pg from 'pg';
import type { RateLimitResult } from '../enquiries/store.ts';
import { num, str, type Row } from '../enquiries/rows.ts';
import { pgTransaction } from '../enquiries/transactions.ts';
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

/** For a timestamptz column; null stays null. */
const at = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

export class PgStaffStore implements StaffStore {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;

  /** Connects lazily, with a pool of `max` connections. */
  constructor(connectionString: string, max = 4) {
    this.#pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
    // An idle client dying (server restart) must not crash the process.
    this.#pool.on('error', () => {});
  }

  #tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return pgTransaction(this.#pool, fn);
  }

  async #one(sql: string, params: unknown[]): Promise<Row | undefined> {
    const { rows } = await this.#pool.query(sql, params);
    return rows[0] as Row | undefined;
  }

  async createStaff(a: StaffAccount): Promise<void> {
    try {
      await this.#pool.query(
        `INSERT INTO staff (id, email, name, webauthn_user_id, created_at, disabled_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [a.id, a.email, a.name, a.webauthnUserId, at(a.createdAt), at(a.disabledAt)],
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new StaffExistsError(a.email);
      throw e;
    }
  }

  async findStaffByEmail(email: string): Promise<StaffAccount | null> {
    const r = await this.#one('SELECT * FROM staff WHERE lower(email) = lower($1)', [email.trim()]);
    return r ? toStaff(r) : null;
  }

  async getStaff(id: string): Promise<StaffAccount | null> {
    const r = await this.#one('SELECT * FROM staff WHERE id = $1', [id]);
    return r ? toStaff(r) : null;
  }

  async listStaff(
    now: number,
  ): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>> {
    const { rows } = await this.#pool.query(
      `SELECT s.*,
         (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = s.id) AS passkeys,
         (SELECT COUNT(*) FROM staff_sessions x WHERE x.staff_id = s.id AND x.expires_at > $1) AS sessions
       FROM staff s ORDER BY s.created_at, s.id`,
      [now],
    );
    return rows.map((r: Row) => ({
      ...toStaff(r),
      passkeys: num(r['passkeys']),
      sessions: num(r['sessions']),
    }));
  }

  setDisabled(staffId: string, when: number | null): Promise<boolean> {
    return this.#tx(async (c) => {
      const r = await c.query('UPDATE staff SET disabled_at = $1 WHERE id = $2', [
        at(when),
        staffId,
      ]);
      if (when !== null) {
        await c.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
        await c.query('DELETE FROM staff_invites WHERE staff_id = $1 AND used_at IS NULL', [
          staffId,
        ]);
      }
      return r.rowCount === 1;
    });
  }

  async createInvite(i: {
    tokenHash: string;
    staffId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.#pool.query(
      'INSERT INTO staff_invites (token_hash, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [i.tokenHash, i.staffId, at(i.createdAt), i.expiresAt],
    );
  }

  async findInvite(tokenHash: string): Promise<StoredInvite | null> {
    const r = await this.#one(
      `SELECT i.*, ${STAFF_COLUMNS} FROM staff_invites i JOIN staff s ON s.id = i.staff_id
       WHERE i.token_hash = $1`,
      [tokenHash],
    );
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

  async #insertPasskey(c: pg.PoolClient | pg.Pool, p: StoredPasskey): Promise<void> {
    await c.query(
      `INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at, last_used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        p.id,
        p.staffId,
        Buffer.from(p.publicKey),
        p.counter,
        JSON.stringify(p.transports),
        at(p.createdAt),
        at(p.lastUsedAt),
      ],
    );
  }

  async #insertSession(c: pg.PoolClient, s: NewSession): Promise<void> {
    await c.query(
      `INSERT INTO staff_sessions (id_hash, staff_id, csrf_token, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [s.idHash, s.staffId, s.csrfToken, s.createdAt, s.expiresAt],
    );
  }

  enrol(
    tokenHash: string,
    now: number,
    passkey: StoredPasskey,
    session: NewSession,
  ): Promise<boolean> {
    return this.#tx(async (c) => {
      const used = await c.query(
        `UPDATE staff_invites SET used_at = $1
         WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $3 AND staff_id = $4
           AND staff_id IN (SELECT id FROM staff WHERE disabled_at IS NULL)`,
        [at(now), tokenHash, now, passkey.staffId],
      );
      if (used.rowCount !== 1) return false;
      await this.#insertPasskey(c, passkey);
      await this.#insertSession(c, session);
      return true;
    });
  }

  async addPasskey(p: StoredPasskey): Promise<void> {
    await this.#insertPasskey(this.#pool, p);
  }

  async listPasskeys(staffId: string): Promise<StoredPasskey[]> {
    const { rows } = await this.#pool.query(
      'SELECT * FROM staff_passkeys WHERE staff_id = $1 ORDER BY created_at, id',
      [staffId],
    );
    return rows.map(toPasskey);
  }

  async findPasskey(
    credentialId: string,
  ): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null> {
    const r = await this.#one(
      `SELECT p.*, ${STAFF_COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id
       WHERE p.id = $1`,
      [credentialId],
    );
    return r ? { passkey: toPasskey(r), staff: toStaff(r, 's_') } : null;
  }

  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'> {
    return this.#tx(async (c) => {
      // The account row is the lock two concurrent revocations queue on.
      await c.query('SELECT id FROM staff WHERE id = $1 FOR UPDATE', [staffId]);
      const { rows } = await c.query('SELECT id FROM staff_passkeys WHERE staff_id = $1', [
        staffId,
      ]);
      const mine = rows.map((r: Row) => str(r['id']));
      if (!mine.includes(credentialId)) return 'not-found';
      if (mine.length < 2) return 'last';
      await c.query('DELETE FROM staff_passkeys WHERE id = $1 AND staff_id = $2', [
        credentialId,
        staffId,
      ]);
      return 'ok';
    });
  }

  async signIn(
    credentialId: string,
    counter: number,
    session: NewSession,
    replaceIdHash: string | null,
  ): Promise<void> {
    await this.#tx(async (c) => {
      await c.query('UPDATE staff_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [
        counter,
        at(session.createdAt),
        credentialId,
      ]);
      if (replaceIdHash) {
        await c.query('DELETE FROM staff_sessions WHERE id_hash = $1', [replaceIdHash]);
      }
      await this.#insertSession(c, session);
    });
  }

  async findSession(
    idHash: string,
  ): Promise<{ session: StoredSession; staff: StaffAccount } | null> {
    const r = await this.#one(
      `SELECT x.*, ${STAFF_COLUMNS} FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
       WHERE x.id_hash = $1`,
      [idHash],
    );
    return r ? { session: toSession(r), staff: toStaff(r, 's_') } : null;
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    await this.#pool.query('UPDATE staff_sessions SET last_seen_at = $1 WHERE id_hash = $2', [
      now,
      idHash,
    ]);
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.#pool.query('DELETE FROM staff_sessions WHERE id_hash = $1', [idHash]);
  }

  async deleteSessionsOf(staffId: string): Promise<number> {
    const r = await this.#pool.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
    return r.rowCount ?? 0;
  }

  async sweep(now: number, idleBefore: number): Promise<void> {
    await this.#pool.query(
      'DELETE FROM staff_sessions WHERE expires_at <= $1 OR last_seen_at < $2',
      [now, idleBefore],
    );
    await this.#pool.query('DELETE FROM staff_ceremonies WHERE expires_at <= $1', [now]);
  }

  async saveCeremony(c: Ceremony): Promise<void> {
    await this.#pool.query(
      `INSERT INTO staff_ceremonies (id_hash, purpose, challenge, staff_id, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [c.idHash, c.purpose, c.challenge, c.staffId, c.expiresAt],
    );
  }

  async takeCeremony(idHash: string, now: number): Promise<Ceremony | null> {
    const r = await this.#one('DELETE FROM staff_ceremonies WHERE id_hash = $1 RETURNING *', [
      idHash,
    ]);
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
    const row = (await this.#one(
      `INSERT INTO rate_limits AS r (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN r.window_start <= $3 THEN 1 ELSE r.count + 1 END,
         window_start = CASE WHEN r.window_start <= $3 THEN EXCLUDED.window_start ELSE r.window_start END
       RETURNING count, window_start`,
      [key, now, now - windowMs],
    )) as Row;
    const count = num(row['count']);
    return { allowed: count <= max, count, resetAt: num(row['window_start']) + windowMs };
  }

  async peekLimit(
    key: string,
    max: number,
    windowMs: number,
    now: number,
  ): Promise<RateLimitResult> {
    const row = await this.#one(
      'SELECT count, window_start FROM rate_limits WHERE key = $1 AND window_start > $2',
      [key, now - windowMs],
    );
    const count = row ? num(row['count']) : 0;
    return {
      allowed: count < max,
      count,
      resetAt: (row ? num(row['window_start']) : now) + windowMs,
    };
  }

  async audit(e: AuditEntry): Promise<void> {
    await this.#pool.query(
      'INSERT INTO staff_audit (at, staff_id, action, enquiry_id, detail) VALUES ($1, $2, $3, $4, $5)',
      [at(e.at), e.staffId, e.action, e.enquiryId, e.detail],
    );
  }

  async listAudit(limit: number): Promise<AuditLine[]> {
    const { rows } = await this.#pool.query(
      `SELECT a.*, COALESCE(s.email, '') AS staff_email FROM staff_audit a
       LEFT JOIN staff s ON s.id = a.staff_id ORDER BY a.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toAuditLine);
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
