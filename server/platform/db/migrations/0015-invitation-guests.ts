import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * An invitation's guests (DESIGN §1.20). Each guest row holds the guest's own link (a random token), how they
 * were greeted, and their answer as it stands; every change of an answer is also a row of its history (who,
 * when, from what to what). One row per invitation counts the changes of its list: the live list's version,
 * and the row every change of the list locks first, so answers to one invitation are decided one at a time
 * (capacity, waitlist order) on every instance.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('invitation_guests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) => c.notNull().references('cards.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('max_plus_ones', 'integer')
    .addColumn('added_by', 'text', (c) => c.notNull())
    // The device (viewer cookie) that answered through the open group link: it changes that guest's answer.
    .addColumn('device_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('opened_at', t.timestamp)
    .addColumn('greeting_clip_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('headcount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plus_one_names', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('answers', t.json, (c) => c.notNull().defaultTo('{}'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answered_at', t.timestamp)
    .addColumn('answered_by', 'text')
    // A yes past the capacity waits in the order it came: the moment it joined the waitlist.
    .addColumn('waitlisted_at', t.timestamp)
    // The guest stopped this invitation's mails (its one-click unsubscribe).
    .addColumn('mail_opted_out_at', t.timestamp)
    // Why the guest's address refused a mail for good (the SMTP server's answer), shown to the host.
    .addColumn('mail_bounce', 'text')
    .execute();
  await db.schema
    .createIndex('invitation_guests_card_idx')
    .on('invitation_guests')
    .columns(['card_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('invitation_guests_device_idx')
    .on('invitation_guests')
    .columns(['card_id', 'device_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('invitation_guests_clip_idx')
    .on('invitation_guests')
    .column('greeting_clip_id')
    .execute();

  await db.schema
    .createTable('invitation_answer_changes')
    .addColumn('guest_id', 'text', (c) => c.notNull().references('invitation_guests.id').onDelete('cascade'))
    // The change's place in the guest's history: 1, 2, 3…
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('from_headcount', 'integer', (c) => c.notNull())
    .addColumn('to_headcount', 'integer', (c) => c.notNull())
    // The whole answer after the change (plus-ones' names, answers to questions, note).
    .addColumn('answer', t.json, (c) => c.notNull())
    .addPrimaryKeyConstraint('invitation_answer_changes_pk', ['guest_id', 'number'])
    .execute();

  await db.schema
    .createTable('guest_list_versions')
    .addColumn('card_id', 'text', (c) => c.primaryKey().references('cards.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}
