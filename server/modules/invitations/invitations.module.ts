import { linkPreviewApi } from '../../../shared/api-paths.ts';
import type { Platform } from '../../platform/platform.ts';
import type { OwnedCards, SharedCards } from '../cards/cards.module.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import { createAnswerBook } from './answer-book.ts';
import { createGreetingQueue } from './greeting-queue.ts';
import { createGuestListService } from './guest-list.service.ts';
import { guestLinkPath } from './guests.presenter.ts';
import { createGuestsRepository } from './guests.repository.ts';
import { registerGuestsRoutes } from './guests.routes.ts';
import { registerInvitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createRsvpService } from './rsvp.service.ts';

/**
 * Invitations (DESIGN §1.20): the guests of an invitation card — the host's list, each guest's own link that
 * greets them by name and takes their answer — and the event as a calendar file.
 */
export function createInvitationsModule(
  platform: Platform,
  deps: { cards: SharedCards; ownedCards: OwnedCards; voice: VoiceService; actors: CardActorResolver },
): void {
  const { app, database, notifications, now, log } = platform;
  const invitations = createInvitationsService({
    cards: deps.cards,
    cardPageUrl: (cardId) => `${platform.origin}${linkPreviewApi.page(cardId)}`,
  });
  registerInvitationsRoutes(app, { invitations });

  const repository = createGuestsRepository(database);
  const answers = createAnswerBook({
    repository,
    notifications,
    now,
    // Told by email when their address is known, in the invitation's language; the answer stands either way.
    onMovedUp: (card, guests) => {
      for (const guest of guests) {
        if (guest.email === null) continue;
        const message = {
          kind: 'waitlist-moved-up' as const,
          to: guest.email,
          language: card.language,
          name: guest.name,
          title: card.invitation.title,
          url: `${platform.origin}${guestLinkPath(guest.token)}`,
        };
        platform.mailer.send(message).catch((error: unknown) => {
          log.error({ err: error, cardId: card.id }, 'invitations: the waitlist mail failed');
        });
      }
    },
  });
  const greetings = createGreetingQueue({ voice: deps.voice, log });
  app.addHook('onClose', async () => greetings.close());
  registerGuestsRoutes(app, {
    guestList: createGuestListService({
      cards: deps.ownedCards,
      repository,
      answers,
      voice: deps.voice,
      greetings,
      now,
    }),
    rsvp: createRsvpService({ cards: deps.cards, repository, answers, now }),
    actors: deps.actors,
  });
}
