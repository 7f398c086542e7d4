/** Every term must match, as text, never syntax: no operators. */
import { sql, type RawBuilder } from 'kysely';
import type { EnquiryStatus } from '../inbox/types.ts';

/** Further terms are ignored. */
export const MAX_TERMS = 16;
/** Code points; longer is cut. */
export const MAX_TERM_LENGTH = 64;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// PostgreSQL text cannot hold NUL.
// eslint-disable-next-line no-control-regex -- control characters are what this rule finds
const SEPARATORS = /[\s\u0000-\u001f\u007f-\u009f]+/u;

/** The white-space separated terms of `q` with a letter or digit. */
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

/** Each term an FTS5 string, read as no operator: https://www.sqlite.org/fts5.html#fts5_strings */
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
  terms?: readonly string[] | undefined;
  hideHeld?: boolean;
}

type Fragment = RawBuilder<unknown>;

/** SQL fragments over `submissions s`, not the builder: the list takes a fraction of a ms. */
export interface SearchEngine {
  clauses(filter: InboxFilter): {
    from: Fragment;
    counted: Fragment;
    where: Fragment;
    order: Fragment;
  };
  rowKey(receivedAt: number): { columns: Fragment; values: Fragment };
}

function byStatus({ status, hideHeld }: InboxFilter): Fragment[] {
  if (status) return [sql`s.status = ${status}`];
  return hideHeld ? [sql`s.status <> 'held'`] : [];
}

const where = (conditions: Fragment[]) =>
  conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

/** `seq` is receipt order: a search walks the index newest first (CROSS JOIN) to the page's end. */
export const FTS5: SearchEngine = {
  clauses(filter) {
    const { status, terms = [], hideHeld } = filter;
    if (terms.length === 0) {
      const all = sql`submissions s`;
      return { from: all, counted: all, where: where(byStatus(filter)), order: sql`s.seq DESC` };
    }
    const match = fts5Query(
      terms,
      status ? { is: status } : hideHeld ? { not: 'held' } : undefined,
    );
    return {
      from: sql`submissions_fts f CROSS JOIN submissions s ON s.seq = f.rowid`,
      counted: sql`submissions_fts f`,
      where: sql`WHERE submissions_fts MATCH ${match}`,
      order: sql`f.rowid DESC`,
    };
  },
  rowKey: (ms) => ({
    columns: sql`, seq`,
    values: sql`, (SELECT COALESCE(MAX(seq) + 1, ${ms} * 1000) FROM submissions
      WHERE seq >= ${ms} * 1000 AND seq < ${ms} * 1000 + 1000)`,
  }),
};

/** The generated `tsvector` column, queried as it was written (`<>&/` as spaces, migration 2). */
export const TSVECTOR: SearchEngine = {
  clauses(filter) {
    const conditions = byStatus(filter);
    if (filter.terms?.length) {
      const text = filter.terms.join(' ');
      conditions.push(
        sql`s.search @@ plainto_tsquery('simple', translate(${text}, '<>&/', '    '))`,
      );
    }
    const all = sql`submissions s`;
    return {
      from: all,
      counted: all,
      where: where(conditions),
      order: sql`s.received_at DESC, s.id DESC`,
    };
  },
  rowKey: () => ({ columns: sql``, values: sql`` }),
};
