import type { UpdateProfileRequest } from '../../../shared/accounts/accounts.contract.ts';
import { ACCOUNT_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AvatarService } from './avatar.service.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  users: UsersRepository;
  avatars: AvatarService;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now: () => Date;
  log: { warn(object: object, message: string): void };
  /** Whatever must end with the account while its rows still exist (its paid subscriptions). */
  beforeAccountDeleted?: (userId: string) => Promise<void>;
}) {
  const { users, avatars, storage, rateLimiter, now, log } = deps;

  /** The user as stored now; an account deleted meanwhile is no longer signed in (`unauthenticated`). */
  async function reload(userId: string): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('unauthenticated');
    return user;
  }

  return {
    /** Changes the user's own profile fields (name, language); credits and tier are not among them. */
    async updateProfile(userId: string, changes: UpdateProfileRequest): Promise<UserRecord> {
      if (changes.name !== undefined || changes.language !== undefined) {
        await users.updateProfile(userId, changes, now());
      }
      return reload(userId);
    },

    /** Sets the user's avatar from the uploaded bytes (avatar.service.ts checks and re-encodes them). */
    async changeAvatar(userId: string, bytes: unknown): Promise<UserRecord> {
      if (!Buffer.isBuffer(bytes)) throw new AppError('unsupported-media-type');
      await avatars.uploadAvatar(userId, bytes);
      return reload(userId);
    },

    /** Disables a user and ends every session they have: they are signed out everywhere. */
    async disableUser(userId: string): Promise<void> {
      await users.setDisabled(userId, true, now());
      await users.deleteSessions(userId);
    },

    /**
     * Deletes the account (SPEC §2 Account info): first what must end with it (a monthly plan stops billing),
     * then the user, their sessions and linked accounts, ledger, cards, and then their files (avatar, card
     * images). Files that fail to delete are logged, not fatal. Limited per user (`rate-limited`).
     */
    async deleteAccount(userId: string): Promise<boolean> {
      await rateLimiter.consume(`delete-account:user:${userId}`, ACCOUNT_RATE_LIMITS.deleteAccount);
      await deps.beforeAccountDeleted?.(userId);
      const removed = await users.deleteAccount(userId);
      if (!removed) return false;
      const keys = [avatars.storageKeyOf(removed.image), ...removed.cardFileKeys].filter(
        (key): key is string => key !== null,
      );
      for (const key of keys) {
        await storage.delete(key).catch((error: unknown) => {
          log.warn({ err: error, key }, 'could not delete a file of a deleted account');
        });
      }
      return true;
    },
  };
}
