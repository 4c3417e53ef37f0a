import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Replies to cards (DESIGN §1.21): a reaction, a text, or a voice or video note (its file in storage, its
 * resumable upload tracked until it lands), each from a device (the viewer cookie) or an invitation's guest;
 * and each user's choice about reply mails, with the token of its one-click unsubscribe.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('card_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    // reaction | text | voice | video
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reaction', 'text')
    .addColumn('text', 'text')
    .addColumn('name', 'text')
    .addColumn('media_path', 'text')
    .addColumn('media_type', 'text')
    .addColumn('device_id', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('seen_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('card_replies_card_idx')
    .on('card_replies')
    .columns(['card_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reply_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    // The device that started it: only that device may go on with it.
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('guest_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('reply_id', 'text')
    .execute();
  await db.schema.createIndex('reply_uploads_created_idx').on('reply_uploads').column('created_at').execute();

  await db.schema
    .createTable('reply_mail_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', t.boolean, (c) => c.notNull())
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .execute();
}
