import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Cards mailed to their recipient (DESIGN §1.22): one delivery per card and address (an invitation's guest
 * is one too), which one mail job sends exactly once. `status`: scheduled → sending (the server answered
 * DATA: the message is on its way) → sent; retrying after a temporary refusal; bounced for good; cancelled.
 * `message_id` is ours, written before the body is sent, so a crash in that window is found on restart.
 * Addresses that unsubscribed (RFC 8058) are kept apart, by their lower-cased form, and never mailed again.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('guest_id', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scheduled_at', t.timestamp, (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('unconfirmed', t.boolean, (c) => c.notNull().defaultTo(dialect === 'postgres' ? false : 0))
    .addColumn('reason', 'text')
    .addColumn('sending_at', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    .addColumn('bounced_at', t.timestamp)
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('deliveries_card_address_key', ['card_id', 'address_key'])
    .execute();
  await db.schema
    .createTable('delivery_suppressions')
    .addColumn('address_key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}
