import type { FastifyBaseLogger } from 'fastify';
import type { Notifications } from '../../platform/db/notifications.ts';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import type { CardViewsRepository } from './card-views.repository.ts';

/** The topic of recipient activity on a user's cards: published with the owner's id once it is recorded. */
export const CARD_ACTIVITY_CHANGED = 'card-activity';

export type CardActivityEvents = ReturnType<typeof createCardActivityEvents>;

/**
 * The sender sees, live, when their card is opened and what was played (DESIGN §1.7): a stream hears of a
 * user's cards whenever a recipient did something new on any of them, on whichever instance.
 */
export function createCardActivityEvents(options: {
  views: Pick<CardViewsRepository, 'activityStampsOf'>;
  log: FastifyBaseLogger;
  notifications?: Pick<Notifications, 'reach' | 'subscribe'>;
  intervalMs?: number;
}) {
  const poll = createLivePoll<string>({
    read: (userIds) => options.views.activityStampsOf(userIds),
    stampOf: (stamp) => stamp,
    log: options.log,
    name: 'live card activity',
    ...(options.notifications
      ? { notifications: { hub: options.notifications, topic: CARD_ACTIVITY_CHANGED } }
      : {}),
    ...(options.intervalMs ? { intervalMs: options.intervalMs } : {}),
  });
  return {
    ...poll,
    /** The user's stamp now (null before anyone opened one of their cards), where a new stream starts. */
    async stampOf(userId: string): Promise<string | null> {
      return (await options.views.activityStampsOf([userId])).get(userId) ?? null;
    },
  };
}
