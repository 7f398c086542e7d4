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

/** Who passkeys are made for (https://www.w3.org/TR/webauthn-3/#relying-party). */
export interface RelyingParty {
  /** SITE_URL's host. */
  id: string;
  /** The staff origin. */
  origins: readonly string[];
}

/** The site's content as `/staff/content` edits it (docs/decisions/050-drafts-publish-and-conflicts.md). */
export interface StaffContent {
  store: ContentStore;
  drafts: DraftStore;
  /** Previews and share links (docs/decisions/054-previews-and-share-links.md). */
  previews: PreviewStore;
  /** Scheduled publishing (docs/decisions/055-scheduled-publishing.md). */
  schedules: ScheduleStore;
}

export interface StaffRuntime {
  store: StaffStore;
  /** Visit statistics (`src/server/statistics/store.ts`); absent: the page says none are kept. */
  statistics?: StatisticsStore | undefined;
  content: StaffContent;
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

/**
 * What the `/staff` branch's `.server.ts` modules get for one request: the runtime, and the client
 * address's salted hash its rate limits count by. Server-only, so the shared
 * `src/react/load-context.ts` names no server type.
 */
export interface StaffServer extends StaffRuntime {
  clientKey: string;
  /** Uploaded images (`src/server/content/media.ts`); absent where the app has none. */
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
  /** Tests. */
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
