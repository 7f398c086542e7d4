/**
 * Statements compiled once per database and run as Kysely `CompiledQuery`s with new values, for
 * the contact form's hot path: building and compiling a `sql` template costs more CPU than SQLite
 * takes to run it (docs/decisions/043-compiled-queries-on-the-hot-path.md). Kysely's documented
 * split of compiling from executing
 * (https://kysely.dev/docs/recipes/splitting-query-building-and-execution): `compile(db)` once,
 * then `executeQuery(CompiledQuery.raw(sql, parameters))`, which still runs the plugins on the
 * result (`CamelCasePlugin`'s row names).
 */
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database, Executor } from './tables.ts';

/** A statement's named values; every key is required, each only interpolated. */
type Values = Record<string, unknown>;

/**
 * A statement run with new values, compiled for `db`'s dialect and plugins at its first run there
 * and kept while `db` lives.
 * @param db the database it is compiled for (its dialect's placeholders, its plugins)
 * @param executor where it runs: `db` or one of its transactions
 * @param values every key of `V`
 */
export type Compiled<V extends Values, R> = (
  db: Kysely<Database>,
  executor: Executor,
  values: V,
) => Promise<QueryResult<R>>;

/**
 * `build` as a statement compiled once. `build` must only interpolate its values (`${v.key}`,
 * any number of times each), never compute with them: it is called once, with each value
 * standing in as its own key, and the compiled parameters are those keys in placeholder order.
 * @returns a run rejects, at the first run on a database, when a compiled parameter is not a key
 *   of `values` (a value computed with, not interpolated); otherwise as `executeQuery`
 */
export function compiledOnce<V extends Values, R = unknown>(
  build: (values: V) => RawBuilder<R>,
): Compiled<V, R> {
  const compiled = new WeakMap<Kysely<Database>, { sql: string; keys: (keyof V)[] }>();
  return async (db, executor, values) => {
    let statement = compiled.get(db);
    if (!statement) {
      const keys = Object.keys(values);
      const slots = Object.fromEntries(keys.map((k) => [k, k])) as V;
      const { sql, parameters } = build(slots).compile(db);
      for (const p of parameters) {
        if (typeof p !== 'string' || !keys.includes(p)) {
          throw new Error(`compiledOnce: parameter ${String(p)} is not one of the values' keys`);
        }
      }
      statement = { sql, keys: parameters as (keyof V)[] };
      compiled.set(db, statement);
    }
    const parameters = statement.keys.map((k) => values[k]);
    return executor.executeQuery<R>(CompiledQuery.raw(statement.sql, parameters));
  };
}
