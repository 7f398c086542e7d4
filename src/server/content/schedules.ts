/** Due schedules published once, by whoever's claim holds: docs/decisions/055-scheduled-publishing.md */
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/tables.ts';
import { newToken } from '../staff/tokens.ts';
import type { ItemChange } from './items.ts';
import type { ContentStore } from './store.ts';

export interface NewSchedule {
  changes: readonly ItemChange[];
  /** For the staff's list ("Testimonial anjali-mehta"); no content text. */
  label: string;
  /** Epoch ms. */
  publishAt: number;
  author: string;
  note?: string;
}

/** A schedule as the staff's list shows it; times in epoch ms. */
export interface ScheduleSummary {
  id: string;
  label: string;
  author: string;
  publishAt: number;
  /** The release it became; null while pending, cancelled, failed or when nothing differed. */
  release: number | null;
  settledAt: number | null;
  cancelledAt: number | null;
  /** Why the content it would make was not valid. */
  error: string | null;
}

export interface ScheduleStore {
  schedule(schedule: NewSchedule): Promise<string>;
  /** The next due first, then the settled ones newest first. */
  list(): Promise<ScheduleSummary[]>;
  changesOf(id: string): Promise<ItemChange[] | null>;
  /** `now` epoch ms; false when none was pending. */
  cancel(id: string, now: number): Promise<boolean>;
  /** Due at `now` (epoch ms) and claimed; invalid content settles with its error. @returns those settled */
  publishDue(store: ContentStore, now: number): Promise<ScheduleSummary[]>;
}

/** The schedule store on `db` (already migrated). */
export function createScheduleStore(db: Db): ScheduleStore {
  const summaries = async (ids?: readonly string[]): Promise<ScheduleSummary[]> => {
    let query = db.kysely
      .selectFrom('contentSchedules')
      .select([
        'id',
        'label',
        'author',
        'publishAt',
        'release',
        'settledAt',
        'cancelledAt',
        'error',
      ]);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : ['']);
    const rows = await query.orderBy('publishAt', 'asc').execute();
    const list = rows.map((r) => ({
      ...r,
      publishAt: Number(r.publishAt),
      release: r.release === null ? null : Number(r.release),
      settledAt: r.settledAt === null ? null : Number(r.settledAt),
      cancelledAt: r.cancelledAt === null ? null : Number(r.cancelledAt),
    }));
    const open = list.filter((s) => s.settledAt === null && s.cancelledAt === null);
    return [...open, ...list.filter((s) => !open.includes(s)).reverse()];
  };
  /** The claim that makes exactly one caller publish it, or a cancel; true when this call ended it. */
  const end = async (
    ex: Executor,
    id: string,
    set: { settledAt: number; error: string | null } | { cancelledAt: number },
  ) => {
    const result = await ex
      .updateTable('contentSchedules')
      .set(set)
      .where('id', '=', id)
      .where('settledAt', 'is', null)
      .where('cancelledAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  return {
    async schedule(schedule) {
      const id = newToken().slice(0, 16);
      await db.kysely
        .insertInto('contentSchedules')
        .values({
          id,
          changes: JSON.stringify(schedule.changes),
          label: schedule.label,
          author: schedule.author,
          note: schedule.note ?? '',
          publishAt: schedule.publishAt,
          createdAt: db.instant(Date.now()),
          release: null,
          settledAt: null,
          cancelledAt: null,
          error: null,
        })
        .execute();
      return id;
    },
    list: () => summaries(),
    async changesOf(id) {
      const row = await db.kysely
        .selectFrom('contentSchedules')
        .select('changes')
        .where('id', '=', id)
        .where('settledAt', 'is', null)
        .where('cancelledAt', 'is', null)
        .executeTakeFirst();
      return row ? (JSON.parse(row.changes) as ItemChange[]) : null;
    },
    cancel: (id, now) => end(db.kysely, id, { cancelledAt: now }),
    async publishDue(store, now) {
      const due = await db.kysely
        .selectFrom('contentSchedules')
        .select(['id', 'changes', 'author', 'note'])
        .where('publishAt', '<=', now)
        .where('settledAt', 'is', null)
        .where('cancelledAt', 'is', null)
        .orderBy('publishAt', 'asc')
        .execute();
      const settled: string[] = [];
      for (const row of due) {
        const changes = JSON.parse(row.changes) as ItemChange[];
        try {
          const { claimed, release } = await store.publishChanges(
            changes,
            { author: row.author, note: row.note },
            (trx) => end(trx, row.id, { settledAt: now, error: null }),
          );
          if (!claimed) continue;
          if (release) {
            await db.kysely
              .updateTable('contentSchedules')
              .set({ release: release.number })
              .where('id', '=', row.id)
              .execute();
          }
        } catch (error) {
          const reason = String((error as Error).message);
          if (!(await end(db.kysely, row.id, { settledAt: now, error: reason }))) continue;
        }
        settled.push(row.id);
      }
      return summaries(settled);
    },
  };
}

/** Now and every `everyMs` (ms); logs each published or refused. @returns stops looking */
export function runSchedules(opts: {
  schedules: ScheduleStore;
  store: ContentStore;
  logger: Logger;
  now: () => number;
  everyMs: number;
}): () => void {
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const s of await opts.schedules.publishDue(opts.store, opts.now())) {
        if (s.error)
          opts.logger.error({ schedule: s.id, error: s.error }, 'scheduled publish refused');
        else opts.logger.info({ schedule: s.id, release: s.release }, 'scheduled publish done');
      }
    } catch (error) {
      opts.logger.error({ err: error }, 'scheduled publishing failed; trying again');
    } finally {
      busy = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), opts.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
