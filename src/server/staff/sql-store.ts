/**
 * `StaffStore` written once on Kysely over the enquiry database (`src/server/db/`,
 * docs/decisions/033-one-store-on-kysely.md), on node:sqlite (`SqliteStaffStore`, sharing the
 * enquiry store's connection) and PostgreSQL (`PgStaffStore`, its own small pool). An invite is
 * used up by a conditional UPDATE (one winner); deleting a passkey locks the account row first
 * (PostgreSQL `FOR UPDATE`; SQLite's `BEGIN IMMEDIATE` already admits one writer), so two
 * revocations can never remove the last two.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { openPostgres } from '../db/postgres.ts';
import { hitLimit, peekLimit } from '../db/rate-limits.ts';
import type { Database, Db } from '../db/schema.ts';
import { openSqlite } from '../db/sqlite.ts';
import type { RateLimitResult } from '../enquiries/store.ts';
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

const STAFF = ['s.id', 's.email', 's.name', 's.webauthnUserId', 's.createdAt'] as const;
const ACCOUNT = [...STAFF, 's.disabledAt'] as const;
const lower = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;

/** A joined row's account columns, prefixed `staff`. */
const ACCOUNT_AS = [
  's.id as staffId',
  's.email as staffEmail',
  's.name as staffName',
  's.webauthnUserId as staffWebauthnUserId',
  's.createdAt as staffCreatedAt',
  's.disabledAt as staffDisabledAt',
] as const;

interface AccountAs {
  staffId: string;
  staffEmail: string;
  staffName: string;
  staffWebauthnUserId: string;
  staffCreatedAt: number;
  staffDisabledAt: number | null;
}

function account(r: AccountAs): StaffAccount {
  return {
    id: r.staffId,
    email: r.staffEmail,
    name: r.staffName,
    webauthnUserId: r.staffWebauthnUserId,
    createdAt: r.staffCreatedAt,
    disabledAt: r.staffDisabledAt,
  };
}

/** SQLite hands a `Uint8Array`, pg a `Buffer`: a plain copy either way. */
function passkey(p: Selectable<Database['staffPasskeys']>): StoredPasskey {
  const { id, staffId, counter, createdAt, lastUsedAt } = p;
  const transports = JSON.parse(p.transports || '[]') as string[];
  return {
    id,
    staffId,
    publicKey: new Uint8Array(p.publicKey),
    counter,
    transports,
    createdAt,
    lastUsedAt,
  };
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

  async createStaff(a: StaffAccount): Promise<void> {
    const at = this.#db.instant;
    const disabledAt = a.disabledAt === null ? null : at(a.disabledAt);
    try {
      await this.#k
        .insertInto('staff')
        .values({ ...a, createdAt: at(a.createdAt), disabledAt })
        .execute();
    } catch (e) {
      // SQLite's message names the constraint; PostgreSQL's unique_violation is 23505.
      if (/UNIQUE/i.test(String(e)) || (e as { code?: string }).code === '23505') {
        throw new StaffExistsError(a.email);
      }
      throw e;
    }
  }

  async findStaffByEmail(email: string): Promise<StaffAccount | null> {
    const r = this.#k.selectFrom('staff as s').select(ACCOUNT).where(lower('email', email.trim()));
    return (await r.executeTakeFirst()) ?? null;
  }

  async getStaff(id: string): Promise<StaffAccount | null> {
    const r = this.#k.selectFrom('staff as s').select(ACCOUNT).where('s.id', '=', id);
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
      .orderBy('s.createdAt')
      .orderBy('s.id')
      .execute();
  }

  setDisabled(staffId: string, at: number | null): Promise<boolean> {
    return this.#k.transaction().execute(async (trx) => {
      const disabledAt = at === null ? null : this.#db.instant(at);
      const r = await trx
        .updateTable('staff')
        .set({ disabledAt })
        .where('id', '=', staffId)
        .executeTakeFirst();
      if (at !== null) {
        await trx.deleteFrom('staffSessions').where('staffId', '=', staffId).execute();
        await trx
          .deleteFrom('staffInvites')
          .where('staffId', '=', staffId)
          .where('usedAt', 'is', null)
          .execute();
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
    await this.#k
      .insertInto('staffInvites')
      .values({ ...i, createdAt: this.#db.instant(i.createdAt) })
      .execute();
  }

  async findInvite(tokenHash: string): Promise<StoredInvite | null> {
    const r = await this.#k
      .selectFrom('staffInvites as i')
      .innerJoin('staff as s', 's.id', 'i.staffId')
      .select(['i.tokenHash', 'i.createdAt', 'i.expiresAt', 'i.usedAt', ...ACCOUNT_AS])
      .where('i.tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (!r) return null;
    const { tokenHash: hash, createdAt, expiresAt, usedAt } = r;
    return { tokenHash: hash, staff: account(r), createdAt, expiresAt, usedAt };
  }

  async #insertPasskey(db: Kysely<Database>, p: StoredPasskey): Promise<void> {
    const at = this.#db.instant;
    const lastUsedAt = p.lastUsedAt === null ? null : at(p.lastUsedAt);
    await db
      .insertInto('staffPasskeys')
      .values({
        ...p,
        transports: JSON.stringify(p.transports),
        createdAt: at(p.createdAt),
        lastUsedAt,
      })
      .execute();
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
    const rows = await this.#k
      .selectFrom('staffPasskeys')
      .selectAll()
      .where('staffId', '=', staffId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map(passkey);
  }

  async findPasskey(
    credentialId: string,
  ): Promise<{ passkey: StoredPasskey; staff: StaffAccount } | null> {
    const r = await this.#k
      .selectFrom('staffPasskeys as p')
      .innerJoin('staff as s', 's.id', 'p.staffId')
      .selectAll('p')
      .select(ACCOUNT_AS)
      .where('p.id', '=', credentialId)
      .executeTakeFirst();
    return r ? { passkey: passkey(r), staff: account(r) } : null;
  }

  deletePasskey(staffId: string, credentialId: string): Promise<'ok' | 'last' | 'not-found'> {
    return this.#k.transaction().execute(async (trx) => {
      // The account row is the lock two concurrent revocations queue on.
      const account = trx.selectFrom('staff').select('id').where('id', '=', staffId);
      await (this.kind === 'postgres' ? account.forUpdate() : account).execute();
      const mine = await trx
        .selectFrom('staffPasskeys')
        .select('id')
        .where('staffId', '=', staffId)
        .execute();
      if (!mine.some((p) => p.id === credentialId)) return 'not-found';
      if (mine.length < 2) return 'last';
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
      await trx
        .updateTable('staffPasskeys')
        .set({ counter, lastUsedAt: this.#db.instant(session.createdAt) })
        .where('id', '=', credentialId)
        .execute();
      if (replaceIdHash) {
        await trx.deleteFrom('staffSessions').where('idHash', '=', replaceIdHash).execute();
      }
      await this.#insertSession(trx, session);
    });
  }

  async findSession(
    idHash: string,
  ): Promise<{ session: StoredSession; staff: StaffAccount } | null> {
    const r = await this.#k
      .selectFrom('staffSessions as x')
      .innerJoin('staff as s', 's.id', 'x.staffId')
      .selectAll('x')
      .select(ACCOUNT_AS)
      .where('x.idHash', '=', idHash)
      .executeTakeFirst();
    if (!r) return null;
    const { idHash: hash, csrfToken, createdAt, lastSeenAt, expiresAt, staffId } = r;
    return {
      session: { idHash: hash, staffId, csrfToken, createdAt, lastSeenAt, expiresAt },
      staff: account(r),
    };
  }

  async touchSession(idHash: string, now: number): Promise<void> {
    await this.#k
      .updateTable('staffSessions')
      .set({ lastSeenAt: now })
      .where('idHash', '=', idHash)
      .execute();
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
      await trx
        .deleteFrom('staffSessions')
        .where((eb) => eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<', idleBefore)]))
        .execute();
      await trx.deleteFrom('staffCeremonies').where('expiresAt', '<=', now).execute();
    });
  }

  async saveCeremony(c: Ceremony): Promise<void> {
    await this.#k.insertInto('staffCeremonies').values(c).execute();
  }

  async takeCeremony(idHash: string, now: number): Promise<Ceremony | null> {
    const r = await this.#k
      .deleteFrom('staffCeremonies')
      .where('idHash', '=', idHash)
      .returningAll()
      .executeTakeFirst();
    return r && r.expiresAt > now ? r : null;
  }

  hit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return hitLimit(this.#k, key, max, windowMs, now);
  }

  peekLimit(key: string, max: number, windowMs: number, now: number): Promise<RateLimitResult> {
    return peekLimit(this.#k, key, max, windowMs, now);
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

/** On node:sqlite: the enquiry database's file, through the enquiry store's connection. */
export class SqliteStaffStore extends SqlStaffStore {
  /** @param file the enquiry database, created and migrated by the enquiry store */
  constructor(file: string) {
    super(openSqlite(file));
  }
}

/** On PostgreSQL: its own pool of `max` connections to the enquiry database. */
export class PgStaffStore extends SqlStaffStore {
  constructor(connectionString: string, max = 4) {
    super(openPostgres(connectionString, max));
  }
}
