/**
 * The statistics on the server's database (`DATABASE_URL`, else the SQLite file under `DATA_DIR`
 * the other stores share): the store and the counter the public port counts with
 * (docs/decisions/100-cookieless-visit-statistics.md).
 */
import { join, resolve } from 'node:path';
import { ITEM_PAGES, PAGES } from '../../pages.ts';
import { openPostgres } from '../db/postgres.ts';
import { openSqlite } from '../db/sqlite.ts';
import type { Env, StoreEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createCounter, type Counter } from './counter.ts';
import { createStatisticsStore, type StatisticsStore } from './store.ts';

/** The public pages' paths and their route ids: the documents that are counted. */
export const COUNTED_PAGES: ReadonlyMap<string, string> = new Map(PAGES.map((p) => [p.path, p.id]));

export interface Statistics {
  store: StatisticsStore;
  counter: Counter;
  /** Writes what waits, then closes the database handle. */
  close(): Promise<void>;
}

/** Opens the store on the process's one database handle and starts the counter's batches. */
export function openStatistics(
  env: StoreEnv &
    Pick<Env, 'SITE_URL' | 'TRUST_PROXY' | 'STATS_COUNTRY_HEADER' | 'STATS_RETENTION_MONTHS'>,
  logger: Logger,
  options: { now?: () => number; timers?: boolean } = {},
): Statistics {
  const db = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, 2)
    : openSqlite(join(resolve(env.DATA_DIR), 'enquiries.sqlite'), env.SQLITE_SYNCHRONOUS);
  const store = createStatisticsStore(db);
  const counter = createCounter({
    store,
    siteUrl: env.SITE_URL,
    pages: COUNTED_PAGES,
    itemPages: ITEM_PAGES,
    trustProxy: env.TRUST_PROXY === '1',
    countryHeader: env.STATS_COUNTRY_HEADER,
    retentionMonths: env.STATS_RETENTION_MONTHS,
    logger,
    now: options.now,
    timers: options.timers,
  });
  return {
    store,
    counter,
    async close() {
      await counter.close();
      await db.close();
    },
  };
}
