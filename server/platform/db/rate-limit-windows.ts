import { sql } from 'kysely';
import type { Database } from './database.ts';

export type RateLimitWindows = ReturnType<typeof createRateLimitWindows>;

/** The rate limiter's table of fixed-window hit counters (`rate_limit_windows`), shared by every instance. */
export function createRateLimitWindows(database: Database) {
  const { db, codec } = database;

  return {
    /** Counts one hit for `key` in the window starting at `windowStart`; answers the window's hits so far. */
    async countHit(key: string, windowStart: number, expiresAt: Date): Promise<number> {
      const row = await db
        .insertInto('rateLimitWindows')
        .values({ key, windowStart, hits: 1, expiresAt: codec.date(expiresAt) })
        .onConflict((oc) =>
          oc.columns(['key', 'windowStart']).doUpdateSet({ hits: sql`rate_limit_windows.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    /** Takes one hit back from a window (nothing happens once that window is gone). */
    async refundHit(key: string, windowStart: number): Promise<void> {
      await db
        .updateTable('rateLimitWindows')
        .set({ hits: sql`rate_limit_windows.hits - 1` })
        .where('key', '=', key)
        .where('windowStart', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    /** Removes the windows that ended before `at`. */
    async removeExpired(at: Date): Promise<void> {
      await db.deleteFrom('rateLimitWindows').where('expiresAt', '<', codec.date(at)).execute();
    },
  };
}
