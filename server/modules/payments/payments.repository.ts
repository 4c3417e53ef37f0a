import type { Transaction } from 'kysely';
import type { BillingCycle, PaidPlanId } from '../../../shared/payments/plans.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { CreditKeyAlreadyUsed, type CreditsRepository } from '../credits/credits.repository.ts';

export type PaymentProvider = 'stripe' | 'test-mode';
export type OrderStatus = 'open' | 'completed';

export interface PaymentOrder {
  id: string;
  userId: string;
  planId: PaidPlanId;
  billingCycle: BillingCycle;
  provider: PaymentProvider;
  providerSessionId: string | null;
  subscriptionId: string | null;
  status: OrderStatus;
  createdAt: Date;
  completedAt: Date | null;
}

/** The provider event being handled, recorded in the same transaction as its effect. */
export interface ProcessedEvent {
  id: string;
  provider: PaymentProvider;
  type: string;
}

export interface PurchaseGrant {
  order: PaymentOrder;
  /** The credit ledger's idempotency key: one grant per key, ever. */
  idempotencyKey: string;
  credits: number;
  tier: string;
  reason: string;
  at: Date;
  event?: ProcessedEvent;
  /** What the payment revealed about the order (Stripe's session and subscription ids). */
  providerSessionId?: string | null;
  subscriptionId?: string | null;
}

export type GrantOutcome =
  | { status: 'granted'; balanceAfter: number }
  /** The ledger already holds the key: another delivery or call granted it. */
  | { status: 'already-granted' }
  /** This event id was handled before; nothing was done. */
  | { status: 'duplicate-event' }
  /** The user was deleted meanwhile; nothing to grant to. */
  | { status: 'user-gone' };

/** Thrown inside a transaction to roll it back when the event was already recorded. */
class DuplicateEvent extends Error {}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

const ORDER_COLUMNS = [
  'id',
  'userId',
  'planId',
  'billingCycle',
  'provider',
  'providerSessionId',
  'subscriptionId',
  'status',
  'createdAt',
  'completedAt',
] as const;

/** Orders and processed events; purchases change balances only through the credits repository's ledger. */
export function createPaymentsRepository(deps: { database: Database; credits: CreditsRepository }) {
  const { db, codec } = deps.database;
  const { credits } = deps;

  type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;
  const selectOrders = (executor: Transaction<DB> | typeof db = db) =>
    executor.selectFrom('paymentOrders').select(ORDER_COLUMNS);

  const toOrder = (row: OrderRow): PaymentOrder => ({
    ...row,
    planId: row.planId as PaidPlanId,
    billingCycle: row.billingCycle as BillingCycle,
    provider: row.provider as PaymentProvider,
    status: row.status as OrderStatus,
    createdAt: codec.readDate(row.createdAt),
    completedAt: row.completedAt === null ? null : codec.readDate(row.completedAt),
  });

  /** Claims the event id inside the transaction; a concurrent claim of the same id waits for this commit. */
  async function claimEvent(trx: Transaction<DB>, event: ProcessedEvent, at: Date): Promise<boolean> {
    const claimed = await trx
      .insertInto('paymentEvents')
      .values({ id: event.id, provider: event.provider, type: event.type, processedAt: codec.date(at) })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Records what the provider told about the order; fields already known are kept. */
  async function noteOrder(
    trx: Transaction<DB>,
    orderId: string,
    fields: { providerSessionId?: string | null; subscriptionId?: string | null; completedAt?: Date },
  ): Promise<void> {
    if (fields.providerSessionId) {
      await trx
        .updateTable('paymentOrders')
        .set({ providerSessionId: fields.providerSessionId })
        .where('id', '=', orderId)
        .where('providerSessionId', 'is', null)
        .execute();
    }
    if (fields.subscriptionId) {
      await trx
        .updateTable('paymentOrders')
        .set({ subscriptionId: fields.subscriptionId })
        .where('id', '=', orderId)
        .where('subscriptionId', 'is', null)
        .execute();
    }
    if (fields.completedAt) {
      await trx
        .updateTable('paymentOrders')
        .set({ status: 'completed', completedAt: codec.date(fields.completedAt) })
        .where('id', '=', orderId)
        .where('status', '=', 'open')
        .execute();
    }
  }

  /** Runs `work` in a transaction that first claims the event (when given); a claimed id changes nothing. */
  async function withEventClaim<T>(
    event: ProcessedEvent | undefined,
    at: Date,
    work: (trx: Transaction<DB>) => Promise<T>,
  ): Promise<T | 'duplicate-event'> {
    try {
      return await db.transaction().execute(async (trx) => {
        if (event && !(await claimEvent(trx, event, at))) throw new DuplicateEvent();
        return work(trx);
      });
    } catch (error) {
      if (error instanceof DuplicateEvent) return 'duplicate-event';
      throw error;
    }
  }

  /**
   * Records an event that grants nothing by itself (a subscription's checkout completed: its invoices grant)
   * together with what it says about the order. Answers false when the event was handled before.
   */
  async function noteOrderFromEvent(input: {
    orderId: string;
    at: Date;
    event?: ProcessedEvent;
    providerSessionId?: string | null;
    subscriptionId?: string | null;
  }): Promise<boolean> {
    const outcome = await withEventClaim(input.event, input.at, async (trx) => {
      await noteOrder(trx, input.orderId, {
        providerSessionId: input.providerSessionId ?? null,
        subscriptionId: input.subscriptionId ?? null,
      });
      return true;
    });
    return outcome === true;
  }

  return {
    async insertOrder(order: PaymentOrder): Promise<void> {
      await db
        .insertInto('paymentOrders')
        .values({
          ...order,
          createdAt: codec.date(order.createdAt),
          completedAt: order.completedAt === null ? null : codec.date(order.completedAt),
        })
        .execute();
    },

    async findOrder(id: string): Promise<PaymentOrder | null> {
      const row = await selectOrders().where('id', '=', id).executeTakeFirst();
      return row ? toOrder(row) : null;
    },

    async findOrderBySession(sessionId: string): Promise<PaymentOrder | null> {
      const row = await selectOrders().where('providerSessionId', '=', sessionId).executeTakeFirst();
      return row ? toOrder(row) : null;
    },

    async findOrderBySubscription(subscriptionId: string): Promise<PaymentOrder | null> {
      const row = await selectOrders()
        .where('subscriptionId', '=', subscriptionId)
        .orderBy('createdAt', 'asc')
        .executeTakeFirst();
      return row ? toOrder(row) : null;
    },

    async setProviderSession(orderId: string, sessionId: string): Promise<void> {
      await db
        .updateTable('paymentOrders')
        .set({ providerSessionId: sessionId })
        .where('id', '=', orderId)
        .execute();
    },

    /**
     * A purchase's effect, in one transaction: the event claimed (a redelivery changes nothing), credits and
     * tier with their ledger row (a used key rolls everything back: granted before), the order completed and
     * what the payment revealed about it noted. When the key was used already, the event is still recorded,
     * in a transaction of its own, so its redeliveries stop here too.
     */
    async grantPurchase(grant: PurchaseGrant): Promise<GrantOutcome> {
      const { order, event, at } = grant;
      try {
        const outcome = await withEventClaim(event, at, async (trx): Promise<GrantOutcome> => {
          const applied = await credits.applyWithin(trx, {
            userId: order.userId,
            delta: grant.credits,
            reason: grant.reason,
            reference: order.id,
            idempotencyKey: grant.idempotencyKey,
            at,
            tier: grant.tier,
          });
          if (!applied) return { status: 'user-gone' };
          await noteOrder(trx, order.id, {
            providerSessionId: grant.providerSessionId ?? null,
            subscriptionId: grant.subscriptionId ?? null,
            completedAt: at,
          });
          return { status: 'granted', balanceAfter: applied.balanceAfter };
        });
        return outcome === 'duplicate-event' ? { status: 'duplicate-event' } : outcome;
      } catch (error) {
        if (!(error instanceof CreditKeyAlreadyUsed)) throw error;
        await noteOrderFromEvent({
          orderId: order.id,
          at,
          ...(event ? { event } : {}),
          providerSessionId: grant.providerSessionId ?? null,
          subscriptionId: grant.subscriptionId ?? null,
        });
        return { status: 'already-granted' };
      }
    },

    noteOrderFromEvent,

    /** Records an event that changed nothing (unknown order, unpaid session), so redeliveries stop early. */
    async recordEvent(event: ProcessedEvent, at: Date): Promise<boolean> {
      const outcome = await withEventClaim(event, at, async () => true);
      return outcome === true;
    },

    /**
     * A monthly plan's subscription ended: the user's tier goes back to 'free', but only while it still is
     * that plan (a pack or another plan bought since stays). Credits already granted stay (DESIGN §1.8: only
     * a refund takes credits back). Answers false when the event was handled before.
     */
    async endSubscription(input: {
      event: ProcessedEvent;
      userId: string;
      tier: string;
      at: Date;
    }): Promise<boolean> {
      const outcome = await withEventClaim(input.event, input.at, async (trx) => {
        await trx
          .updateTable('users')
          .set({ tier: 'free' })
          .where('id', '=', input.userId)
          .where('tier', '=', input.tier)
          .execute();
        return true;
      });
      return outcome === true;
    },

    /** The user's Stripe subscriptions (the monthly orders that started one), oldest first. */
    async subscriptionsOf(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('paymentOrders')
        .select('subscriptionId')
        .where('userId', '=', userId)
        .where('provider', '=', 'stripe')
        .where('billingCycle', '=', 'monthly')
        .where('subscriptionId', 'is not', null)
        .orderBy('createdAt', 'asc')
        .execute();
      return [...new Set(rows.map((row) => row.subscriptionId!))];
    },

    async isEventProcessed(eventId: string): Promise<boolean> {
      const row = await db
        .selectFrom('paymentEvents')
        .select('id')
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's balance and tier now. */
    async balanceOf(userId: string): Promise<{ credits: number; tier: string } | null> {
      const row = await db
        .selectFrom('users')
        .select(['credits', 'tier'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? { credits: Number(row.credits), tier: row.tier } : null;
    },
  };
}
