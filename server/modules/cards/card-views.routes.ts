import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardActivityRequestSchema } from '../../../shared/cards/card-views.contract.ts';
import { publicCardSchema } from '../../../shared/cards/cards.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CardActorResolver } from './card-actor.ts';
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
 * devices apart) and telling the sender what was played.
 */
export function registerCardViewsRoutes(
  app: FastifyInstance,
  deps: { views: CardViewsService; actors: CardActorResolver; viewerCookie: ViewerCookie },
): void {
  const { views, actors, viewerCookie } = deps;

  app.get('/api/public/cards/:id', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const actor = await actors.of(request, reply);
    const card = await views.openSharedCard(actor, id, () => viewerCookie.ensure(request, reply));
    return reply.headers(sharedCardAnswer).send(publicCardSchema.parse(card));
  });

  app.post('/api/public/cards/:id/activity', async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { activity } = parseInput(cardActivityRequestSchema, request.body ?? {});
    await views.recordActivity(await actors.of(request, reply), id, viewerCookie.read(request), activity);
    return reply.status(204).send();
  });
}
