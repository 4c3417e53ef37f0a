import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryApi } from '../../../shared/api-paths.ts';
import {
  deliveryLogSchema,
  mailGuestsResponseSchema,
  scheduleDeliveryRequestSchema,
} from '../../../shared/delivery/delivery.contract.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { DeliveryPages } from './delivery.module.ts';

const cardParams = z.object({ cardId: z.string() });
const tokenParams = z.object({ token: z.string() });
const privateAnswer = { 'Cache-Control': 'private, no-store' };
const pageAnswer = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/** The owner's delivery log and sending, and the recipients' one-click unsubscribe (RFC 8058). */
export function registerDeliveryRoutes(
  fastify: FastifyInstance,
  deps: { pages: DeliveryPages; actors: CardActorResolver },
): void {
  const { pages, actors } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    deliveryApi.card.route,
    { schema: { params: cardParams, response: { 200: deliveryLogSchema } } },
    async (request, reply) => {
      const log = await pages.logFor(await actors.of(request, reply), request.params.cardId);
      return reply.headers(privateAnswer).send(log);
    },
  );

  app.post(
    deliveryApi.card.route,
    {
      schema: {
        params: cardParams,
        body: scheduleDeliveryRequestSchema,
        response: { 201: deliveryLogSchema },
      },
    },
    async (request, reply) => {
      const actor = await actors.of(request, reply);
      const log = await pages.schedule(actor, request.params.cardId, request.body);
      return reply.status(201).headers(privateAnswer).send(log);
    },
  );

  app.post(
    deliveryApi.guests.route,
    { schema: { params: cardParams, response: { 200: mailGuestsResponseSchema } } },
    async (request, reply) => {
      const actor = await actors.of(request, reply);
      const scheduled = await pages.mailGuests(actor, request.params.cardId);
      return reply.headers(privateAnswer).send({ scheduled });
    },
  );

  // A GET only asks (link checkers fetch every link of a mail); mail apps POST `List-Unsubscribe=One-Click`.
  app.get(deliveryApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
    const page = await pages.unsubscribePage(
      request.params.token,
      deliveryApi.unsubscribe(request.params.token),
    );
    return reply.headers(pageAnswer).type('text/html; charset=utf-8').send(page);
  });
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(deliveryApi.unsubscribe.route, { schema: { params: tokenParams } }, async (request, reply) => {
        const page = await pages.unsubscribe(request.params.token);
        return reply.headers(pageAnswer).type('text/html; charset=utf-8').send(page);
      });
  });
}
