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

/** A spending: `amount` credits taken from the user's balance, with its ledger row. */
export type SpendInput = Omit<LedgerEntryInput, 'delta' | 'tier'> & { amount: number };

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
  const { db, codec, dialect } = database;

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
    await appendWithin(trx, entry, balanceAfter);
    return { balanceAfter };
  }

  /** A ledger row's values as its insert takes them (the date encoded), all but the balance after. */
  const ledgerRow = (entry: Omit<LedgerEntryInput, 'tier'>) => ({
    id: crypto.randomBytes(16).toString('base64url'),
    userId: entry.userId,
    delta: entry.delta,
    reason: entry.reason,
    reference: entry.reference,
    idempotencyKey: entry.idempotencyKey,
    createdAt: codec.date(entry.at),
  });
  type LedgerRow = ReturnType<typeof ledgerRow>;

  const appendRow = database.prepare((db, row: LedgerRow & { balanceAfter: number }) =>
    db
      .insertInto('creditLedger')
      .values({
        id: row.id,
        userId: row.userId,
        delta: row.delta,
        balanceAfter: row.balanceAfter,
        reason: row.reason,
        reference: row.reference,
        idempotencyKey: row.idempotencyKey,
        createdAt: row.createdAt,
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning('id'),
  );

  const takeCredits = database.prepare((db, values: { userId: string; amount: number }) =>
    db
      .updateTable('users')
      .set({ credits: sql<number>`credits - ${values.amount}` })
      .where('id', '=', values.userId)
      .where('credits', '>=', values.amount)
      .returning(['credits', 'tier']),
  );

  /**
   * takeCredits and appendRow as one statement (data-modifying CTEs), for PostgreSQL, where every statement is
   * a round trip. The insert appends a row only when the update changed the balance; `appended` tells a used
   * key (balance changed, no row appended) from a balance too small (no row at all).
   */
  const takeCreditsAndAppend = database.prepare((db, values: LedgerRow & { amount: number }) =>
    db
      .with('spent', (db) =>
        db
          .updateTable('users')
          .set({ credits: sql<number>`credits - ${values.amount}` })
          .where('id', '=', values.userId)
          .where('credits', '>=', values.amount)
          .returning(['credits', 'tier']),
      )
      .with('appended', (db) =>
        db
          .insertInto('creditLedger')
          .columns([
            'id',
            'userId',
            'delta',
            'balanceAfter',
            'reason',
            'reference',
            'idempotencyKey',
            'createdAt',
          ])
          .expression((eb) =>
            eb
              .selectFrom('spent')
              .select([
                eb.val(values.id).as('id'),
                eb.val(values.userId).as('userId'),
                eb.val(values.delta).as('delta'),
                'spent.credits',
                eb.val(values.reason).as('reason'),
                eb.val(values.reference).as('reference'),
                eb.val(values.idempotencyKey).as('idempotencyKey'),
                eb.val(values.createdAt).as('createdAt'),
              ]),
          )
          .onConflict((oc) => oc.column('idempotencyKey').doNothing())
          .returning('id'),
      )
      .selectFrom('spent')
      .select((eb) => [
        'spent.credits',
        'spent.tier',
        eb
          .selectFrom('appended')
          .select((inner) => inner.fn.countAll<number>().as('rows'))
          .as('appended'),
      ]),
  );

  /**
   * Spends credits inside a transaction the caller owns (a card's unlock marks the card in the same commit):
   * the balance changes only while it covers the amount (and CHECK credits >= 0 backs it), then the ledger
   * row is appended. Answers null, changing nothing, when the balance is too small or the user is gone; a
   * used key throws CreditKeyAlreadyUsed, which must roll the caller's transaction back. Answers the tier the
   * user has as they pay, read from the row the spending locked.
   */
  async function spendWithin(
    trx: Transaction<DB>,
    spending: SpendInput,
  ): Promise<{ balanceAfter: number; tier: string } | null> {
    const { amount, ...entry } = spending;
    if (dialect === 'postgres') {
      const row = ledgerRow({ ...entry, delta: -amount });
      const [spent] = await takeCreditsAndAppend.execute(trx, { ...row, amount });
      if (!spent) return null;
      if (Number(spent.appended) === 0) throw new CreditKeyAlreadyUsed();
      return { balanceAfter: Number(spent.credits), tier: spent.tier };
    }
    const [spent] = await takeCredits.execute(trx, { userId: entry.userId, amount });
    if (!spent) return null;
    const balanceAfter = Number(spent.credits);
    await appendWithin(trx, { ...entry, delta: -amount }, balanceAfter);
    return { balanceAfter, tier: spent.tier };
  }

  /** The ledger row of a balance change just made in `trx`; a used key throws CreditKeyAlreadyUsed. */
  async function appendWithin(
    trx: Transaction<DB>,
    entry: Omit<LedgerEntryInput, 'tier'>,
    balanceAfter: number,
  ): Promise<void> {
    const [inserted] = await appendRow.execute(trx, { ...ledgerRow(entry), balanceAfter });
    if (!inserted) throw new CreditKeyAlreadyUsed();
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

    spendWithin,

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
