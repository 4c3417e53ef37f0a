import type { Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Database } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  credits: number;
  tier: string;
  language: Language;
  isDisabled: boolean;
  createdAt: Date;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** The user document (better-auth's users table with our fields). Credits and tier are never written here. */
export function createUsersRepository(database: Database) {
  const { db, codec } = database;

  const userColumns = [
    'users.id',
    'users.name',
    'users.email',
    'users.emailVerified',
    'users.image',
    'users.credits',
    'users.tier',
    'users.language',
    'users.isDisabled',
    'users.createdAt',
  ] as const;

  type UserRow = {
    id: string;
    name: string;
    email: string;
    emailVerified: unknown;
    image: string | null;
    credits: unknown;
    tier: string;
    language: string;
    isDisabled: unknown;
    createdAt: unknown;
  };
  const toRecord = (row: UserRow): UserRecord => ({
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: codec.readBool(row.emailVerified),
    image: row.image,
    credits: Number(row.credits),
    tier: row.tier,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    isDisabled: codec.readBool(row.isDisabled),
    createdAt: codec.readDate(row.createdAt),
  });

  // Every signed-in request runs it: compiled once, and on PostgreSQL prepared once per connection.
  const sessionUser = database.prepare((db, values: { token: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select([...userColumns, 'sessions.expiresAt as sessionExpiresAt'])
      .where('sessions.token', '=', values.token),
  );

  return {
    async findById(userId: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(userColumns)
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The user of a session token, with the session's expiry: the session and its user in one query. */
    async findBySessionToken(
      token: string,
    ): Promise<{ user: UserRecord; sessionExpiresAt: Date } | undefined> {
      const [row] = await sessionUser.execute(db, { token });
      return row && { user: toRecord(row), sessionExpiresAt: codec.readDate(row.sessionExpiresAt) };
    },

    /** A session by its token: whose it is and when it was signed in. */
    async findSession(token: string): Promise<{ id: string; userId: string; createdAt: Date } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'userId', 'createdAt'])
        .where('token', '=', token)
        .executeTakeFirst();
      return row && { id: row.id, userId: row.userId, createdAt: codec.readDate(row.createdAt) };
    },

    async updateProfile(
      userId: string,
      changes: { name?: string; language?: Language },
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updatedAt: codec.date(at) })
        .where('id', '=', userId)
        .execute();
    },

    /** Sets the avatar URL; answers the previous one. */
    async replaceImage(userId: string, image: string, at: Date): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select('image')
          .where('id', '=', userId)
          .executeTakeFirst();
        await trx
          .updateTable('users')
          .set({ image, updatedAt: codec.date(at) })
          .where('id', '=', userId)
          .execute();
        return before?.image ?? null;
      });
    },

    async setDisabled(userId: string, disabled: boolean, at: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ isDisabled: codec.bool(disabled), updatedAt: codec.date(at) })
        .where('id', '=', userId)
        .execute();
    },

    async deleteSessions(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
    },

    /**
     * Removes the user and everything that is theirs, in one transaction: first what other modules remove with
     * the account (`alsoRemove`, their cards), then the user row, whose foreign keys take sessions, linked
     * accounts and ledger rows with it. Answers the stored files that belonged to them (avatar, and the keys
     * `alsoRemove` answered), for the caller to delete afterwards.
     */
    async deleteAccount(
      userId: string,
      alsoRemove: (trx: Transaction<DB>) => Promise<string[]>,
    ): Promise<{ image: string | null; fileKeys: string[] } | null> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select('image')
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user) return null;
        const fileKeys = await alsoRemove(trx);
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return { image: user.image, fileKeys };
      });
    },
  };
}
