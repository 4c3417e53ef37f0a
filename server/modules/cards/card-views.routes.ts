import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardsApi, cardViewsApi } from '../../../shared/api-paths.ts';
import {
  cardActivityRequestSchema,
  raiseViewLimitResponseSchema,
} from '../../../shared/cards/card-views.contract.ts';
import { publicCardSchema } from '../../../shared/cards/cards.contract.ts';
import { sealedCardSchema } from '../../../shared/cards/reveal.contract.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CardViewsService } from './card-views.service.ts';
import type { ViewerCookie } from './viewer-cookie.ts';

const idParams = z.object({ id: z.string() });
/**
 * The recipient's card: never cached (the owner's edits show at once, and each device must reach the server
 * to be counted) and kept out of search engines, since the link is the only key to it.
 */
const sharedCardAnswer = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

/**
 * A shared card from its recipients' side (DESIGN §1.5, §1.7): opening it (no sign-in; a viewer cookie tells
 * devices apart) and telling the sender what was played; and from its sender's, raising its view limit.
 */
export function registerCardViewsRoutes(
  fastify: FastifyInstance,
  deps: { views: CardViewsService; actors: CardActorResolver; viewerCookie: ViewerCookie },
): void {
  const { views, actors, viewerCookie } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const cardSchema = { params: idParams, response: { 200: z.union([sealedCardSchema, publicCardSchema]) } };
  app.get(cardsApi.publicCard.route, { schema: cardSchema }, async (request, reply) => {
    const actor = await actors.of(request, reply);
    const card = await views.openSharedCard(actor, request.params.id, () =>
      viewerCookie.ensure(request, reply),
    );
    return reply.headers(sharedCardAnswer).send(card);
  });

  const activitySchema = { params: idParams, body: cardActivityRequestSchema };
  app.post(cardViewsApi.activity.route, { schema: activitySchema }, async (request, reply) => {
    const actor = await actors.of(request, reply);
    await views.recordActivity(actor, request.params.id, viewerCookie.read(request), request.body.activity);
    return reply.status(204).send();
  });

  const raiseSchema = { params: idParams, response: { 200: raiseViewLimitResponseSchema } };
  app.post(cardsApi.viewLimit.route, { schema: raiseSchema }, async (request, reply) => {
    const actor = await actors.of(request, reply);
    const raised = await views.raiseViewLimit(actor, request.params.id);
    return reply.headers({ 'Cache-Control': 'private, no-store' }).send(raised);
  });
}
