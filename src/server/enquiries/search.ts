/**
 * Inbox search (docs/decisions/032-search-in-the-stores-own-index.md): input as plain terms, each
 * reaching the engine's parser as text, never syntax (an FTS5 string; `plainto_tsquery`), so
 * nothing staff type can inject an operator; every term must match. And the one place where the
 * engines' indexes and receipt orders differ: {@link FTS5} and {@link TSVECTOR}.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EnquiryStatus } from '../inbox/types.ts';

/** The rest are ignored. */
export const MAX_TERMS = 16;
/** Code points; a longer term is cut. */
export const MAX_TERM_LENGTH = 64;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Control characters (NUL among them, which PostgreSQL text cannot hold) separate terms.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SEPARATORS = /[\s\u0000-\u001f\u007f-\u009f]+/u;

/**
 * @param q what the person typed (any string; undefined: none)
 * @returns the white-space separated terms with a letter or digit; [] for none
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const terms: string[] = [];
  for (const chunk of q.normalize('NFC').split(SEPARATORS)) {
    if (!LETTER_OR_DIGIT.test(chunk)) continue;
    terms.push(Array.from(chunk).slice(0, MAX_TERM_LENGTH).join(''));
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/**
 * An FTS5 MATCH expression over the four text columns, each term a string so FTS5 reads no
 * operator in it (https://www.sqlite.org/fts5.html#fts5_strings); the status is matched apart.
 */
function fts5Query(terms: readonly string[], status?: { is: string } | { not: string }): string {
  const words = `{name email subject message} : (${terms
    .map((t) => `"${t.replaceAll('"', '""')}"`)
    .join(' ')})`;
  if (!status) return words;
  return 'is' in status
    ? `${words} AND status : "${status.is}"`
    : `${words} NOT status : "${status.not}"`;
}

export interface InboxFilter {
  status?: EnquiryStatus | undefined;
  /** From {@link searchTerms}; empty or absent: no text filter. */
  terms?: readonly string[] | undefined;
  /** Leaves held enquiries out; ignored with `status`. */
  hideHeld?: boolean;
}

/** The tables with `submissions` as `s`, as a query from `submissions as s` sees them. */
export type WithS = Database & { s: Database['submissions'] };
type Submissions = SelectQueryBuilder<WithS, 's', object>;

/** How an engine finds, orders and counts the enquiries a filter matches. */
export interface SearchEngine {
  /** `submissions` as `s` that match, newest first. */
  matching(db: Kysely<Database>, filter: InboxFilter): Submissions;
  /**
   * What to count for the matches: for a search SQLite reads its index alone, so the caller
   * selects a constant from it, never a column of `s`.
   */
  counting(db: Kysely<Database>, filter: InboxFilter): Submissions;
  /** What a new submission's INSERT adds to its columns and values: SQLite's `seq`. */
  rowKey(receivedAt: number): { columns: RawBuilder<unknown>; values: RawBuilder<unknown> };
}

function byStatus(qb: Submissions, { status, hideHeld }: InboxFilter): Submissions {
  if (status) return qb.where('s.status', '=', status);
  return hideHeld ? qb.where('s.status', '<>', 'held') : qb;
}

/** The FTS5 MATCH of a filter with terms; the status is a column of the index. */
function match({ status, terms = [], hideHeld }: InboxFilter) {
  const query = fts5Query(terms, status ? { is: status } : hideHeld ? { not: 'held' } : undefined);
  return sql<boolean>`submissions_fts MATCH ${query}`;
}

/**
 * SQLite: FTS5 over `submissions`, whose row key `seq` is the receipt order, so a search walks the
 * index newest first (descending rowid; CROSS JOIN keeps the index the outer loop) and stops at
 * the page's end, and a count never reads the rows.
 */
export const FTS5: SearchEngine = {
  matching(db, filter) {
    if (!filter.terms?.length) {
      return byStatus(db.selectFrom('submissions as s'), filter).orderBy('s.seq', 'desc');
    }
    return db
      .selectFrom('submissionsFts as f')
      .crossJoin('submissions as s')
      .whereRef('s.seq', '=', 'f.rowid')
      .where(match(filter))
      .orderBy('f.rowid', 'desc');
  },
  counting(db, filter) {
    const from = filter.terms?.length
      ? db.selectFrom('submissionsFts').where(match(filter))
      : byStatus(db.selectFrom('submissions as s'), filter);
    return from as unknown as Submissions;
  },
  /** Receipt ms × 1000 plus the arrival within that ms (migration 2). */
  rowKey: (ms) => ({
    columns: sql`, seq`,
    values: sql`, (SELECT COALESCE(MAX(seq) + 1, ${ms} * 1000) FROM submissions
      WHERE seq >= ${ms} * 1000 AND seq < ${ms} * 1000 + 1000)`,
  }),
};

/**
 * PostgreSQL: the generated `tsvector` column with its GIN index, read the way it was written
 * (`<>&/` as spaces, migration 2), newest first by receipt time and id.
 */
export const TSVECTOR: SearchEngine = {
  matching: (db, filter) =>
    TSVECTOR.counting(db, filter).orderBy('s.receivedAt', 'desc').orderBy('s.id', 'desc'),
  counting(db, filter) {
    let qb = byStatus(db.selectFrom('submissions as s'), filter);
    if (filter.terms?.length) {
      const text = filter.terms.join(' ');
      qb = qb.where(
        sql<boolean>`s.search @@ plainto_tsquery('simple', translate(${text}, '<>&/', '    '))`,
      );
    }
    return qb;
  },
  rowKey: () => ({ columns: sql``, values: sql`` }),
};
