/** Made after the enquiry migrations, which create the staff tables. */
import { join, resolve } from 'node:path';
import type { Env, StoreEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { InboxService } from '../inbox/types.ts';
import { PgStaffStore, SqliteStaffStore } from './sql-store.ts';
import type { StaffStore } from './store.ts';

/** As `openStore` chooses. */
export function openStaffStore(config: StoreEnv): StaffStore {
  return config.DATABASE_URL
    ? new PgStaffStore(config.DATABASE_URL)
    : new SqliteStaffStore(join(resolve(config.DATA_DIR), 'enquiries.sqlite'));
}

/** Who passkeys are made for (https://www.w3.org/TR/webauthn-3/#relying-party). */
export interface RelyingParty {
  /** SITE_URL's host. */
  id: string;
  /** The staff origin. */
  origins: readonly string[];
}

export interface StaffRuntime {
  store: StaffStore;
  inbox: InboxService;
  /** STAFF_URL */
  origin: string;
  rp: RelyingParty;
  /** The enquiry runtime's, salting client address hashes. */
  secret: string;
  logger: Logger;
  /** Epoch ms (tests move it past timeouts). */
  now: () => number;
  close(): Promise<void>;
}

export interface StaffRuntimeOptions {
  env: Pick<Env, 'STAFF_URL' | 'STAFF_RP_ID'> & StoreEnv;
  inbox: InboxService;
  secret: string;
  logger: Logger;
  /** Tests. */
  store?: StaffStore;
  now?: () => number;
}

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
