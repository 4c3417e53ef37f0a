/**
 * The one place that knows how SQLite and PostgreSQL store the same values differently. Repositories encode
 * every boolean, date and JSON value on the way in and decode it on the way out through these functions.
 *
 * - booleans: PostgreSQL `boolean`; SQLite integers 1/0 (better-sqlite3 cannot bind JS booleans).
 * - dates: PostgreSQL `timestamptz` (Date objects); SQLite ISO-8601 text, which sorts chronologically.
 * - JSON (tag lists, translations): PostgreSQL `jsonb`, SQLite text. Both are written as JSON text, because
 *   node-postgres would turn a JS array into a PostgreSQL array literal rather than JSON.
 */
export type Dialect = 'sqlite' | 'postgres';

export interface ColumnCodec {
  readonly dialect: Dialect;
  bool(value: boolean): boolean | number;
  readBool(value: unknown): boolean;
  date(value: Date): Date | string;
  readDate(value: unknown): Date;
  json(value: unknown): string;
  readJson<T>(value: unknown, fallback: T): T;
}

export function columnCodec(dialect: Dialect): ColumnCodec {
  return {
    dialect,
    bool: (value) => (dialect === 'sqlite' ? (value ? 1 : 0) : value),
    readBool: (value) => value === true || value === 1 || value === '1',
    date: (value) => (dialect === 'sqlite' ? value.toISOString() : value),
    readDate: (value) => (value instanceof Date ? value : new Date(String(value))),
    json: (value) => JSON.stringify(value),
    readJson: <T>(value: unknown, fallback: T): T => {
      if (value === null || value === undefined) return fallback;
      if (typeof value !== 'string') return value as T;
      try {
        return JSON.parse(value) as T;
      } catch {
        return fallback;
      }
    },
  };
}

/** Column types for migrations, per dialect. */
export function columnTypes(dialect: Dialect) {
  return {
    timestamp: dialect === 'postgres' ? 'timestamptz' : 'text',
    json: dialect === 'postgres' ? 'jsonb' : 'text',
    boolean: dialect === 'postgres' ? 'boolean' : 'integer',
  } as const;
}
