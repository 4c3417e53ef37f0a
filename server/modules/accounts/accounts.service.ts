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
     * session, and of the one the account was signed up from, move to the user. A failure is logged and does not undo the sign-in; the grant is retried at
     * the next one.
     */
    async onSessionCreated(userId: string, cookieHeader: string | null): Promise<void> {
      try {
        const user = await users.findById(userId);
        if (!user) return;
        if (user.emailVerified) await credits.grantSignupCredits(user.id);
        await guestSessions.transferOnSignIn(guestCookie.fromCookieHeader(cookieHeader), user.id);
      } catch (error) {
        log.error({ err: error, userId }, 'after sign-in: the credit grant or guest-card transfer failed');
      }
    },

    /**
     * An account was created (sign-up, or Google's first sign-in): the guest session of the browser that did
     * it is remembered, so its cards reach the account at its first sign-in from any browser. A failure is
     * logged; the same browser's sign-in still carries its cards over.
     */
    async onUserCreated(userId: string, cookieHeader: string | null): Promise<void> {
      try {
        await guestSessions.rememberAtSignUp(guestCookie.fromCookieHeader(cookieHeader), userId);
      } catch (error) {
        log.error({ err: error, userId }, 'after sign-up: remembering the guest session failed');
      }
    },

    /**
     * A sign-up took over an account whose address nobody verified yet (docs/decisions/0017-trust.md): the
     * guest session of its browser becomes the one remembered. A failure is logged; that browser's own
     * sign-in still carries its cards over.
     */
    async onSignUpRepeated(userId: string, cookieHeader: string | null): Promise<void> {
      try {
        await guestSessions.replaceAtSignUp(guestCookie.fromCookieHeader(cookieHeader), userId);
      } catch (error) {
        log.error({ err: error, userId }, 'after a repeated sign-up: replacing the guest session failed');
      }
    },

    /** The sign-in methods of this server (Google only when configured). */
    authProviders(): AuthProvidersResponse {
      return { emailPassword: true, google: deps.googleEnabled, apple: false };
    },
  };
}
