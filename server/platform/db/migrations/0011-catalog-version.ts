import { sql, type Kysely } from 'kysely';

/**
 * The catalog's version: one row whose number goes up with every write to the catalog tables, in the
 * write's transaction. Instances keep the catalog answers ready in memory and compare this number to
 * learn that another instance changed the catalog.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addCheckConstraint('catalog_version_single_row', sql`id = 1`)
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);
}
