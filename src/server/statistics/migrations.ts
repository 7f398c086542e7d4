/**
 * The statistics' database steps, versions 300–349, run with every feature's by
 * `src/server/db/migrate.ts` (`src/server/db/steps.ts`); written once for both engines
 * (docs/decisions/100-cookieless-visit-statistics.md).
 *
 * - `stat_salts`: the day's random salt of visitor hashes (UTC day `YYYY-MM-DD`), deleted 48 h
 *   after its day began.
 * - `stat_page_hours`: page views and the day's new visitors per hour and page.
 * - `stat_page_visitors`: the day's visitor hashes per page, for those uniques; deleted when the
 *   day ends.
 * - `stat_visits`: one row per visit (a visitor's views less than 30 minutes apart); its visitor
 *   hash is cleared when the day ends, its counts kept.
 * - `stat_enquiry_origins`: the visit an enquiry came from; erased with the enquiry.
 * - `stat_visit_days`, `stat_page_days` (301): ended India days rolled up — the visits' counts
 *   per dimension (source, campaign, entry and exit page, device, browser, country, `all`) and
 *   value, and page views per page — so a long period reads a row per day and value, not per
 *   visit; `stat_rollup` says up to when.
 * - `stat_vitals` (302): field Web Vitals reports counted per India day, page, metric (LCP, INP,
 *   CLS) and value rounded up to its step, for their 75th percentiles; nothing of the visitor.
 * - (303) indexes of the visits by source, campaign and entry page, each with its start.
 */
import { COLUMN_TYPES, type BuilderMigration } from '../db/migrate.ts';

export const STATISTICS_STEPS: readonly BuilderMigration[] = [
  {
    version: 300,
    description: 'visit statistics: salts, page views per hour, visits (src/server/statistics/)',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('stat_salts')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('stat_page_hours')
        .addColumn('hour', types.epochMs, (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_page_hours_pk', ['hour', 'route', 'item'])
        .execute();
      await db.schema
        .createTable('stat_page_visitors')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_page_visitors_pk', ['day', 'route', 'item', 'visitor'])
        .execute();
      await db.schema
        .createTable('stat_visits')
        .addColumn('id', types.serialKey, (c) => c.primaryKey())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text')
        .addColumn('first_of_day', 'integer', (c) => c.notNull())
        .addColumn('started_at', types.epochMs, (c) => c.notNull())
        .addColumn('last_at', types.epochMs, (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('entry_route', 'text', (c) => c.notNull())
        .addColumn('entry_item', 'text', (c) => c.notNull())
        .addColumn('exit_route', 'text', (c) => c.notNull())
        .addColumn('exit_item', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('utm_source', 'text', (c) => c.notNull())
        .addColumn('utm_medium', 'text', (c) => c.notNull())
        .addColumn('utm_campaign', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('browser', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stat_visits_visitor')
        .on('stat_visits')
        .columns(['day', 'visitor', 'last_at'])
        .execute();
      await db.schema
        .createIndex('stat_visits_started')
        .on('stat_visits')
        .column('started_at')
        .execute();
      await db.schema
        .createTable('stat_enquiry_origins')
        .addColumn('submission_id', 'text', (c) => c.primaryKey())
        .addColumn('received_at', types.epochMs, (c) => c.notNull())
        .addColumn('entry_route', 'text', (c) => c.notNull())
        .addColumn('entry_item', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('utm_campaign', 'text', (c) => c.notNull())
        .addColumn('form_route', 'text', (c) => c.notNull())
        .addColumn('views_before', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  {
    version: 301,
    description: 'visit statistics: ended days rolled up per dimension and per page',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('stat_visit_days')
        .addColumn('day', types.epochMs, (c) => c.notNull())
        .addColumn('dimension', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('visits', 'integer', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('bounces', 'integer', (c) => c.notNull())
        .addColumn('duration', types.epochMs, (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_visit_days_pk', ['dimension', 'day', 'value'])
        .execute();
      await db.schema
        .createTable('stat_page_days')
        .addColumn('day', types.epochMs, (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_page_days_pk', ['day', 'route', 'item'])
        .execute();
      await db.schema
        .createTable('stat_rollup')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('until', types.epochMs, (c) => c.notNull())
        .execute();
    },
  },
  {
    version: 302,
    description: 'field Web Vitals counted per day, page and value, for their 75th percentiles',
    async up(db, engine) {
      const types = COLUMN_TYPES[engine];
      await db.schema
        .createTable('stat_vitals')
        .addColumn('day', types.epochMs, (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        // PostgreSQL's `real` is four bytes: 0.08 would read back as 0.0799999982.
        .addColumn('value', engine === 'sqlite' ? 'real' : 'double precision', (c) => c.notNull())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_vitals_pk', ['day', 'route', 'metric', 'value'])
        .execute();
    },
  },
  {
    version: 303,
    description: 'visits by source, campaign and entry page, for a filtered period',
    async up(db) {
      // A filter's period is read from the visits, not the roll-ups: these keep it to its rows.
      for (const column of ['source', 'utm_campaign', 'entry_route']) {
        await db.schema
          .createIndex(`stat_visits_${column}`)
          .on('stat_visits')
          .columns([column, 'started_at'])
          .execute();
      }
    },
  },
];
