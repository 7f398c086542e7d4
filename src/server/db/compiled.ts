/**
 * Statements compiled once per database, for the contact form's hot path: compiling costs more CPU
 * than SQLite takes to run them (docs/decisions/043-compiled-queries-on-the-hot-path.md,
 * https://kysely.dev/docs/recipes/splitting-query-building-and-execution). Plugins still run.
 */
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database, Executor } from './tables.ts';

/** A statement's named values; every key is required, each only interpolated. */
type Values = Record<string, unknown>;

/** Compiled for `db` at its first run; runs on `executor`: `db` or one of its transactions. */
export type Compiled<V extends Values, R> = (
  db: Kysely<Database>,
  executor: Executor,
  values: V,
) => Promise<QueryResult<R>>;

/**
 * `build` must only interpolate its values, never compute with them: it is called once with each
 * value standing in as its own key; a run rejects when a compiled parameter is not a key.
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
