import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsApi } from '../../../shared/api-paths.ts';
import {
  claimGuestCardsRequestSchema,
  claimGuestCardsResponseSchema,
  guestSessionResponseSchema,
} from '../../../shared/accounts/accounts.contract.ts';
import { ACCOUNT_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { GuestSessionCookie } from './guest-session-cookie.ts';
import type { GuestSessionsService } from './guest-sessions.service.ts';

export function registerGuestSessionRoutes(
  fastify: FastifyInstance,
  deps: {
    guestSessions: GuestSessionsService;
    guestCookie: GuestSessionCookie;
    currentUser: CurrentUserResolver;
    rateLimiter: RateLimiter;
  },
): void {
  const { guestSessions, guestCookie, currentUser, rateLimiter } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Ensures the browser holds a server-issued guest session (before a guest saves a card). */
  const sessionSchema = { response: { 200: guestSessionResponseSchema } };
  app.post(accountsApi.guestSession, { schema: sessionSchema }, async (request, reply) => {
    await rateLimiter.consume(`guest-session:ip:${request.ip}`, ACCOUNT_RATE_LIMITS.guestSession);
    const { issued } = guestCookie.ensure(request, reply);
    return { issued };
  });

  /** After sign-in: moves the guest session's cards to the user and says whether the carried card is theirs. */
  const claimSchema = {
    body: claimGuestCardsRequestSchema,
    response: { 200: claimGuestCardsResponseSchema },
  };
  app.post(accountsApi.claimGuestCards, { schema: claimSchema }, async (request, reply) => {
    const { cardId } = request.body;
    const user = await currentUser.require(request, reply);
    const result = await guestSessions.claim(user.id, guestCookie.of(request), cardId);
    guestCookie.clear(request, reply);
    return result;
  });
}
