import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * A card's view limit, reached and raised (DESIGN §1.7): when a new device was first turned away at the
 * card's limit (cleared when the limit is raised), and when its sender raised the limit, which they may do
 * once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('cards').addColumn('view_limit_reached_at', t.timestamp).execute();
  await db.schema.alterTable('cards').addColumn('view_limit_raised_at', t.timestamp).execute();
}
