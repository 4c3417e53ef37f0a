import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Views and what the sender learns of them (DESIGN §1.7): each recipient device that opened a card, once,
 * with when it heard the greeting, watched the video and played the voice message; on the card, the view
 * limit of the owner's plan when it was paid (null: none), and the sender's wish for one email on the first
 * opening, with when it went out.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const no = dialect === 'postgres' ? sql`false` : 0;
  await db.schema.alterTable('cards').addColumn('view_limit', 'integer').execute();
  await db.schema
    .alterTable('cards')
    .addColumn('notify_on_open', t.boolean, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema.alterTable('cards').addColumn('open_notified_at', t.timestamp).execute();

  await db.schema
    .createTable('card_views')
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    // The viewer cookie's random id: one row per device, however often it opens the card.
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('opened_at', t.timestamp, (c) => c.notNull())
    .addColumn('greeting_heard_at', t.timestamp)
    .addColumn('video_watched_at', t.timestamp)
    .addColumn('voice_message_played_at', t.timestamp)
    // The latest of the above: what the live updates of My WINCS watch.
    .addColumn('last_activity_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('card_views_pk', ['card_id', 'device_id'])
    .execute();
}
