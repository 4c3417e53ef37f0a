import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Payments: checkout orders and the payment-provider events already processed
 * (docs/decisions/0010-payments.md). Credits and tier change only through the credit ledger, whose unique
 * idempotency key (`purchase:checkout:{sessionId}`, `purchase:invoice:{invoiceId}`, …) is the last word on
 * "exactly once"; these tables say which user and plan a payment is for, and which events were handled.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);

  // One row per checkout opened: the plan bought, by whom, through which provider.
  await db.schema
    .createTable('payment_orders')
    // ≥ 128 random bits, URL-safe: the test-mode checkout page's URL carries it.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('billing_cycle', 'text', (c) => c.notNull())
    // 'stripe' | 'test-mode'
    .addColumn('provider', 'text', (c) => c.notNull())
    // Stripe's Checkout Session id (cs_…); null for test mode.
    .addColumn('provider_session_id', 'text', (c) => c.unique())
    // Stripe's subscription id (sub_…) once known, for monthly orders.
    .addColumn('subscription_id', 'text')
    // 'open' until the first grant, then 'completed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('completed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('payment_orders_user_id_idx').on('payment_orders').column('user_id').execute();
  await db.schema
    .createIndex('payment_orders_subscription_id_idx')
    .on('payment_orders')
    .column('subscription_id')
    .execute();

  // Webhook events handled, so a redelivered event id changes nothing (Stripe delivers at least once).
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', t.timestamp, (c) => c.notNull())
    .execute();
}
