import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * Accounts: better-auth's tables in our naming (users, sessions, accounts, verifications; the
 * column mapping lives in server/platform/auth/auth.ts), the append-only credit ledger (DESIGN §1.8) and the
 * cards table, which the guest-card transfer at sign-up works on.
 *
 * better-auth's own migration check runs at start and finds these tables complete: column types and index
 * names are the ones it would create (its dates are `date` on SQLite, holding ISO-8601 text like ours).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const authDate = dialect === 'postgres' ? 'timestamptz' : 'date';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', t.boolean, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', authDate, (c) => c.notNull())
    .addColumn('updated_at', authDate, (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tier', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('is_disabled', t.boolean, (c) =>
      c.notNull().defaultTo(dialect === 'postgres' ? sql`false` : 0),
    )
    // A balance never goes negative, under any concurrency (DESIGN §1.8).
    .addCheckConstraint('users_credits_non_negative', sql`credits >= 0`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('expires_at', authDate, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', authDate, (c) => c.notNull())
    .addColumn('updated_at', authDate, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', authDate)
    .addColumn('refresh_token_expires_at', authDate)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', authDate, (c) => c.notNull())
    .addColumn('updated_at', authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.notNull().primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', authDate, (c) => c.notNull())
    .addColumn('created_at', authDate, (c) => c.notNull())
    .addColumn('updated_at', authDate, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  // Append-only: every change of a balance, written in the same transaction as the balance.
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    // Makes a grant, spend or purchase happen at most once ("signup-grant:{userId}", a webhook event id, …).
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_created_idx')
    .on('credit_ledger')
    .columns(['user_id', 'created_at'])
    .execute();

  // SPEC §3's card; the guest-card transfer at sign-up works on it.
  await db.schema
    .createTable('cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_guest_card', t.boolean, (c) => c.notNull())
    .addColumn('guest_session_id', 'text')
    .addColumn('transferred_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_modified', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_public', t.boolean, (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`false` : 0))
    .addColumn('is_paid', t.boolean, (c) => c.notNull().defaultTo(dialect === 'postgres' ? sql`false` : 0))
    .addColumn('sender_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('recipient_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('selected_voice', 'text')
    .addColumn('media_urls', t.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('recipient_image_path', 'text')
    .addColumn('recipient_image_url', 'text')
    .addColumn('video_url', 'text')
    .addColumn('audio_url', 'text')
    .addColumn('template_id', 'text')
    .addColumn('template_image_url', 'text')
    .addColumn('text_styles', t.json, (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('cards_user_id_idx').on('cards').column('user_id').execute();
  await db.schema.createIndex('cards_author_id_idx').on('cards').column('author_id').execute();
  await db.schema.createIndex('cards_guest_session_id_idx').on('cards').column('guest_session_id').execute();
}
