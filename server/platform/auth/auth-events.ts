import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthEvents } from './auth.ts';

/** What follows better-auth's moments, and a browser signed in by one of its answers. */
export interface AuthEventHandlers extends AuthEvents {
  /** An answer signed a browser in (set a session cookie). */
  onSignedIn(request: FastifyRequest, reply: FastifyReply): void;
}

export type AuthEventRelay = ReturnType<typeof createAuthEventRelay>;

/**
 * The platform builds better-auth before the modules whose rules follow a sign-up or a sign-in (the first
 * sign-in's credits, the guest's cards); this relay carries those moments to the handlers the accounts module
 * gives it once it is built. A moment before that (none can come before the server listens) is logged.
 */
export function createAuthEventRelay(log: Pick<FastifyBaseLogger, 'error'>) {
  let handlers: AuthEventHandlers | null = null;
  const handler = (moment: keyof AuthEventHandlers): AuthEventHandlers | null => {
    if (!handlers) log.error({ moment }, 'an account moment came before its handlers were given');
    return handlers;
  };

  return {
    /** Who handles the moments from now on. */
    handleWith(given: AuthEventHandlers): void {
      handlers = given;
    },

    /** For better-auth's hooks (createAuth). */
    events: {
      onSessionCreated: async (userId, cookieHeader) =>
        handler('onSessionCreated')?.onSessionCreated(userId, cookieHeader),
      onUserCreated: async (userId, cookieHeader) =>
        handler('onUserCreated')?.onUserCreated(userId, cookieHeader),
      onSignUpRepeated: async (userId, cookieHeader) =>
        handler('onSignUpRepeated')?.onSignUpRepeated(userId, cookieHeader),
    } satisfies AuthEvents,

    /** For the auth handler's answers that sign a browser in. */
    onSignedIn(request: FastifyRequest, reply: FastifyReply): void {
      handler('onSignedIn')?.onSignedIn(request, reply);
    },
  };
}
