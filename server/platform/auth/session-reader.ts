import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { appendSetCookies, toFetchHeaders } from './auth-request.ts';

export interface SessionInfo {
  userId: string;
  sessionId: string;
}

export type SessionReader = Awaited<ReturnType<typeof createSessionReader>>;

/** A base64 HMAC-SHA256, as better-auth signs its cookies: 32 bytes, 44 characters with one `=`. */
const SIGNATURE_LENGTH = 44;

/**
 * The better-auth session of a request, for our own routes. The common case costs no more than a hash: the
 * cookie's signature is checked here (the key made once), and the caller looks the token up together with its
 * user, in one query. Only a session that has expired or is due for renewal goes through better-auth, which
 * removes or renews it and sets its cookie.
 */
export async function createSessionReader(auth: Auth) {
  const context = await auth.$context;
  const cookie = context.authCookies.sessionToken;
  const secure = cookie.attributes.secure === true;
  const key = crypto.createSecretKey(Buffer.from(context.secret));
  const { expiresIn, updateAge } = context.sessionConfig;

  const clearCookie = (reply: FastifyReply): void => {
    reply.clearCookie(cookie.name, { path: '/', sameSite: 'lax', httpOnly: true, secure });
  };

  return {
    sessionCookieName: cookie.name,

    /**
     * The session token the request's cookie carries: null without a session cookie, `{ forged: true }`
     * when its signature is not ours (a cookie made elsewhere, or by an earlier AUTH_SECRET).
     */
    tokenOf(request: FastifyRequest): { token: string } | { forged: true } | null {
      const value = request.cookies[cookie.name];
      if (!value) return null;
      const dot = value.lastIndexOf('.');
      const signature = value.slice(dot + 1);
      if (dot < 1 || signature.length !== SIGNATURE_LENGTH) return { forged: true };
      const token = value.slice(0, dot);
      const expected = crypto.createHmac('sha256', key).update(token).digest();
      const given = Buffer.from(signature, 'base64');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected)
        ? { token }
        : { forged: true };
    },

    /**
     * Whether a session that expires at `expiresAt` serves as it is: not expired, and not yet due for renewal
     * (better-auth pushes a session's expiry back once it is `updateAge` old).
     */
    servesAsIs(expiresAt: Date, now: number): boolean {
      return expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 > now;
    },

    /**
     * better-auth's reading of the session, which renews a session due for it (and sets its cookie) or removes
     * an expired one. Answers null, and clears the cookie, when there is no usable session.
     */
    async readThroughAuth(request: FastifyRequest, reply: FastifyReply): Promise<SessionInfo | null> {
      const { headers, response } = await auth.api.getSession({
        headers: toFetchHeaders(request),
        returnHeaders: true,
      });
      appendSetCookies(reply, headers.getSetCookie());
      if (!response) {
        clearCookie(reply);
        return null;
      }
      return { userId: response.user.id, sessionId: response.session.id };
    },

    /** Signs the browser out on this reply (the session rows are removed by the caller). */
    clearCookie,
  };
}
