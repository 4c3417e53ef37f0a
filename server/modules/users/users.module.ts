import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/platform.ts';
import { createAdminPolicy } from '../admin/admin.policy.ts';
import { createAvatarService } from './avatar.service.ts';
import { createCurrentUserResolver } from './current-user.ts';
import type { CurrentUser } from '../../../shared/accounts/accounts.contract.ts';
import { presentCurrentUser } from './users.presenter.ts';
import { createUsersRepository, type UserRecord } from './users.repository.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export type UsersModule = Awaited<ReturnType<typeof createUsersModule>>;

/**
 * The signed-in user: who a request's session belongs to, their document, profile, avatar and the deletion of
 * their account. What must end with an account (its paid subscriptions) is handed in by the modules that own
 * it, through `beforeAccountDeleted`; the rows they own that go with it (its cards), through
 * `removeWithAccount`, in the deletion's transaction.
 */
export async function createUsersModule(platform: Platform) {
  const { app, database, storage, rateLimiter, now, log, config } = platform;
  const { sessions, passwords } = platform.accounts;
  const repository = createUsersRepository(database);
  const currentUser = createCurrentUserResolver({ sessions, users: repository });
  const avatars = createAvatarService({ users: repository, storage, rateLimiter, now, log });
  const endingWithAccount: Array<(userId: string) => Promise<void>> = [];
  const removedWithAccount: Array<(trx: Transaction<DB>, userId: string, at: Date) => Promise<string[]>> = [];
  const users = createUsersService({
    users: repository,
    avatars,
    storage,
    rateLimiter,
    passwords,
    now,
    log,
    beforeAccountDeleted: async (userId) => {
      for (const end of endingWithAccount) await end(userId);
    },
    removedWithAccount: async (trx, userId, at) => {
      const fileKeys: string[] = [];
      for (const remove of removedWithAccount) fileKeys.push(...(await remove(trx, userId, at)));
      return fileKeys;
    },
  });
  // The session answer says whether the user manages the catalog: the admin module's rule.
  const adminPolicy = createAdminPolicy(config.adminEmails);
  await registerUsersRoutes(app, {
    currentUser,
    users,
    avatars,
    isAdmin: (user) => adminPolicy.isAdmin(user),
    sessions,
  });

  return {
    repository,
    currentUser,
    /** The signed-in user as `GET /api/me` answers them. */
    present: (user: UserRecord): CurrentUser =>
      presentCurrentUser(user, { isAdmin: adminPolicy.isAdmin(user) }),
    /** Runs `end` before an account's rows go, in the order given. */
    beforeAccountDeleted(end: (userId: string) => Promise<void>): void {
      endingWithAccount.push(end);
    },
    /**
     * Has `remove` delete what an account takes with it, inside the account's deletion transaction, before
     * the user row; it answers the storage keys of the files to delete once that is committed.
     */
    removeWithAccount(remove: (trx: Transaction<DB>, userId: string, at: Date) => Promise<string[]>): void {
      removedWithAccount.push(remove);
    },
  };
}
