import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * A card's scheduled reveal (DESIGN §1.22): the instant (UTC) before which its link shows only the sealed
 * cover, and the IANA zone the sender chose it in, which the sealed page and the link preview speak in. Both
 * null: the card opens as soon as it is paid.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('cards').addColumn('reveal_at', t.timestamp).execute();
  await db.schema.alterTable('cards').addColumn('reveal_time_zone', 'text').execute();
}
