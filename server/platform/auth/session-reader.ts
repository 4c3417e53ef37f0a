import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { appendSetCookies, toFetchHeaders } from './auth-request.ts';
import { expiredCookie, readCookie } from './cookies.ts';

export interface SessionInfo {
  userId: string;
  sessionId: string;
}

export type SessionReader = Awaited<ReturnType<typeof createSessionReader>>;

/**
 * Reads the better-auth session of a request for our own routes. An expired or unknown session answers null,
 * and its cookie is cleared on the reply (better-auth's own Set-Cookie headers are passed on).
 */
export async function createSessionReader(auth: Auth) {
  const context = await auth.$context;
  const cookie = context.authCookies.sessionToken;
  const secure = cookie.attributes.secure === true;

  return {
    sessionCookieName: cookie.name,

    async read(request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | null> {
      if (!readCookie(request.headers.cookie, cookie.name)) return null;
      const { headers, response } = await auth.api.getSession({
        headers: toFetchHeaders(request),
        returnHeaders: true,
      });
      appendSetCookies(reply, headers.getSetCookie());
      if (!response) {
        this.clearCookie(reply);
        return null;
      }
      return { userId: response.user.id, sessionId: response.session.id };
    },

    /** Signs the browser out on this reply (the session rows are removed by the caller). */
    clearCookie(reply: FastifyReply): void {
      appendSetCookies(reply, [expiredCookie(cookie.name, secure)]);
    },
  };
}
