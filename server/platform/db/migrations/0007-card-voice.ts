import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The card speaks (DESIGN §1.12, §1.13, §1.17): a card's own language and whether the AI voice reads its
 * message, the voice clips it points at, and the clips themselves — synthesized speech, named by what they
 * say (text, voice, language, engine) so the same words are never synthesized twice.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const no = dialect === 'postgres' ? sql`false` : 0;
  // Cards made before this spoke English: the only language the editor offered for the message's voice.
  await db.schema
    .alterTable('cards')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('cards')
    .addColumn('read_message_aloud', t.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema.alterTable('cards').addColumn('greeting_clip_id', 'text').execute();
  await db.schema.alterTable('cards').addColumn('message_clip_id', 'text').execute();

  await db.schema
    .createTable('voice_clips')
    // base64url SHA-256 of engine, voice, language and text.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // Null until synthesized; then the stored MP3 and its size.
    .addColumn('storage_key', 'text')
    .addColumn('size', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('synthesized_at', t.timestamp)
    .execute();
}
