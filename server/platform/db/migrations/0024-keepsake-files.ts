import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The keepsake PDFs kept in storage (DESIGN §1.21): one file per card version and paper size, listed here so
 * that an edit replaces the card's older files and a deleted card (or account) takes its files with it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('keepsake_files')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('paper', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('keepsake_files_card_idx').on('keepsake_files').column('card_id').execute();
}
