import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { repliesApi } from '../../../shared/api-paths.ts';
import {
  createReplyInputSchema,
  newRepliesResponseSchema,
  replyMailSettingSchema,
  repliesResponseSchema,
  sentReplySchema,
} from '../../../shared/replies/replies.contract.ts';
import { sendStoredFile } from '../../platform/http/stored-file-reply.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { ViewerCookie } from '../cards/viewer-cookie.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { ReplyMails } from './reply-mails.ts';
import type { RepliesService } from './replies.service.ts';

const cardParams = z.object({ cardId: z.string() });
const replyParams = z.object({ cardId: z.string(), replyId: z.string() });
const tokenParams = z.object({ token: z.string() });
/** Replies are private to the card's owner; the replier's answer is theirs: never stored by a cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };

/**
 * Replies (DESIGN §1.21): the recipient's and the invitation guest's (no sign-in; the viewer cookie tells
 * devices apart), the owner's list, seen mark, deletion and notes' files, and the owner's mail setting with
 * its one-click unsubscribe.
 */
export function registerRepliesRoutes(
  fastify: FastifyInstance,
  deps: {
    replies: RepliesService;
    mails: ReplyMails;
    actors: CardActorResolver;
    viewerCookie: ViewerCookie;
    storage: FileStorage;
  },
): void {
  const { replies, mails, actors, viewerCookie, storage } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const createSchema = {
    params: cardParams,
    body: createReplyInputSchema,
    response: { 201: sentReplySchema },
  };
  app.post(repliesApi.create.route, { schema: createSchema }, async (request, reply) => {
    const replier = { ip: request.ip, deviceId: viewerCookie.ensure(request, reply) };
    const sent = await replies.replyToCard(replier, request.params.cardId, request.body);
    return reply.status(201).headers(privateAnswer).send(sent);
  });

  const guestSchema = {
    params: tokenParams,
    body: createReplyInputSchema,
    response: { 201: sentReplySchema },
  };
  app.post(repliesApi.fromGuest.route, { schema: guestSchema }, async (request, reply) => {
    const replier = { ip: request.ip, deviceId: viewerCookie.ensure(request, reply) };
    const sent = await replies.replyAsGuest(replier, request.params.token, request.body);
    return reply.status(201).headers(privateAnswer).send(sent);
  });

  const listSchema = { params: cardParams, response: { 200: repliesResponseSchema } };
  app.get(repliesApi.ofCard.route, { schema: listSchema }, async (request, reply) => {
    const list = await replies.listReplies(await actors.of(request, reply), request.params.cardId);
    return reply.headers(privateAnswer).send({ replies: list });
  });

  app.post(repliesApi.seen.route, { schema: { params: cardParams } }, async (request, reply) => {
    await replies.markSeen(await actors.of(request, reply), request.params.cardId);
    return reply.status(204).send();
  });

  app.delete(repliesApi.reply.route, { schema: { params: replyParams } }, async (request, reply) => {
    const { cardId, replyId } = request.params;
    await replies.removeReply(await actors.of(request, reply), cardId, replyId);
    return reply.status(204).send();
  });

  // A note's URL names its reply, whose file never changes; private, as only the owner may fetch it.
  const mediaRoute = { compress: false as const, schema: { params: replyParams } };
  app.get(repliesApi.media.route, mediaRoute, async (request, reply: FastifyReply) => {
    const { cardId, replyId } = request.params;
    const file = await replies.mediaFile(await actors.of(request, reply), cardId, replyId);
    return sendStoredFile(request, reply, storage, {
      ...file,
      cacheControl: 'private, max-age=31536000, immutable',
    });
  });

  app.get(
    repliesApi.newCounts,
    { schema: { response: { 200: newRepliesResponseSchema } } },
    async (request, reply) => {
      const cards = await replies.newCounts(await actors.of(request, reply));
      return reply.headers(privateAnswer).send({ cards });
    },
  );

  const settingSchema = { response: { 200: replyMailSettingSchema } };
  app.get(repliesApi.mailSetting, { schema: settingSchema }, async (request, reply) => {
    return reply.headers(privateAnswer).send(await mails.setting(await actors.of(request, reply)));
  });
  app.put(
    repliesApi.mailSetting,
    { schema: { body: replyMailSettingSchema, ...settingSchema } },
    async (request, reply) => {
      const actor = await actors.of(request, reply);
      return reply.headers(privateAnswer).send(await mails.changeSetting(actor, request.body.enabled));
    },
  );

  // RFC 8058: mail apps POST `List-Unsubscribe=One-Click`; a person following the mail's link sees a page
  // that asks first (a GET changes nothing: link checkers fetch every link of a mail).
  app.get(repliesApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
    const page = await mails.unsubscribePage(request.params.token);
    return reply.headers(privateAnswer).type('text/html; charset=utf-8').send(page);
  });
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(repliesApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
        const page = await mails.unsubscribe(request.params.token);
        return reply.headers(privateAnswer).type('text/html; charset=utf-8').send(page);
      });
  });
}
