import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardsApi } from '../../../shared/api-paths.ts';
import {
  cardInputSchema,
  cardSchema,
  unlockCardResponseSchema,
} from '../../../shared/cards/cards.contract.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CardsService } from './cards.service.ts';

const idParams = z.object({ id: z.string() });
/** Cards are private to their owner: never stored by a shared cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };

/**
 * The owner's cards: create (guests too), read, edit, unlock and delete (the recipient's side is in
 * card-views.routes.ts). Policies live in the service.
 */
export function registerCardsRoutes(
  fastify: FastifyInstance,
  deps: { cards: CardsService; actors: CardActorResolver },
): void {
  const { cards, actors } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    cardsApi.create,
    { schema: { body: cardInputSchema, response: { 201: cardSchema } } },
    async (request, reply) => {
      const card = await cards.createCard(await actors.ofCreator(request, reply), request.body);
      return reply.status(201).headers(privateAnswer).send(card);
    },
  );

  app.get(
    cardsApi.card.route,
    { schema: { params: idParams, response: { 200: cardSchema } } },
    async (request, reply) => {
      const card = await cards.getCard(await actors.of(request, reply), request.params.id);
      return reply.headers(privateAnswer).send(card);
    },
  );

  /** Partial update: fields left out keep their saved values (docs/decisions/0005-cards.md). */
  app.patch(
    cardsApi.card.route,
    { schema: { params: idParams, body: cardInputSchema, response: { 200: cardSchema } } },
    async (request, reply) => {
      const card = await cards.updateCard(await actors.of(request, reply), request.params.id, request.body);
      return reply.headers(privateAnswer).send(card);
    },
  );

  /** Checkout with credits (SPEC §5): signed-in owners only; repeating it charges nothing. */
  app.post(
    cardsApi.unlock.route,
    { schema: { params: idParams, response: { 200: unlockCardResponseSchema } } },
    async (request, reply) => {
      const result = await cards.unlockCard(await actors.of(request, reply), request.params.id);
      return reply.headers(privateAnswer).send(result);
    },
  );

  /** Deletes the card with everything stored for it (SPEC §7); someone else's answers as an unknown one. */
  app.delete(cardsApi.card.route, { schema: { params: idParams } }, async (request, reply) => {
    await cards.deleteCard(await actors.of(request, reply), request.params.id);
    return reply.status(204).headers(privateAnswer).send();
  });
}
