import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/** The template catalog: categories, styles, events and templates. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('rank', 'double precision')
    .addColumn('is_active', t.boolean, (c) => c.notNull())
    .addColumn('tags', t.json, (c) => c.notNull())
    .addColumn('translations', t.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('styles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('translations', t.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('is_active', t.boolean, (c) => c.notNull())
    .addColumn('translations', t.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags', t.json, (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('style_id', 'text', (c) => c.references('styles.id').onDelete('set null'))
    .addColumn('preview_image', 'text')
    .addColumn('animated_image', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('templates_category_idx').on('templates').column('category_id').execute();
  await db.schema.createIndex('templates_style_idx').on('templates').column('style_id').execute();
  await db.schema.createIndex('templates_created_at_idx').on('templates').column('created_at').execute();
}
