/**
 * The staff side of one server process: its store (the enquiry database, its own connection),
 * the inbox it acts on, the relying party and the clock. Made once by `server.ts` (or a test,
 * with a fake inbox) after the enquiry store's migrations, which create the staff tables.
 */
import { join, resolve } from 'node:path';
import type { Env, StoreEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { InboxService } from '../inbox/types.ts';
import type { RelyingParty } from './passkeys.ts';
import { PgStaffStore } from './pg-store.ts';
import { SqliteStaffStore } from './sqlite-store.ts';
import type { StaffStore } from './store.ts';

/**
 * Opens the staff store on the database the configuration chooses, like `openStore` in
 * `src/server/enquiries/runtime.ts`: PostgreSQL when DATABASE_URL is set, else the SQLite file in
 * DATA_DIR.
 */
export function openStaffStore(config: StoreEnv): StaffStore {
  return config.DATABASE_URL
    ? new PgStaffStore(config.DATABASE_URL)
    : new SqliteStaffStore(join(resolve(config.DATA_DIR), 'enquiries.sqlite'));
}

export interface StaffRuntime {
  store: StaffStore;
  inbox: InboxService;
  /** The origin the inbox is served on (STAFF_URL). */
  origin: string;
  rp: RelyingParty;
  /** The server secret that salts client address hashes (the enquiry runtime's). */
  secret: string;
  logger: Logger;
  /** The clock, epoch ms (tests move it past timeouts). */
  now: () => number;
  close(): Promise<void>;
}

export interface StaffRuntimeOptions {
  env: Pick<Env, 'STAFF_URL' | 'STAFF_RP_ID'> & StoreEnv;
  inbox: InboxService;
  secret: string;
  logger: Logger;
  /** Replaces the store opened from `env` (tests). */
  store?: StaffStore;
  now?: () => number;
}

/** Builds the staff runtime; the store is used only once the enquiry migrations have run. */
export function createStaffRuntime(opts: StaffRuntimeOptions): StaffRuntime {
  const store = opts.store ?? openStaffStore(opts.env);
  return {
    store,
    inbox: opts.inbox,
    origin: opts.env.STAFF_URL,
    rp: { id: opts.env.STAFF_RP_ID, origins: [opts.env.STAFF_URL] },
    secret: opts.secret,
    logger: opts.logger,
    now: opts.now ?? Date.now,
    close: () => store.close(),
  };
}
