import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Invitations (DESIGN §1.20): the event that makes a card an invitation, kept whole on the card (null for a
 * greeting card: nothing queries its fields, the jobs that act on its times carry their own), and how many
 * guests it may have: the owner's plan's when it was paid, like the view limit.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('cards').addColumn('invitation', t.json).execute();
  await db.schema.alterTable('cards').addColumn('guest_limit', 'integer').execute();
}
