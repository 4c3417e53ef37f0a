import type { Database } from '../../platform/db/database.ts';

export interface HelpRequestRecord {
  id: string;
  email: string;
  phone: string | null;
  description: string;
  language: string;
  userId: string | null;
  createdAt: Date;
}

export type HelpRepository = ReturnType<typeof createHelpRepository>;

export function createHelpRepository(database: Database) {
  const { db, codec } = database;
  return {
    async insert(request: HelpRequestRecord): Promise<void> {
      await db
        .insertInto('helpRequests')
        .values({ ...request, createdAt: codec.date(request.createdAt) })
        .execute();
    },

    async findById(id: string): Promise<HelpRequestRecord | undefined> {
      const row = await db.selectFrom('helpRequests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, createdAt: codec.readDate(row.createdAt) };
    },
  };
}
