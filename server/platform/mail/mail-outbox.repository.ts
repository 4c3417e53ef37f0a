import type { Database } from '../db/database.ts';

/** A mail kept in the database instead of being sent (no SMTP server configured). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  language: string;
  createdAt: Date;
}

export type OutboxMailSummary = Pick<OutboxMail, 'id' | 'to' | 'subject' | 'kind' | 'language' | 'createdAt'>;

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

export function createMailOutboxRepository(database: Database) {
  const { db, codec } = database;
  return {
    async insert(mail: OutboxMail): Promise<void> {
      await db
        .insertInto('mailOutbox')
        .values({ ...mail, createdAt: codec.date(mail.createdAt) })
        .execute();
    },

    /** The newest mails first (id breaks ties between mails of the same millisecond). */
    async listNewest(limit: number): Promise<OutboxMailSummary[]> {
      const rows = await db
        .selectFrom('mailOutbox')
        .select(['id', 'to', 'subject', 'kind', 'language', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, createdAt: codec.readDate(row.createdAt) }));
    },

    async findById(id: string): Promise<OutboxMail | undefined> {
      const row = await db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, createdAt: codec.readDate(row.createdAt) };
    },
  };
}
