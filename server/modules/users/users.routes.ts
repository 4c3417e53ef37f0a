import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletedSchema,
  accountDeletionCheckSchema,
  AVATAR_ACCEPTED_TYPES,
  AVATAR_MAX_BYTES,
  deleteAccountRequestSchema,
  meResponseSchema,
  updateProfileRequestSchema,
} from '../../../shared/accounts/accounts.contract.ts';
import { accountsApi } from '../../../shared/api-paths.ts';
import { textSchema } from '../../../shared/text/names.ts';
import type { SessionReader } from '../../platform/auth/session-reader.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AvatarService } from './avatar.service.ts';
import type { CurrentUserResolver } from './current-user.ts';
import { presentCurrentUser } from './users.presenter.ts';
import type { UserRecord } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

const avatarParams = z.object({ file: textSchema({ max: 120 }).min(1) });
const meAnswer = { response: { 200: meResponseSchema } };

export interface UsersRoutesDeps {
  currentUser: CurrentUserResolver;
  users: UsersService;
  avatars: AvatarService;
  sessions: SessionReader;
  /** The admin policy: the session answer says whether the user manages the catalog. */
  isAdmin: (user: { email: string; emailVerified: boolean }) => boolean;
}

/** The signed-in user: their document, profile, avatar and account deletion. */
export async function registerUsersRoutes(fastify: FastifyInstance, deps: UsersRoutesDeps): Promise<void> {
  const { currentUser, users, avatars, isAdmin, sessions } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const present = (user: UserRecord) => presentCurrentUser(user, { isAdmin: isAdmin(user) });

  app.get(accountsApi.me, { schema: meAnswer }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await currentUser.optional(request, reply);
    return { user: user ? present(user) : null };
  });

  const profileSchema = { body: updateProfileRequestSchema, ...meAnswer };
  app.patch(accountsApi.me, { schema: profileSchema }, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    return { user: present(await users.updateProfile(user.id, request.body)) };
  });

  /** The token of the session the caller was resolved by (`currentUser.require` checked its signature). */
  const sessionTokenOf = (request: FastifyRequest): string => {
    const cookie = sessions.tokenOf(request);
    if (!cookie || 'forged' in cookie) throw new AppError('unauthenticated');
    return cookie.token;
  };

  app.get(
    accountsApi.meDeletion,
    { schema: { response: { 200: accountDeletionCheckSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = await currentUser.require(request, reply);
      return users.deletionCheck(user.id, sessionTokenOf(request));
    },
  );

  app.delete(
    accountsApi.me,
    { schema: { body: deleteAccountRequestSchema, response: { 200: accountDeletedSchema } } },
    async (request, reply) => {
      const user = await currentUser.require(request, reply);
      await users.deleteAccount(user.id, {
        sessionToken: sessionTokenOf(request),
        password: request.body.password,
      });
      sessions.clearCookie(reply);
      return { deleted: true as const };
    },
  );

  // The avatar arrives as the raw image body; its type is checked again by content.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      [...AVATAR_ACCEPTED_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    const upload = { bodyLimit: AVATAR_MAX_BYTES, schema: meAnswer };
    scope.withTypeProvider<ZodTypeProvider>().post(accountsApi.avatar, upload, async (request, reply) => {
      const user = await currentUser.require(request, reply);
      return { user: present(await users.changeAvatar(user.id, request.body)) };
    });
  });

  app.get(accountsApi.avatarFile.route, { schema: { params: avatarParams } }, async (request, reply) => {
    const avatar = await avatars.openAvatar(request.params.file);
    return reply
      .type('image/webp')
      .header('Content-Length', String(avatar.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(avatar.body);
  });
}
