import type { EventSource } from '../../platform/http/event-stream.ts';
import type { Platform } from '../../platform/platform.ts';
import type { CurrentUserResolver } from '../users/current-user.ts';
import { createCreditEvents } from './credit-events.ts';
import { createCreditsRepository } from './credits.repository.ts';
import { registerCreditsRoutes } from './credits.routes.ts';
import { createCreditsService } from './credits.service.ts';

export type CreditsModule = ReturnType<typeof createCreditsModule>;

/**
 * Credits: the one writer of balances and the ledger (inside the transactions of purchases and unlocks alike,
 * which take `repository`), the credit history, and the signed-in user's live stream (`/api/me/events`), which
 * carries the balance and whatever other modules add to it with `alsoStream`.
 */
export function createCreditsModule(platform: Platform, deps: { currentUser: CurrentUserResolver }) {
  const { app, database, notifications, eventStreams, now, log } = platform;
  const repository = createCreditsRepository(database);
  const credits = createCreditsService({ repository, now, notifications });
  const creditEvents = createCreditEvents({
    balancesOf: (ids) => repository.balancesOf(ids),
    log,
    notifications,
  });
  app.addHook('onClose', async () => creditEvents.close());
  const alsoStreamed: Array<(userId: string) => EventSource> = [];
  registerCreditsRoutes(app, {
    credits,
    creditEvents,
    currentUser: deps.currentUser,
    eventStreams,
    alsoStreamed,
  });

  return {
    repository,
    credits,
    /** Adds a source of events to every signed-in user's live stream. */
    alsoStream(source: (userId: string) => EventSource): void {
      alsoStreamed.push(source);
    },
  };
}
