import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditsEventSchema, type CreditsEvent } from '../../../shared/accounts/accounts.contract.ts';
import { accountsApi, paymentsApi } from '../../../shared/api-paths.ts';
import {
  CREDIT_HISTORY_LIMIT,
  creditHistoryResponseSchema,
} from '../../../shared/payments/payments.contract.ts';
import { sendEventStream, type EventSource } from '../../platform/http/event-stream.ts';
import type { EventStreams } from '../../platform/http/graceful-shutdown.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import type { CreditEvents } from './credit-events.ts';
import type { CreditsService } from './credits.service.ts';

/**
 * The signed-in user's credits: their history (Account info), and the live stream of their balance, which
 * also carries the other live news of the user that `alsoStreamed` names (recipients opening their cards).
 */
export function registerCreditsRoutes(
  app: FastifyInstance,
  deps: {
    credits: CreditsService;
    creditEvents: CreditEvents;
    currentUser: CurrentUserResolver;
    /** Live streams end when the server shuts down. */
    eventStreams: EventStreams;
    alsoStreamed: readonly ((userId: string) => EventSource)[];
  },
): void {
  const { credits, creditEvents, currentUser, eventStreams, alsoStreamed } = deps;

  const historySchema = { response: { 200: creditHistoryResponseSchema } };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(paymentsApi.creditHistory, { schema: historySchema }, async (request, reply) => {
      const user = await currentUser.require(request, reply);
      const entries = await credits.recentHistory(user.id, CREDIT_HISTORY_LIMIT);
      return reply.header('Cache-Control', 'private, no-store').send({
        // Allow-listed fields: the ledger's reference (a card or order id) and key stay on the server.
        entries: entries.map((entry) => ({
          id: entry.id,
          delta: entry.delta,
          balanceAfter: entry.balanceAfter,
          reason: entry.reason,
          createdAt: entry.createdAt.toISOString(),
        })),
      });
    });

  // Server-Sent Events: the balance now, then every change (DESIGN §1.14), on whichever instance it happened.
  app.get(accountsApi.meEvents, { compress: false }, async (request, reply) => {
    const user = await currentUser.require(request, reply);
    const now: CreditsEvent = { credits: user.credits, tier: user.tier };
    const balance: EventSource = (send) => {
      const sendBalance = (event: CreditsEvent) => send('credits', creditsEventSchema.parse(event));
      sendBalance(now);
      return creditEvents.subscribe(user.id, now, sendBalance);
    };
    return sendEventStream(reply, eventStreams, [balance, ...alsoStreamed.map((source) => source(user.id))]);
  });
}
