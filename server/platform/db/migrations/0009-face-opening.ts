import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Face opening (DESIGN §1.6): whether the recipient page offers to open the card with the recipient's face
 * when it has a recipient photo. On unless the sender switched it off, for cards made before too.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const yes = dialect === 'postgres' ? sql`true` : 1;
  await db.schema
    .alterTable('cards')
    .addColumn('face_opening', t.boolean, (c) => c.notNull().defaultTo(yes))
    .execute();
}
