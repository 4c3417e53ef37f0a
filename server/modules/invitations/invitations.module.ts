import type { Platform } from '../../platform/platform.ts';
import { GUEST_LIST_EVENT, linkPreviewApi } from '../../../shared/api-paths.ts';
import { createLivePoll } from '../../platform/http/live-poll.ts';
import type { CardsModule } from '../cards/cards.module.ts';
import type { CardRecord } from '../cards/cards.repository.ts';
import { createViewerCookie } from '../cards/viewer-cookie.ts';
import type { CreditsModule } from '../credits/credits.module.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { CardActorResolver } from '../guest-sessions/card-actor.ts';
import type { VoiceService } from '../voice/voice.service.ts';
import { createAnswerBook, GUEST_LIST_CHANGED, type InvitationCard } from './answer-book.ts';
import { createInvitationMails } from './invitation-mails.ts';
import { createGreetingQueue } from './greeting-queue.ts';
import { createGuestListService } from './guest-list.service.ts';
import { registerGuestPageRoutes } from './guest-page.routes.ts';
import { createGuestPreviews } from './guest-previews.service.ts';
import { guestLinkPath, mailLanguageOf } from './guests.presenter.ts';
import { createGuestsRepository } from './guests.repository.ts';
import { registerGuestsRoutes } from './guests.routes.ts';
import { registerInvitationsRoutes } from './invitations.routes.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createRsvpService, type RsvpService } from './rsvp.service.ts';

/** The least time between two `guest-list` events of a process: the host's page reads the list on each. */
const GUEST_LIST_EVENT_SPACING_MS = 250;

/** The address of a From header (`Winc <no-reply@example.com>` → `no-reply@example.com`). */
const addressOf = (from: string) => /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * Invitations (DESIGN §1.20): the guests of an invitation card — the host's list, each guest's own link that
 * greets them by name and takes their answer — and the event as a calendar file.
 */
export function createInvitationsModule(
  platform: Platform,
  deps: {
    cards: Pick<
      CardsModule,
      'sharedCards' | 'ownedCards' | 'whenPaid' | 'whenSaved' | 'beforeDeleted' | 'linkPreviews'
    >;
    credits: Pick<CreditsModule, 'alsoStream'>;
    voice: VoiceService;
    users: Pick<UsersRepository, 'findById'>;
    actors: CardActorResolver;
  },
) {
  const { app, database, notifications, now, log } = platform;
  const invitations = createInvitationsService({
    cards: deps.cards.sharedCards,
    cardPageUrl: (cardId) => `${platform.origin}${linkPreviewApi.page(cardId)}`,
  });
  registerInvitationsRoutes(app, { invitations });

  const repository = createGuestsRepository(database);
  const answers = createAnswerBook({
    repository,
    notifications,
    now,
    // Told by email when their address is known, in their language; the answer stands either way.
    onMovedUp: (card, guests) => {
      for (const guest of guests) {
        if (guest.email === null) continue;
        const message = {
          kind: 'waitlist-moved-up' as const,
          to: guest.email,
          language: mailLanguageOf(card, guest),
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
  const mails = createInvitationMails({
    jobs: platform.jobs,
    database,
    repository,
    cards: deps.cards.sharedCards,
    mailer: platform.mailer,
    origin: platform.origin,
    now,
    reminderDaysBefore: platform.config.rsvpReminderDays,
    organizerEmail: addressOf(platform.config.mailFrom),
    onBounce: (card) => answers.touched(card),
  });
  // Once paid, the links work: the guests added before get their greetings made, the reminders their times.
  deps.cards.whenPaid((card) => {
    if (card.invitation === null) return;
    Promise.all([
      repository
        .listOf(card.id)
        .then((guests) => greetings.prepare(guests.map((guest) => guest.greetingClipId))),
      mails.invitationSaved(card as InvitationCard, null),
    ]).catch((error: unknown) =>
      log.error({ err: error, cardId: card.id }, 'invitations: a paid invitation was not set up'),
    );
  });
  deps.cards.whenSaved(async (card, before) => {
    if (card.invitation === null) return;
    await mails.invitationSaved(card as InvitationCard, before.invitation);
    if (before.invitation !== null && before.invitation.capacity !== card.invitation.capacity) {
      await answers.capacityChanged(card as InvitationCard);
    }
  });
  deps.cards.beforeDeleted(async (card) => {
    if (card.invitation !== null) await mails.invitationDeleted(card as InvitationCard);
  });
  // A `guest-list` event on the host's live channel whenever a list of theirs changed, on whichever instance:
  // at most four a second, as the page reads the whole list again on each (a party's 500 guests answering at
  // once would otherwise have the host's phone fetch the list dozens of times a second).
  const lists = createLivePoll<string>({
    read: (userIds) => repository.listStampsOf(userIds),
    stampOf: (stamp) => stamp,
    log,
    name: 'live guest lists',
    notifications: { hub: notifications, topic: GUEST_LIST_CHANGED },
    spacingMs: GUEST_LIST_EVENT_SPACING_MS,
  });
  app.addHook('onClose', async () => lists.close());
  deps.credits.alsoStream((userId) => async (send) => {
    const stamp = (await repository.listStampsOf([userId])).get(userId) ?? null;
    return lists.subscribe(userId, stamp, () => send(GUEST_LIST_EVENT, {}));
  });

  const rsvp = createRsvpService({
    cards: deps.cards.sharedCards,
    repository,
    answers,
    voice: deps.voice,
    ownerTierOf: async (card) => {
      const owner = card.userId ?? card.authorId;
      return owner === null ? null : ((await deps.users.findById(owner))?.tier ?? null);
    },
    now,
  });
  registerGuestsRoutes(app, {
    guestList: createGuestListService({
      cards: deps.cards.ownedCards,
      repository,
      answers,
      voice: deps.voice,
      greetings,
      now,
      origin: platform.origin,
      mails,
      rateLimiter: platform.rateLimiter,
    }),
    rsvp,
    actors: deps.actors,
    viewerCookie: createViewerCookie({ secure: platform.secureCookies }),
  });
  registerGuestPageRoutes(app, {
    previews: createGuestPreviews({ rsvp, previews: deps.cards.linkPreviews }),
    pages: platform.pages,
    origin: platform.origin,
  });

  return {
    /** An invitation's guest found by their link, for the replies they send the host. */
    guestLinks: rsvp as Pick<RsvpService, 'guestOfLink'>,
    /** An invitation's guests as delivery by email needs them (their address, link, language, opening). */
    deliveryGuests: {
      async listOf(card: CardRecord) {
        if (card.invitation === null) return [];
        return (await repository.listOf(card.id)).map((guest) => ({
          id: guest.id,
          name: guest.name,
          email: guest.email,
          linkPath: guestLinkPath(guest.token),
          language: mailLanguageOf(card, guest),
          optedOut: guest.mailOptedOut,
          openedAt: guest.openedAt,
        }));
      },
    },
  };
}
