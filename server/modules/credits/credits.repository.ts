import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';

export interface LedgerEntryInput {
  userId: string;
  delta: number;
  reason: string;
  reference: string | null;
  /** Unique forever: the same key never changes a balance twice. */
  idempotencyKey: string;
  at: Date;
}

export interface LedgerEntry {
  id: string;
  userId: string;
  delta: number;
  balanceAfter: number;
  reason: string;
  reference: string | null;
  createdAt: Date;
}

export interface Balance {
  credits: number;
  tier: string;
}

/** Thrown inside the transaction to roll the balance back when the ledger already holds the key. */
class AlreadyApplied extends Error {}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

/** Balances and the append-only ledger; a balance changes only together with its ledger row. */
export function createCreditsRepository(database: Database) {
  const { db, codec } = database;

  return {
    /**
     * Changes the balance and appends the ledger row in one transaction. The unique idempotency key decides
     * races: a second writer's update waits for the first's row lock, then its ledger insert finds the key
     * and everything it did rolls back. Answers null when the key was used already or the user is gone.
     */
    async applyOnce(entry: LedgerEntryInput): Promise<{ balanceAfter: number } | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('users')
            .set({ credits: sql<number>`credits + ${entry.delta}` })
            .where('id', '=', entry.userId)
            .returning('credits')
            .executeTakeFirst();
          if (!updated) return null;
          const balanceAfter = Number(updated.credits);
          const inserted = await trx
            .insertInto('creditLedger')
            .values({
              id: crypto.randomBytes(16).toString('base64url'),
              userId: entry.userId,
              delta: entry.delta,
              balanceAfter,
              reason: entry.reason,
              reference: entry.reference,
              idempotencyKey: entry.idempotencyKey,
              createdAt: codec.date(entry.at),
            })
            .onConflict((oc) => oc.column('idempotencyKey').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw new AlreadyApplied();
          return { balanceAfter };
        });
      } catch (error) {
        if (error instanceof AlreadyApplied) return null;
        throw error;
      }
    },

    async listLedger(userId: string): Promise<LedgerEntry[]> {
      const rows = await db
        .selectFrom('creditLedger')
        .select(['id', 'userId', 'delta', 'balanceAfter', 'reason', 'reference', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'asc')
        .execute();
      return rows.map((row) => ({
        ...row,
        delta: Number(row.delta),
        balanceAfter: Number(row.balanceAfter),
        createdAt: codec.readDate(row.createdAt),
      }));
    },

    /** Current balances of many users in one query (the live-credits poller). */
    async balancesOf(userIds: readonly string[]): Promise<Map<string, Balance>> {
      const balances = new Map<string, Balance>();
      if (userIds.length === 0) return balances;
      const rows = await db
        .selectFrom('users')
        .select(['id', 'credits', 'tier'])
        .where('id', 'in', [...userIds])
        .execute();
      for (const row of rows) balances.set(row.id, { credits: Number(row.credits), tier: row.tier });
      return balances;
    },
  };
}
