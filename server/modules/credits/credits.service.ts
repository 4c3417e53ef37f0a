import { NEW_USER_CREDITS } from '../../../shared/accounts/accounts.contract.ts';
import type { Notifications } from '../../platform/db/notifications.ts';
import { CREDITS_CHANGED } from './credit-events.ts';
import type { CreditsRepository } from './credits.repository.ts';

export const SIGNUP_GRANT_REASON = 'signup-grant';

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService(deps: {
  repository: CreditsRepository;
  now: () => Date;
  /** Tells the user's open pages, on every instance, of the granted credits. */
  notifications?: Pick<Notifications, 'publish'>;
}) {
  const { repository, now } = deps;
  return {
    /**
     * The first sign-in grant (SPEC §4): 100 credits and a ledger row, exactly once per user however many
     * sign-ins race. Answers whether this call granted them.
     */
    async grantSignupCredits(userId: string): Promise<boolean> {
      const result = await repository.applyOnce({
        userId,
        delta: NEW_USER_CREDITS,
        reason: SIGNUP_GRANT_REASON,
        reference: null,
        idempotencyKey: `${SIGNUP_GRANT_REASON}:${userId}`,
        at: now(),
      });
      if (result !== null) deps.notifications?.publish(CREDITS_CHANGED, userId);
      return result !== null;
    },

    /** The user's ledger, oldest first. */
    listLedger: (userId: string) => repository.listLedger(userId),

    /** The user's latest ledger rows, newest first (Account info: the last CREDIT_HISTORY_LIMIT changes). */
    recentHistory: (userId: string, limit: number) => repository.recentLedger(userId, limit),
  };
}
