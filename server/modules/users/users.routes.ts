import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AVATAR_ACCEPTED_TYPES,
  AVATAR_MAX_BYTES,
  meResponseSchema,
  updateProfileRequestSchema,
} from '../../../shared/accounts/accounts.contract.ts';
import type { SessionReader } from '../../platform/auth/session-reader.ts';
import { AppError, parseInput } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AvatarService } from './avatar.service.ts';
import type { CurrentUserResolver } from './current-user.ts';
import { presentCurrentUser } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';

const avatarParams = z.object({ file: z.string().min(1).max(120) });

export interface UsersRoutesDeps {
  currentUser: CurrentUserResolver;
  users: UsersService;
  avatars: AvatarService;
  sessions: SessionReader;
  storage: FileStorage;
  /** The admin policy: the session answer says whether the user manages the catalog. */
  isAdmin: (user: { email: string; emailVerified: boolean }) => boolean;
}

/** The signed-in user: their document, profile, avatar and account deletion. */
export async function registerUsersRoutes(app: FastifyInstance, deps: UsersRoutesDeps): Promise<void> {
  const { currentUser, users, avatars, isAdmin, sessions, storage } = deps;

  app.get('/api/me', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await currentUser.optional(request, reply);
    return meResponseSchema.parse({
      user: user ? presentCurrentUser(user, { isAdmin: isAdmin(user) }) : null,
    });
  });

  app.patch('/api/me', async (request, reply) => {
    const changes = parseInput(updateProfileRequestSchema, request.body ?? {});
    const user = await currentUser.require(request, reply);
    const updated = await users.updateProfile(user.id, changes);
    if (!updated) throw new AppError('unauthenticated');
    return meResponseSchema.parse({ user: presentCurrentUser(updated, { isAdmin: isAdmin(updated) }) });
  });

  app.delete('/api/me', async (request, reply) => {
    const user = await currentUser.require(request, reply);
    await users.deleteAccount(user.id);
    sessions.clearCookie(reply);
    return { deleted: true };
  });

  // The avatar arrives as the raw image body; its type is checked again by content.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      [...AVATAR_ACCEPTED_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/me/avatar', { bodyLimit: AVATAR_MAX_BYTES }, async (request, reply) => {
      const user = await currentUser.require(request, reply);
      if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported-media-type');
      await avatars.uploadAvatar(user.id, request.body);
      const updated = await users.updateProfile(user.id, {});
      if (!updated) throw new AppError('unauthenticated');
      return meResponseSchema.parse({ user: presentCurrentUser(updated, { isAdmin: isAdmin(updated) }) });
    });
  });

  app.get('/media/avatars/:file', async (request, reply) => {
    const { file } = parseInput(avatarParams, request.params);
    const avatar = await avatars.findAvatar(file);
    if (!avatar) throw new AppError('image-not-found');
    const body = await storage.openRead(avatar.key);
    return reply
      .type('image/webp')
      .header('Content-Length', String(avatar.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  });
}
