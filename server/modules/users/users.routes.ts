import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AVATAR_ACCEPTED_TYPES,
  AVATAR_MAX_BYTES,
  creditsEventSchema,
  meResponseSchema,
  updateProfileRequestSchema,
  type CreditsEvent,
} from '../../../shared/accounts/accounts.contract.ts';
import { ACCOUNT_RATE_LIMITS } from '../../platform/auth/auth-rate-limits.ts';
import type { SessionReader } from '../../platform/auth/session-reader.ts';
import { AppError, parseInput } from '../../platform/http/app-error.ts';
import type { EventStreams } from '../../platform/http/graceful-shutdown.ts';
import type { RateLimiter } from '../../platform/http/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CreditEvents } from '../credits/credit-events.ts';
import type { CardActivityEvents } from '../cards/card-activity-events.ts';
import type { AvatarService } from './avatar.service.ts';
import type { CurrentUserResolver } from './current-user.ts';
import { presentCurrentUser } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';
import { CARD_ACTIVITY_EVENT } from '../../../shared/api-paths.ts';

const HEARTBEAT_MS = 25_000;
const avatarParams = z.object({ file: z.string().min(1).max(120) });

export interface UsersRoutesDeps {
  currentUser: CurrentUserResolver;
  users: UsersService;
  avatars: AvatarService;
  creditEvents: CreditEvents;
  /** Recipients opening the user's cards, for My WINCS. */
  cardActivity: Pick<CardActivityEvents, 'subscribe' | 'stampOf'>;
  sessions: SessionReader;
  storage: FileStorage;
  rateLimiter: RateLimiter;
  /** Live streams end when the server shuts down. */
  eventStreams: EventStreams;
  /** The admin policy: the session answer says whether the user manages the catalog. */
  isAdmin: (user: { email: string; emailVerified: boolean }) => boolean;
}

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The signed-in user: their document, profile, avatar, live balance and account deletion. */
export async function registerUsersRoutes(app: FastifyInstance, deps: UsersRoutesDeps): Promise<void> {
  const {
    currentUser,
    users,
    avatars,
    creditEvents,
    cardActivity,
    sessions,
    storage,
    rateLimiter,
    eventStreams,
    isAdmin,
  } = deps;

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
    await rateLimiter.consume(`delete-account:user:${user.id}`, ACCOUNT_RATE_LIMITS.deleteAccount);
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
      await rateLimiter.consume(`avatar:user:${user.id}`, ACCOUNT_RATE_LIMITS.avatarUpload);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw new AppError('unsupported-media-type');
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

  // Server-Sent Events: the balance now, then every change (DESIGN §1.14), and a `card-activity` event
  // whenever a recipient opened one of the user's cards or played something in it (DESIGN §1.7). Not
  // compressed: a compressor would hold events back until its buffer fills.
  app.get('/api/me/events', { compress: false }, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const cardsStamp = await cardActivity.stampOf(user.id);
    const stream = eventStreams.open(reply);
    const send = (balance: CreditsEvent) =>
      stream.write(sseEvent('credits', creditsEventSchema.parse(balance)));

    stream.write('retry: 3000\n\n');
    send({ credits: user.credits, tier: user.tier });
    const unsubscribe = creditEvents.subscribe(user.id, { credits: user.credits, tier: user.tier }, send);
    const unsubscribeCards = cardActivity.subscribe(user.id, cardsStamp, () =>
      stream.write(sseEvent(CARD_ACTIVITY_EVENT, {})),
    );
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    // The response closes when the client goes away or the stream ended (the request's own 'close' fires once
    // its body is read).
    reply.raw.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      unsubscribeCards();
      stream.body.end();
    });

    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-transform')
      .header('X-Accel-Buffering', 'no')
      .send(stream.body);
  });
}
