/** Compiling costs more than running (docs/decisions/043-compiled-queries-on-the-hot-path.md). */
import { CompiledQuery, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database, Executor } from './tables.ts';

type Values = Record<string, unknown>;

/** Compiled for `db` at first run; runs on `executor`, `db` or one of its transactions. */
export type Compiled<V extends Values, R> = (
  db: Kysely<Database>,
  executor: Executor,
  values: V,
) => Promise<QueryResult<R>>;

/** `build` may only interpolate its values (each stands in as its key); else a run rejects. */
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
