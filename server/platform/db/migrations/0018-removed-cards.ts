import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The ids of cards their owners deleted, and when: what is left of a card once it is gone, so that its link
 * says the card is no longer there (410) instead of answering like a link that never led anywhere (404).
 * Nothing else of the card is kept.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('removed_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('removed_at', t.timestamp, (c) => c.notNull())
    .execute();
}
