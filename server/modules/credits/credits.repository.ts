import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface LedgerEntryInput {
  userId: string;
  delta: number;
  reason: string;
  reference: string | null;
  /** Unique forever: the same key never changes a balance twice. */
  idempotencyKey: string;
  at: Date;
  /** A new tier for the user, set together with the balance (a purchase: `plus_monthly`, …). */
  tier?: string;
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

/**
 * Thrown inside the transaction when the ledger already holds the key: the caller's transaction must roll
 * back, taking the balance change (and anything else it did) with it.
 */
export class CreditKeyAlreadyUsed extends Error {
  override name = 'CreditKeyAlreadyUsed';
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

/** Balances and the append-only ledger; a balance changes only together with its ledger row. */
export function createCreditsRepository(database: Database) {
  const { db, codec } = database;

  /**
   * applyOnce's statements inside a transaction the caller owns, so a purchase can record its order and
   * event in the same commit. The user's row is updated first (its lock orders concurrent writers), then the
   * ledger row; a used key throws CreditKeyAlreadyUsed, which must roll the caller's transaction back.
   * Answers null, changing nothing, when the user is gone.
   */
  async function applyWithin(
    trx: Transaction<DB>,
    entry: LedgerEntryInput,
  ): Promise<{ balanceAfter: number } | null> {
    const updated = await trx
      .updateTable('users')
      .set({
        credits: sql<number>`credits + ${entry.delta}`,
        ...(entry.tier === undefined ? {} : { tier: entry.tier }),
      })
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
    if (!inserted) throw new CreditKeyAlreadyUsed();
    return { balanceAfter };
  }

  return {
    /**
     * Changes the balance (and the tier, when given) and appends the ledger row in one transaction. The
     * unique idempotency key decides races: a second writer's update waits for the first's row lock, then its
     * ledger insert finds the key and everything it did rolls back. Answers null when the key was used
     * already or the user is gone.
     */
    async applyOnce(entry: LedgerEntryInput): Promise<{ balanceAfter: number } | null> {
      try {
        return await db.transaction().execute((trx) => applyWithin(trx, entry));
      } catch (error) {
        if (error instanceof CreditKeyAlreadyUsed) return null;
        throw error;
      }
    },

    applyWithin,

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

    /** The user's latest ledger rows, newest first (Account info's credit history). */
    async recentLedger(userId: string, limit: number): Promise<LedgerEntry[]> {
      const rows = await db
        .selectFrom('creditLedger')
        .select(['id', 'userId', 'delta', 'balanceAfter', 'reason', 'reference', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
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
