/** `StaffStore` on Kysely; deleting a passkey locks the account row: two never remove the last. */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { openPostgres } from '../db/postgres.ts';
import { hitLimit, peekLimit } from '../db/rate-limits.ts';
import type { Database, Db } from '../db/tables.ts';
import { openSqlite } from '../db/sqlite.ts';
import type { Role } from '../../lib/staff-roles.ts';
import type { RateLimitResult } from '../enquiries/store.ts';
import {
  StaffExistsError,
  type AuditEntry,
  type AuditLine,
  type Ceremony,
  type NewSession,
  type NewStaffAccount,
  type RoleChange,
  type StaffAccount,
  type StaffStore,
  type StoredInvite,
  type StoredPasskey,
  type StoredSession,
} from './store.ts';

const ACCOUNT = [
  'id',
  'email',
  'name',
  'webauthnUserId',
  'createdAt',
  'disabledAt',
  'role',
] as const;

/** Serialises the last-owner check on PostgreSQL. */
const ROLES_LOCK = 'staff-roles';

/** SQLite hands a `Uint8Array`, pg a `Buffer`: a plain copy either way. */
function passkey(p: Selectable<Database['staffPasskeys']>): StoredPasskey {
  const transports = JSON.parse(p.transports || '[]') as string[];
  return { ...p, publicKey: new Uint8Array(p.publicKey), transports };
}

export class SqlStaffStore implements StaffStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly #db: Db;
  readonly #k: Kysely<Database>;

  constructor(db: Db) {
    this.#db = db;
    this.#k = db.kysely;
    this.kind = db.kind;
  }

  #at(ms: number | null) {
    return ms === null ? null : this.#db.instant(ms);
  }

  async createStaff(a: NewStaffAccount): Promise<void> {
    const row = {
      ...a,
      createdAt: this.#db.instant(a.createdAt),
      disabledAt: this.#at(a.disabledAt),
    };
    try {
      await this.#k.insertInto('staff').values(row).execute();
    } catch (e) {
      // SQLite's message names the constraint; PostgreSQL's unique_violation is 23505.
      if (/UNIQUE/i.test(String(e)) || (e as { code?: string }).code === '23505') {
        throw new StaffExistsError(a.email);
      }
      throw e;
    }
  }

  async findStaffByEmail(email: string): Promise<StaffAccount | null> {
    const byEmail = sql<boolean>`lower(email) = lower(${email.trim()})`;
    const r = this.#k.selectFrom('staff').select(ACCOUNT).where(byEmail);
    return (await r.executeTakeFirst()) ?? null;
  }

  async getStaff(id: string): Promise<StaffAccount | null> {
    const r = this.#k.selectFrom('staff').select(ACCOUNT).where('id', '=', id);
    return (await r.executeTakeFirst()) ?? null;
  }

  listStaff(now: number): Promise<Array<StaffAccount & { passkeys: number; sessions: number }>> {
    return this.#k
      .selectFrom('staff as s')
      .select(ACCOUNT)
      .select([
        sql<number>`(SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = s.id)`.as('passkeys'),
        sql<number>`(SELECT COUNT(*) FROM staff_sessions x
          WHERE x.staff_id = s.id AND x.expires_at > ${now})`.as('sessions'),
      ])
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  }

  setRole(staffId: string, role: Role): Promise<RoleChange> {
    return this.#k.transaction().execute(async (trx): Promise<RoleChange> => {
      await this.#db.lockKey(trx, ROLES_LOCK);
      const q = trx.selectFrom('staff').select(['role', 'disabledAt']).where('id', '=', staffId);
      const found = await q.executeTakeFirst();
      if (!found) return { kind: 'not-found' };
      if (found.role === role) return { kind: 'unchanged' };
      if (found.role === 'owner' && found.disabledAt === null) {
        const owners = await trx
          .selectFrom('staff')
          .select(sql<number>`COUNT(*)`.as('n'))
          .where('role', '=', 'owner')
          .where('disabledAt', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(owners.n) < 2) return { kind: 'last-owner' };
      }
      await trx.updateTable('staff').set({ role }).where('id', '=', staffId).execute();
      return { kind: 'changed', from: found.role };
    });
  }

  setDisabled(staffId: string, at: number | null): Promise<boolean> {
    return this.#k.transaction().execute(async (trx) => {
      const disabled = trx.updateTable('staff').set({ disabledAt: this.#at(at) });
      const r = await disabled.where('id', '=', staffId).executeTakeFirst();
      if (at !== null) {
        await trx.deleteFrom('staffSessions').where('staffId', '=', staffId).execute();
        const unused = trx.deleteFrom('staffInvites').where('usedAt', 'is', null);
        await unused.where('staffId', '=', staffId).execute();
      }
      return r.numUpdatedRows === 1n;
    });
  }

  async createInvite(i: {
    tokenHash: string;
    staffId: string;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    const row = { ...i, createdAt: this.#db.instant(i.createdAt) };
    await this.#k.insertInto('staffInvites').values(row).execute();
  }

  async findInvite(tokenHash: string): Promise<StoredInvite | null> {
    const q = this.#k.selectFrom('staffInvites').selectAll().where('tokenHash', '=', tokenHash);
    const invite = await q.executeTakeFirst();
    const staff = invite && (await this.getStaff(invite.staffId));
    if (!invite || !staff) return null;
    const { createdAt, expiresAt, usedAt } = invite;
    return { tokenHash, staff, createdAt, expiresAt, usedAt };
  }

  async #insertPasskey(db: Kysely<Database>, p: StoredPasskey): Promise<void> {
    const times = { createdAt: this.#db.instant(p.createdAt), lastUsedAt: this.#at(p.lastUsedAt) };
    const row = { ...p, ...times, transports: JSON.stringify(p.transports) };
    await db.insertInto('staffPasskeys').values(row).execute();
  }

  async #insertSession(trx: Transaction<Database>, s: NewSession): Promise<void> {
    await trx
      .insertInto('staffSessions')
      .values({ ...s, lastSeenAt: s.createdAt })
      .execute();
  }

  enrol(tokenHash: string, now: number, key: StoredPasskey, session: NewSession) {
    return this.#k.transaction().execute(async (trx) => {
      const enabled = trx.selectFrom('staff').select('id').where('disabledAt', 'is', null);
      const used = await trx
        .updateTable('staffInvites')
        .set({ usedAt: this.#db.instant(now) })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('staffId', '=', key.staffId)
        .where('staffId', 'in', enabled)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) return false;
      await this.#insertPasskey(trx, key);
      await this.#insertSession(trx, session);
      return true;
    });
  }

  addPasskey(p: StoredPasskey): Promise<void> {
    return this.#insertPasskey(this.#k, p);
  }

  async listPasskeys(staffId: string): Promise<StoredPasskey[]> {
    const q = this.#k.selectFrom('staffPasskeys').selectAll().where('staffId', '=', staffId);
    return (await q.orderBy('createdAt').orderBy('id').execute()).map(passkey);
  }

  async findPasskey(id: string): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null> {
    const q = this.#k.selectFrom('staffPasskeys').selectAll().where('id', '=', id);
    const key = await q.executeTakeFirst();
    const staff = key && (await this.getStaff(key.staffId));
    return key && staff ? { passkey: passkey(key), staff } : null;
  }

  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'> {
    return this.#k.transaction().execute(async (trx) => {
      const account = trx.selectFrom('staff').select('id').where('id', '=', staffId);
      await this.#db.forUpdate(account).execute();
      const mine = trx.selectFrom('staffPasskeys').select('id').where('staffId', '=', staffId);
      const ids = (await mine.execute()).map((p) => p.id);
      if (!ids.includes(credentialId)) return 'not-found';
      if (ids.length < 2) return 'last';
      await trx.deleteFrom('staffPasskeys').where('id', '=', credentialId).execute();
      return 'ok';
    });
  }

  async signIn(
    credentialId: string,
    counter: number,
    session: NewSession,
    replaceIdHash: string | null,
  ): Promise<void> {
    await this.#k.transaction().execute(async (trx) => {
      const used = { counter, lastUsedAt: this.#db.instant(session.createdAt) };
      await trx.updateTable('staffPasskeys').set(used).where('id', '=', credentialId).execute();
      if (replaceIdHash) {
        await trx.deleteFrom('staffSessions').where('idHash', '=', replaceIdHash).execute();
      }
      await this.#insertSession(trx, session);
    });
  }

  async findSession(
    idHash: string,
  ): Promise<{ session: StoredSession; staff: StaffAccount } | null> {
    const q = this.#k.selectFrom('staffSessions').selectAll().where('idHash', '=', idHash);
    const session = await q.executeTakeFirst();
    const staff = session && (await this.getStaff(session.staffId));
    return session && staff ? { session, staff } : null;
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    const touched = this.#k.updateTable('staffSessions').set({ lastSeenAt: now });
    await touched.where('idHash', '=', idHash).execute();
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.#k.deleteFrom('staffSessions').where('idHash', '=', idHash).execute();
  }

  async deleteSessionsOf(staffId: string): Promise<number> {
    const r = this.#k.deleteFrom('staffSessions').where('staffId', '=', staffId);
    return Number((await r.executeTakeFirst()).numDeletedRows);
  }

  async sweep(now: number, idleBefore: number): Promise<void> {
    await this.#k.transaction().execute(async (trx) => {
      const ended = sql<boolean>`expires_at <= ${now} OR last_seen_at < ${idleBefore}`;
      await trx.deleteFrom('staffSessions').where(ended).execute();
      await trx.deleteFrom('staffCeremonies').where('expiresAt', '<=', now).execute();
    });
  }

  async saveCeremony(c: Ceremony): Promise<void> {
    await this.#k.insertInto('staffCeremonies').values(c).execute();
  }

  async takeCeremony(idHash: string, now: number): Promise<Ceremony | null> {
    const taken = this.#k.deleteFrom('staffCeremonies').where('idHash', '=', idHash);
    const r = await taken.returningAll().executeTakeFirst();
    return r && r.expiresAt > now ? r : null;
  }

  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return hitLimit(this.#k, { key, max, windowMs }, now);
  }

  peekLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return peekLimit(this.#k, { key, max, windowMs }, now);
  }

  async audit(e: AuditEntry): Promise<void> {
    await this.#k
      .insertInto('staffAudit')
      .values({ ...e, at: this.#db.instant(e.at) })
      .execute();
  }

  listAudit(limit: number): Promise<AuditLine[]> {
    return this.#k
      .selectFrom('staffAudit as a')
      .leftJoin('staff as s', 's.id', 'a.staffId')
      .selectAll('a')
      .select(sql<string>`COALESCE(s.email, '')`.as('staffEmail'))
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}

/** On the enquiry store's connection, which migrates `file`. */
export class SqliteStaffStore extends SqlStaffStore {
  constructor(file: string) {
    super(openSqlite(file));
  }
}

/** On the process's one pool (`openPostgres`). */
export class PgStaffStore extends SqlStaffStore {
  constructor(connectionString: string, max = 4) {
    super(openPostgres(connectionString, max));
  }
}
