import type { AuthProvidersResponse } from '../../../shared/accounts/accounts.contract.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { GuestSessionCookie } from '../guest-sessions/guest-session-cookie.ts';
import type { GuestSessionsService } from '../guest-sessions/guest-sessions.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(deps: {
  users: UsersRepository;
  credits: CreditsService;
  guestSessions: GuestSessionsService;
  guestCookie: GuestSessionCookie;
  googleEnabled: boolean;
  log: { error(object: object, message: string): void };
}) {
  const { users, credits, guestSessions, guestCookie, log } = deps;

  return {
    /**
     * Whenever a session starts (email sign-in, the verification link, Google): the first sign-in of a verified
     * account gets its 100 credits (once, however many sign-ins race), then the cards of the browser's guest
     * session move to the user. A failure is logged and does not undo the sign-in; the grant is retried at
     * the next one.
     */
    async onSessionCreated(userId: string, cookieHeader: string | null): Promise<void> {
      try {
        const user = await users.findById(userId);
        if (!user) return;
        if (user.emailVerified) await credits.grantSignupCredits(user.id);
        await guestSessions.transferToUser(guestCookie.fromCookieHeader(cookieHeader), user.id);
      } catch (error) {
        log.error({ err: error, userId }, 'after sign-in: the credit grant or guest-card transfer failed');
      }
    },

    /** The sign-in methods of this server (Google only when configured). */
    authProviders(): AuthProvidersResponse {
      return { emailPassword: true, google: deps.googleEnabled, apple: false };
    },
  };
}
