import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  draftsResponseSchema,
  myWincsQuerySchema,
  myWincsResponseSchema,
} from '../../../shared/cards/my-wincs.contract.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { MyWincsService } from './my-wincs.service.ts';
import { myWincsApi } from '../../../shared/api-paths.ts';

const privateAnswer = { 'Cache-Control': 'private, no-store' };

/** My WINCS: the signed-in user's paid cards and the caller's unpaid drafts. Policies live in the service. */
export function registerMyWincsRoutes(
  fastify: FastifyInstance,
  deps: { myWincs: MyWincsService; actors: CardActorResolver },
): void {
  const { myWincs, actors } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const listSchema = { querystring: myWincsQuerySchema, response: { 200: myWincsResponseSchema } };
  app.get(myWincsApi.list, { schema: listSchema }, async (request, reply) => {
    const actor = await actors.of(request, reply);
    const list = await myWincs.listMyWincs(actor, { categoryId: request.query.category });
    return reply.headers(privateAnswer).send(list);
  });

  app.get(
    myWincsApi.drafts,
    { schema: { response: { 200: draftsResponseSchema } } },
    async (request, reply) => {
      const drafts = await myWincs.listDrafts(await actors.of(request, reply));
      return reply.headers(privateAnswer).send(drafts);
    },
  );
}
