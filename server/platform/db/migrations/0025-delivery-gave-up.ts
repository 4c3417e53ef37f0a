import type { Kysely } from 'kysely';
import { columnTypes, type Dialect } from '../dialect.ts';

/**
 * A bounced delivery remembers whether it bounced because the jobs gave up after a day of temporary refusals
 * (`reason` is then the server's last temporary answer) rather than on a refusal for good: the log says
 * "gave up after 24 h" in the reader's language, so the reason keeps only the server's words.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('deliveries')
    .addColumn('gave_up', t.boolean, (c) => c.notNull().defaultTo(dialect === 'postgres' ? false : 0))
    .execute();
}
