import type { Kysely } from 'kysely';

/**
 * The language of a guest's mails (DESIGN §1.20: "in each guest's language"), which the guest chooses on their
 * page; null while they have not, and their mails follow the invitation's language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitation_guests').addColumn('language', 'text').execute();
}
