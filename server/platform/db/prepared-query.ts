import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** A query built and compiled once, run with new values each time. */
export interface PreparedQuery<V, R> {
  /** The query's rows for these values, run by `executor`: the database, or a transaction. */
  execute(executor: Kysely<DB>, values: V): Promise<R[]>;
}

/** Stands in for a value while the query is compiled; each run puts the caller's value in its place. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * A query for the hot paths, built and compiled by Kysely once instead of on every run. `build` is called
 * once, with stand-ins for `values`: each must reach the query as a value as it is (a parameter), never
 * computed on or encoded, or the first run throws; values are encoded by the caller. `onCompiled` is told the
 * SQL text once it is known.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, values: V) => Compilable<R>,
  onCompiled: (sql: string) => void = () => {},
): PreparedQuery<V, R> {
  let template: { compiled: CompiledQuery<R>; keys: Array<string | null> } | undefined;

  function compile(db: Kysely<DB>) {
    const slots = new Set<string>();
    const values = new Proxy({} as V, {
      get(_, key) {
        if (typeof key !== 'string') return undefined;
        slots.add(key);
        return new Slot(key);
      },
      ownKeys() {
        throw new Error('prepared query: take the values one by one, not the object as a whole');
      },
    });
    const compiled = build(db, values).compile();
    const keys = compiled.parameters.map((parameter) => (parameter instanceof Slot ? parameter.key : null));
    for (const key of slots) {
      if (!keys.includes(key))
        throw new Error(`prepared query: "${key}" does not reach the query as a value`);
    }
    onCompiled(compiled.sql);
    return { compiled, keys };
  }

  return {
    async execute(executor, values) {
      template ??= compile(executor);
      const { compiled, keys } = template;
      const parameters = keys.map((key, index) => (key === null ? compiled.parameters[index] : values[key]));
      const result = await executor.executeQuery<R>({ ...compiled, parameters });
      return result.rows;
    },
  };
}
