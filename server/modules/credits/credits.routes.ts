import type { FastifyInstance } from 'fastify';
import {
  CREDIT_HISTORY_LIMIT,
  creditHistoryResponseSchema,
  paymentsApi,
} from '../../../shared/payments/plans.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { CreditsService } from './credits.service.ts';

/** The signed-in user's credit history (Account info): the latest changes of the balance, newest first. */
export function registerCreditsRoutes(
  app: FastifyInstance,
  deps: { credits: CreditsService; currentUser: CurrentUserResolver },
): void {
  const { credits, currentUser } = deps;

  app.get(paymentsApi.creditHistory, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const entries = await credits.recentHistory(user.id, CREDIT_HISTORY_LIMIT);
    return reply.header('Cache-Control', 'private, no-store').send(
      creditHistoryResponseSchema.parse({
        // Allow-listed fields: the ledger's reference (a card or order id) and key stay on the server.
        entries: entries.map((entry) => ({
          id: entry.id,
          delta: entry.delta,
          balanceAfter: entry.balanceAfter,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
      }),
    );
  });
}
