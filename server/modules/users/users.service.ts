import {
  RECENT_SIGN_IN_MS,
  type AccountDeletionCheck,
  type UpdateProfileRequest,
} from '../../../shared/accounts/accounts.contract.ts';
import type { Transaction } from 'kysely';
import { ACCOUNT_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import type { PasswordChecks } from '../../platform/auth/password-attempts.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AvatarService } from './avatar.service.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: {
  users: UsersRepository;
  avatars: AvatarService;
  storage: FileStorage;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** The account's password, checked under the throttle every re-check of a password shares. */
  passwords: Pick<PasswordChecks, 'hasPassword' | 'matches'>;
  now: () => Date;
  log: { warn(object: object, message: string): void };
  /** Whatever must end with the account while its rows still exist (its paid subscriptions). */
  beforeAccountDeleted?: (userId: string) => Promise<void>;
  /**
   * The rows other modules own that go with the account, removed in its deletion's transaction (its cards);
   * each answers the storage keys of its files.
   */
  removedWithAccount?: (trx: Transaction<DB>, userId: string, at: Date) => Promise<string[]>;
}) {
  const { users, avatars, storage, rateLimiter, passwords, now, log } = deps;

  /** The user as stored now; an account deleted meanwhile is no longer signed in (`unauthenticated`). */
  async function reload(userId: string): Promise<UserRecord> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('unauthenticated');
    return user;
  }

  /** The caller's session, which must be the user's (the current-user resolver found it by the same token). */
  async function sessionOf(userId: string, sessionToken: string) {
    const session = await users.findSession(sessionToken);
    if (!session || session.userId !== userId) throw new AppError('unauthenticated');
    return session;
  }

  /** What deleting the account asks for: its password, or, for an account without one, a recent sign-in. */
  async function deletionCheck(userId: string, sessionToken: string): Promise<AccountDeletionCheck> {
    if (await passwords.hasPassword(userId)) return { confirmWith: 'password' };
    const { createdAt } = await sessionOf(userId, sessionToken);
    return {
      confirmWith: 'recent-sign-in',
      signedInRecently: now().getTime() - createdAt.getTime() <= RECENT_SIGN_IN_MS,
    };
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

    deletionCheck,

    /**
     * Deletes the account (SPEC §2 Account info) once the caller proved it is the owner: with the account's
     * password (`wrong-password`, throttled per session and account), or without one by a sign-in of the
     * last few minutes; else `reauthentication-required`. A session alone is not enough: whoever borrowed an
     * open browser must not be able to erase the account. Then first what must end with it (a monthly plan
     * stops billing), the user, their sessions and linked accounts, ledger, cards, and then their files
     * (avatar, card images). Files that fail to delete are logged, not fatal. Limited per user
     * (`rate-limited`).
     */
    async deleteAccount(
      userId: string,
      proof: { sessionToken: string; password: string | undefined },
    ): Promise<boolean> {
      const check = await deletionCheck(userId, proof.sessionToken);
      if (check.confirmWith === 'password') {
        if (proof.password === undefined) throw new AppError('reauthentication-required');
        const session = await sessionOf(userId, proof.sessionToken);
        if (!(await passwords.matches({ sessionId: session.id, userId }, proof.password))) {
          throw new AppError('wrong-password');
        }
      } else if (!check.signedInRecently) {
        throw new AppError('reauthentication-required');
      }
      await rateLimiter.consume(`delete-account:user:${userId}`, ACCOUNT_RATE_LIMITS.deleteAccount);
      await deps.beforeAccountDeleted?.(userId);
      const at = now();
      const removed = await users.deleteAccount(
        userId,
        async (trx) => (await deps.removedWithAccount?.(trx, userId, at)) ?? [],
      );
      if (!removed) return false;
      const keys = [avatars.storageKeyOf(removed.image), ...removed.fileKeys].filter(
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
