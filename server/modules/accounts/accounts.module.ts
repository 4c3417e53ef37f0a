import type { Platform } from '../../platform/platform.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { GuestSessionCookie } from '../guest-sessions/guest-session-cookie.ts';
import type { GuestSessionsService } from '../guest-sessions/guest-sessions.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { registerAccountsRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';

/**
 * What follows a sign-up or a sign-in (better-auth's, in the platform): the first sign-in's credits and the
 * guest's cards moving to the account, and the guest session ending in that browser. Also the sign-in methods
 * this server offers.
 */
export function createAccountsModule(
  platform: Platform,
  deps: {
    users: UsersRepository;
    credits: CreditsService;
    guestSessions: GuestSessionsService;
    guestCookie: GuestSessionCookie;
  },
): void {
  const { app, config, log } = platform;
  const accounts = createAccountsService({ ...deps, googleEnabled: config.google !== undefined, log });
  platform.accounts.events.handleWith({
    onSessionCreated: (userId, cookieHeader) => accounts.onSessionCreated(userId, cookieHeader),
    onUserCreated: (userId, cookieHeader) => accounts.onUserCreated(userId, cookieHeader),
    onSignUpRepeated: (userId, cookieHeader) => accounts.onSignUpRepeated(userId, cookieHeader),
    onSignedIn: (request, reply) => deps.guestCookie.clear(request, reply),
  });
  registerAccountsRoutes(app, accounts);
}
