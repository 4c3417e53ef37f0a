import type { FastifyInstance } from 'fastify';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { CreditsService } from './credits.service.ts';
import { paymentsApi } from '../../../shared/api-paths.ts';
import {
  CREDIT_HISTORY_LIMIT,
  creditHistoryResponseSchema,
} from '../../../shared/payments/payments.contract.ts';

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
