import type { Platform } from '../../platform/platform.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import { createCardActorResolver } from './card-actor.ts';
import { createGuestCardsRepository } from './guest-cards.repository.ts';
import { createGuestSessionCookie } from './guest-session-cookie.ts';
import { registerGuestSessionRoutes } from './guest-sessions.routes.ts';
import { createGuestSessionsService } from './guest-sessions.service.ts';

export type GuestSessionsModule = ReturnType<typeof createGuestSessionsModule>;

/**
 * Server-issued guest sessions (DESIGN §1.3): the signed guest cookie, the guest's cards and their move to an
 * account, and who acts on a card — the signed-in user, else the guest session of a verified cookie.
 */
export function createGuestSessionsModule(platform: Platform, deps: { currentUser: CurrentUserResolver }) {
  const { app, database, rateLimiter, cookieSigningKey, secureCookies, now } = platform;
  const { currentUser } = deps;
  const guestCookie = createGuestSessionCookie({
    cookies: app,
    key: cookieSigningKey,
    secure: secureCookies,
    now,
  });
  const guestSessions = createGuestSessionsService({ repository: createGuestCardsRepository(database), now });
  registerGuestSessionRoutes(app, { guestSessions, guestCookie, currentUser, rateLimiter });

  return {
    guestCookie,
    guestSessions,
    actors: createCardActorResolver({ currentUser, guestCookie }),
  };
}
