/**
 * Every feature's database steps, by engine, for the one runner (`./migrate.ts`). Each feature
 * keeps its own in its folder, in its own range of versions: the enquiries' 1–99, the staff
 * side's 100–199 (and 220), the content's 200–299, the statistics' 300–349.
 */
import { CONTENT_STEPS } from '../content/migrations.ts';
import { ENQUIRY_PG_STEPS, ENQUIRY_SQLITE_STEPS } from '../enquiries/migrations.ts';
import { STAFF_PG_STEPS, STAFF_SQLITE_STEPS, STAFF_STEPS } from '../staff/migrations.ts';
import type { Migration } from './migrate.ts';
import { STATISTICS_STEPS } from '../statistics/migrations.ts';

const byVersion = (steps: readonly Migration[]) => [...steps].sort((a, b) => a.version - b.version);

/** Every step on SQLite, released and shared. */
export const SQLITE_MIGRATIONS: readonly Migration[] = byVersion([
  ...ENQUIRY_SQLITE_STEPS,
  ...STAFF_SQLITE_STEPS,
  ...STAFF_STEPS,
  ...CONTENT_STEPS,
  ...STATISTICS_STEPS,
]);
/** Every step on PostgreSQL, released and shared. */
export const PG_MIGRATIONS: readonly Migration[] = byVersion([
  ...ENQUIRY_PG_STEPS,
  ...STAFF_PG_STEPS,
  ...STAFF_STEPS,
  ...CONTENT_STEPS,
  ...STATISTICS_STEPS,
]);
