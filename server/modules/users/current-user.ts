import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import type { SessionReader } from '../../platform/auth/session-reader.ts';
import type { UserRecord, UsersRepository } from './users.repository.ts';

export type CurrentUserResolver = ReturnType<typeof createCurrentUserResolver>;

/**
 * Who is calling. A session of a disabled or deleted user, or an expired one, signs the browser out: its
 * sessions are removed and the cookie cleared (SPEC §4: a disabled user or an expired session signs out).
 */
export function createCurrentUserResolver(deps: { sessions: SessionReader; users: UsersRepository }) {
  const { sessions, users } = deps;

  async function optional(request: FastifyRequest, reply: FastifyReply): Promise<UserRecord | null> {
    const session = await sessions.read(request, reply);
    if (!session) return null;
    const user = await users.findById(session.userId);
    if (user && !user.isDisabled) return user;
    if (user) await users.deleteSessions(user.id);
    sessions.clearCookie(reply);
    return null;
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
