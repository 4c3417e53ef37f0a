import crypto from 'node:crypto';
import { sql, type Compilable, type QueryCreator, type Transaction } from 'kysely';
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

/** A purchase paid with credits, prepared once (CreditsRepository.preparePurchase). */
export interface PurchaseWithCredits<V, R> {
  execute(
    trx: Transaction<DB>,
    values: V,
    spending: SpendInput,
  ): Promise<{ row: R; spent: { balanceAfter: number; tier: string } | null } | null>;
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

  /** Takes `amount` from the user's balance while it covers it, answering the balance after and the tier. */
  const takeCreditsQuery = (db: QueryCreator<DB>, values: { userId: string; amount: number }) =>
    db
      .updateTable('users')
      .set({ credits: sql<number>`credits - ${values.amount}` })
      .where('id', '=', values.userId)
      .where('credits', '>=', values.amount)
      .returning(['credits', 'tier']);

  const takeCredits = database.prepare(takeCreditsQuery);

  /**
   * A purchase paid with credits, prepared once: `purchase` is the caller's own change (an unlock marks its card
   * paid), made only while it applies, answering the row it changed. Run inside a transaction the caller owns,
   * it makes the purchase, then takes the amount from the balance while it covers it (CHECK credits >= 0
   * backs it) and appends the ledger row, only when the purchase changed a row. On PostgreSQL, where every
   * statement is a round trip, all three are one statement (data-modifying CTEs); on SQLite, three.
   *
   * Answers null when the purchase changed nothing (the spending is not made), else the purchase's row with
   * `spent`: the balance after and the tier the user has as they pay, read from the row the spending locked,
   * or null when the balance was too small or the user is gone; the caller rolls the purchase back then. A
   * used key throws CreditKeyAlreadyUsed, which must roll the caller's transaction back. The purchase's values
   * share one statement with the ledger row's, so their names must differ (`id`, `userId`, `reason`, …).
   */
  function preparePurchase<V extends Record<string, unknown>, R>(
    purchase: (db: QueryCreator<DB>, values: V) => Compilable<R>,
  ): PurchaseWithCredits<V, R> {
    if (dialect === 'postgres') {
      const statement = database.prepare(
        (db, values: V & LedgerRow & { amount: number }) =>
          db
            .with('purchase', (qc) => purchase(qc, values) as never)
            .with('spent', (qc) =>
              // The `purchase` CTE is the caller's, named in raw SQL: the builder needs only the tables.
              takeCreditsQuery(qc as unknown as QueryCreator<DB>, values).where(
                sql<boolean>`exists (select 1 from purchase)`,
              ),
            )
            .with('appended', (qc) =>
              qc
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
            .selectFrom('purchase')
            .selectAll('purchase')
            .select((eb) => [
              eb.selectFrom('spent').select('spent.credits').as('spentCredits'),
              eb.selectFrom('spent').select('spent.tier').as('spentTier'),
              eb
                .selectFrom('appended')
                .select((inner) => inner.fn.countAll<number>().as('rows'))
                .as('appended'),
            ]) as unknown as Compilable<
            R & { spentCredits: number | null; spentTier: string | null; appended: number | null }
          >,
      );
      return {
        async execute(trx, values, spending) {
          const { amount, ...entry } = spending;
          const [row] = await statement.execute(trx, {
            ...values,
            ...ledgerRow({ ...entry, delta: -amount }),
            amount,
          });
          if (!row) return null;
          const { spentCredits, spentTier, appended, ...bought } = row;
          if (spentCredits === null || spentTier === null) return { row: bought as R, spent: null };
          if (Number(appended) === 0) throw new CreditKeyAlreadyUsed();
          return { row: bought as R, spent: { balanceAfter: Number(spentCredits), tier: spentTier } };
        },
      };
    }
    const statement = database.prepare((db, values: V) => purchase(db, values));
    return {
      async execute(trx, values, spending) {
        const [row] = await statement.execute(trx, values);
        if (!row) return null;
        const { amount, ...entry } = spending;
        const [spent] = await takeCredits.execute(trx, { userId: entry.userId, amount });
        if (!spent) return { row, spent: null };
        const balanceAfter = Number(spent.credits);
        await appendWithin(trx, { ...entry, delta: -amount }, balanceAfter);
        return { row, spent: { balanceAfter, tier: spent.tier } };
      },
    };
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

    preparePurchase,

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
