import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * A template's covers drawn for one language each (their lettering written in it), keyed by language:
 * `{"ar": {"previewImage": …, "animatedImage": …}}`. A language without one shows the template's default cover.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const emptyObject = dialect === 'postgres' ? sql`'{}'::jsonb` : sql`'{}'`;
  await db.schema
    .alterTable('templates')
    .addColumn('language_covers', t.json, (c) => c.notNull().defaultTo(emptyObject))
    .execute();
}
