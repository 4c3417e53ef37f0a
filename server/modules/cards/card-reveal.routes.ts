import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revealApi } from '../../../shared/api-paths.ts';
import { revealRequestSchema, revealResponseSchema } from '../../../shared/cards/reveal.contract.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { CardRevealService } from './card-reveal.service.ts';

const idParams = z.object({ id: z.string() });

/** The owner sets, moves or cancels when their card's link opens; someone else's card is not found. */
export function registerCardRevealRoutes(
  fastify: FastifyInstance,
  deps: { reveals: CardRevealService; actors: CardActorResolver },
): void {
  const { reveals, actors } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { params: idParams, body: revealRequestSchema, response: { 200: revealResponseSchema } };
  app.put(revealApi.route, { schema }, async (request, reply) => {
    const answer = await reveals.setReveal(await actors.of(request, reply), request.params.id, request.body);
    return reply.headers({ 'Cache-Control': 'private, no-store' }).send(answer);
  });
}
