import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { GuestSessionCookie } from './guest-session-cookie.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { CardActor } from '../cards/cards.policy.ts';
import { LANGUAGE_HEADER } from '../../../shared/i18n/languages.ts';

export type CardActorResolver = ReturnType<typeof createCardActorResolver>;

/** The UI language the request carries (LANGUAGE_HEADER), else the user's own, else English. */
function uiLanguageOf(request: FastifyRequest, user: UserRecord | null): Language {
  const header = request.headers[LANGUAGE_HEADER];
  if (isLanguage(header)) return header;
  return user?.language ?? DEFAULT_LANGUAGE;
}

/**
 * Turns a request into a card actor: the signed-in user, else the guest session of a verified guest cookie
 * (DESIGN §1.3: a client can never claim a guest id it was not issued).
 */
export function createCardActorResolver(deps: {
  currentUser: Pick<CurrentUserResolver, 'optional'>;
  guestCookie: Pick<GuestSessionCookie, 'of' | 'ensure'>;
}) {
  const { currentUser, guestCookie } = deps;
  return {
    /** For reading and editing: a guest without a valid cookie is nobody and owns nothing. */
    async of(request: FastifyRequest, reply: FastifyReply): Promise<CardActor> {
      const user = await currentUser.optional(request, reply);
      return {
        userId: user?.id ?? null,
        guestSessionId: user ? null : guestCookie.of(request),
        ip: request.ip,
        tier: user?.tier ?? null,
        uiLanguage: uiLanguageOf(request, user),
      };
    },

    /** For creating: a guest without a guest session gets one now (and a renewed cookie either way). */
    async ofCreator(request: FastifyRequest, reply: FastifyReply): Promise<CardActor> {
      const user = await currentUser.optional(request, reply);
      return {
        userId: user?.id ?? null,
        guestSessionId: user ? null : guestCookie.ensure(request, reply).guestSessionId,
        ip: request.ip,
        tier: user?.tier ?? null,
        uiLanguage: uiLanguageOf(request, user),
      };
    },
  };
}
