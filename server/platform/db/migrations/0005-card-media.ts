import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Card media: the storage paths of a card's video and voice message (the recipient image's path
 * column exists since 0004), and the resumable uploads in flight or recently finished, so that every tus
 * request can be authorised by the card it belongs to and a finished upload still answers its HEAD.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('cards').addColumn('video_path', 'text').execute();
  await db.schema.alterTable('cards').addColumn('audio_path', 'text').execute();

  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('completed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('media_uploads_card_id_idx').on('media_uploads').column('card_id').execute();
  await db.schema
    .createIndex('media_uploads_created_at_idx')
    .on('media_uploads')
    .column('created_at')
    .execute();
}
