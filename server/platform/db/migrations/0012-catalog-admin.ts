import { sql, type Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * The catalog managed in the app (DESIGN §1.16): a template or style can be hidden without being deleted, a
 * template carries Arabic and Russian names and descriptions, an event an optional icon keyword, and every
 * change an admin makes is recorded (who, what, when).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  const yes = dialect === 'postgres' ? sql`true` : 1;
  const emptyObject = dialect === 'postgres' ? sql`'{}'::jsonb` : sql`'{}'`;
  await db.schema
    .alterTable('templates')
    .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(yes))
    .execute();
  await db.schema
    .alterTable('templates')
    .addColumn('translations', t.json, (c) => c.notNull().defaultTo(emptyObject))
    .execute();
  await db.schema
    .alterTable('styles')
    .addColumn('is_active', t.boolean, (c) => c.notNull().defaultTo(yes))
    .execute();
  await db.schema.alterTable('events').addColumn('icon_keyword', 'text').execute();
  await db.schema.createIndex('cards_template_idx').on('cards').column('template_id').execute();

  await db.schema
    .createTable('catalog_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', t.timestamp, (c) => c.notNull())
    // Kept as they were when the change was made: the account may be deleted later.
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('subject_name', 'text')
    .addColumn('details', t.json, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_changes_at_idx').on('catalog_changes').column('at').execute();
}
