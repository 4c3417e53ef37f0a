import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The mail outbox (mails kept in the database when no SMTP server is configured, shown by the local mailbox)
 * and help requests (DESIGN §1.15).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_at_idx').on('mail_outbox').column('created_at').execute();

  await db.schema
    .createTable('help_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    // Set by the accounts module when a signed-in user asks; no foreign key so help never blocks a user delete.
    .addColumn('user_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_requests_created_at_idx')
    .on('help_requests')
    .column('created_at')
    .execute();
}
