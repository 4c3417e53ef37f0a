import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { SessionReader } from '../../platform/auth/session-reader.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export type CurrentUserResolver = ReturnType<typeof createCurrentUserResolver>;

/**
 * Who is calling: one lookup per request at most (the session and its user in one query), made once however
 * many times the request asks. Nothing is remembered across requests, so a session signed out, or a user
 * deleted or disabled, stops working at once on every instance. A session of a disabled or deleted user, or
 * an expired one, signs the browser out: its sessions are removed and the cookie cleared (SPEC §4).
 */
export function createCurrentUserResolver(deps: { sessions: SessionReader; users: UsersRepository }) {
  const { sessions, users } = deps;
  const resolved = new WeakMap<FastifyRequest, Promise<UserRecord | null>>();

  async function resolve(request: FastifyRequest, reply: FastifyReply): Promise<UserRecord | null> {
    const cookie = sessions.tokenOf(request);
    if (cookie === null) return null;
    const found = 'forged' in cookie ? undefined : await users.findBySessionToken(cookie.token);
    if (!found) {
      sessions.clearCookie(reply);
      return null;
    }
    if (!sessions.servesAsIs(found.sessionExpiresAt, Date.now())) {
      if (!(await sessions.readThroughAuth(request, reply))) return null;
    }
    const { user } = found;
    if (!user.isDisabled) return user;
    await users.deleteSessions(user.id);
    sessions.clearCookie(reply);
    return null;
  }

  function optional(request: FastifyRequest, reply: FastifyReply): Promise<UserRecord | null> {
    let user = resolved.get(request);
    if (!user) {
      user = resolve(request, reply);
      resolved.set(request, user);
    }
    return user;
  }

  return {
    optional,
    async require(request: FastifyRequest, reply: FastifyReply): Promise<UserRecord> {
      const user = await optional(request, reply);
      if (!user) throw new AppError('unauthenticated');
      return user;
    },
  };
}
