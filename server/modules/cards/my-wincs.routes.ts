import type { FastifyInstance } from 'fastify';
import {
  draftsResponseSchema,
  myWincsQuerySchema,
  myWincsResponseSchema,
} from '../../../shared/cards/my-wincs.contract.ts';
import { parseInput } from '../../platform/http/app-error.ts';
import type { CardActorResolver } from './card-actor.ts';
import type { MyWincsService } from './my-wincs.service.ts';
import { myWincsApi } from '../../../shared/api-paths.ts';

const privateAnswer = { 'Cache-Control': 'private, no-store' };

/** My WINCS: the signed-in user's paid cards and the caller's unpaid drafts. Policies live in the service. */
export function registerMyWincsRoutes(
  app: FastifyInstance,
  deps: { myWincs: MyWincsService; actors: CardActorResolver },
): void {
  const { myWincs, actors } = deps;

  app.get(myWincsApi.list, async (request, reply) => {
    const query = parseInput(myWincsQuerySchema, request.query ?? {});
    const list = await myWincs.listMyWincs(await actors.of(request, reply), { categoryId: query.category });
    return reply.headers(privateAnswer).send(myWincsResponseSchema.parse(list));
  });

  app.get(myWincsApi.drafts, async (request, reply) => {
    const drafts = await myWincs.listDrafts(await actors.of(request, reply));
    return reply.headers(privateAnswer).send(draftsResponseSchema.parse(drafts));
  });
}
