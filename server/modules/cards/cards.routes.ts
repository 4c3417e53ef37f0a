import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cardInputSchema,
  cardSchema,
  unlockCardResponseSchema,
} from '../../../shared/cards/cards.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CardActorResolver } from './card-actor.ts';
import type { CardsService } from './cards.service.ts';
import { cardsApi } from '../../../shared/api-paths.ts';

const idParams = z.object({ id: z.string() });
/** Cards are private to their owner: never stored by a shared cache. */
const privateAnswer = { 'Cache-Control': 'private, no-store' };

/**
 * The owner's cards: create (guests too), read, edit, unlock and delete (the recipient's side is in
 * card-views.routes.ts). Policies live in the service.
 */
export function registerCardsRoutes(
  app: FastifyInstance,
  deps: { cards: CardsService; actors: CardActorResolver },
): void {
  const { cards, actors } = deps;

  app.post(cardsApi.create, async (request, reply) => {
    const input = parseInput(cardInputSchema, request.body ?? {});
    const card = await cards.createCard(await actors.ofCreator(request, reply), input);
    return reply.status(201).headers(privateAnswer).send(cardSchema.parse(card));
  });

  app.get('/api/cards/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const card = await cards.getCard(await actors.of(request, reply), id);
    return reply.headers(privateAnswer).send(cardSchema.parse(card));
  });

  /** Partial update: fields left out keep their saved values (docs/decisions/0005-cards.md). */
  app.patch('/api/cards/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(cardInputSchema, request.body ?? {});
    const card = await cards.updateCard(await actors.of(request, reply), id, input);
    return reply.headers(privateAnswer).send(cardSchema.parse(card));
  });

  /** Checkout with credits (SPEC §5): signed-in owners only; repeating it charges nothing. */
  app.post('/api/cards/:id/unlock', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const result = await cards.unlockCard(await actors.of(request, reply), id);
    return reply.headers(privateAnswer).send(unlockCardResponseSchema.parse(result));
  });

  /** Deletes the card with everything stored for it (SPEC §7); someone else's answers as an unknown one. */
  app.delete('/api/cards/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await cards.deleteCard(await actors.of(request, reply), id);
    return reply.status(204).headers(privateAnswer).send();
  });
}
