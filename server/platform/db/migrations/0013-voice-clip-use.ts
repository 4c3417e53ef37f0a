import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The housekeeping of voice clips (docs/decisions/0013-ai-message-and-voice.md): when a clip was last asked
 * for (a 'Hear it', a card saved with its words), so that one no card names and nobody asked for within the
 * retention period can go; and the indexes that find the cards naming a clip. Clips made before this were
 * last asked for when they were made.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('voice_clips').addColumn('last_used_at', t.timestamp).execute();
  await sql`update voice_clips set last_used_at = created_at`.execute(db);
  await db.schema
    .createIndex('voice_clips_last_used_at_idx')
    .on('voice_clips')
    .column('last_used_at')
    .execute();
  await db.schema.createIndex('cards_greeting_clip_idx').on('cards').column('greeting_clip_id').execute();
  await db.schema.createIndex('cards_message_clip_idx').on('cards').column('message_clip_id').execute();
}
