/** Made after the enquiry migrations, which create the staff tables. */
import { join, resolve } from 'node:path';
import { createContext } from 'react-router';
import type { DraftStore } from '../content/drafts.ts';
import type { ContentStore } from '../content/store.ts';
import type { PreviewStore } from '../content/previews.ts';
import type { ScheduleStore } from '../content/schedules.ts';
import type { Env, StoreEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { InboxService } from '../inbox/types.ts';
import type { MediaStore } from '../content/media.ts';
import { PgStaffStore, SqliteStaffStore } from './sql-store.ts';
import type { StaffStore } from './store.ts';
import type { StatisticsStore } from '../statistics/store.ts';

/** As `openStore` chooses. */
export function openStaffStore(config: StoreEnv): StaffStore {
  return config.DATABASE_URL
    ? new PgStaffStore(config.DATABASE_URL)
    : new SqliteStaffStore(join(resolve(config.DATA_DIR), 'enquiries.sqlite'));
}

/** https://www.w3.org/TR/webauthn-3/#relying-party; `id` is SITE_URL's host. */
export interface RelyingParty {
  id: string;
  origins: readonly string[];
}

/** docs/decisions/050-drafts-publish-and-conflicts.md */
export interface StaffContent {
  store: ContentStore;
  drafts: DraftStore;
  /** docs/decisions/054-previews-and-share-links.md */
  previews: PreviewStore;
  /** docs/decisions/055-scheduled-publishing.md */
  schedules: ScheduleStore;
}

export interface StaffRuntime {
  store: StaffStore;
  /** Absent: the page says none are kept. */
  statistics?: StatisticsStore | undefined;
  content: StaffContent;
  inbox: InboxService;
  origin: string;
  rp: RelyingParty;
  secret: string;
  logger: Logger;
  now: () => number;
  close(): Promise<void>;
}

/** Per `/staff` request, with the client address's salted hash; server-only. */
export interface StaffServer extends StaffRuntime {
  clientKey: string;
  media?: MediaStore | undefined;
}

/** Set by `src/server/react-router.ts` for `/staff` requests only. */
export const staffContext = createContext<StaffServer>();

export interface StaffRuntimeOptions {
  env: Pick<Env, 'STAFF_URL' | 'STAFF_RP_ID'> & StoreEnv;
  inbox: InboxService;
  content: StaffContent;
  statistics?: StatisticsStore | undefined;
  secret: string;
  logger: Logger;
  store?: StaffStore;
  now?: () => number;
}

export function createStaffRuntime(opts: StaffRuntimeOptions): StaffRuntime {
  const store = opts.store ?? openStaffStore(opts.env);
  return {
    store,
    inbox: opts.inbox,
    content: opts.content,
    statistics: opts.statistics,
    origin: opts.env.STAFF_URL,
    rp: { id: opts.env.STAFF_RP_ID, origins: [opts.env.STAFF_URL] },
    secret: opts.secret,
    logger: opts.logger,
    now: opts.now ?? Date.now,
    close: () => store.close(),
  };
}
