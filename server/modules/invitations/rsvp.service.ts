import { AppError } from '../../platform/http/app-error.ts';
import { voiceApi } from '../../../shared/api-paths.ts';
import type { GuestInvitation, RsvpValues } from '../../../shared/invitations/guests.contract.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import { presentPublicCard } from '../cards/cards.presenter.ts';
import { assertAnswerFits, type AnswerBook, type InvitationCard } from './answer-book.ts';
import { plusOnesOf, presentRsvp } from './guests.presenter.ts';
import type { GuestRecord, GuestsRepository } from './guests.repository.ts';

/** Guest tokens are 22 base64url characters; anything else is never looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export type RsvpService = ReturnType<typeof createRsvpService>;

/** When answers close: the deadline the host set, else the event's start. */
const repliesCloseAt = (card: InvitationCard) => card.invitation.rsvpBy ?? card.invitation.startsAt;

/**
 * A guest's side of an invitation (DESIGN §1.20): their own link opens it, greeted by name, and takes their
 * answer without an account, which they may change or withdraw until replies close. A removed guest's link,
 * an unpaid invitation's and an unknown token all answer like an unknown card (`card-not-ready`).
 */
export function createRsvpService(deps: {
  cards: SharedCards;
  repository: GuestsRepository;
  answers: AnswerBook;
  now: () => Date;
}) {
  const { cards, repository, answers, now } = deps;

  async function guestOf(token: string): Promise<{ card: InvitationCard; guest: GuestRecord }> {
    const guest = TOKEN_PATTERN.test(token) ? await repository.findByToken(token) : undefined;
    const card = guest && (await cards.find(guest.cardId));
    if (!guest || !card?.invitation) throw new AppError('card-not-ready');
    return { card: card as InvitationCard, guest };
  }

  async function present(card: InvitationCard, guest: GuestRecord): Promise<GuestInvitation> {
    const seats = await repository.seatsOf(card.id);
    const closeAt = repliesCloseAt(card);
    const coming = card.invitation.showGuestList
      ? seats
          .filter((seat) => seat.state === 'yes')
          .sort((a, b) => (a.answeredAt?.getTime() ?? 0) - (b.answeredAt?.getTime() ?? 0))
          .map((seat) => seat.name)
      : null;
    return {
      card: {
        ...presentPublicCard(card),
        recipientName: guest.name,
        greetingAudioUrl: guest.greetingClipId === null ? null : voiceApi.clip(guest.greetingClipId),
      },
      guest: { name: guest.name, maxPlusOnes: plusOnesOf(guest, card.invitation) },
      rsvp: presentRsvp(guest, seats),
      repliesCloseAt: closeAt.toISOString(),
      repliesClosed: now().getTime() > closeAt.getTime(),
      coming,
    };
  }

  function assertRepliesOpen(card: InvitationCard): void {
    if (now().getTime() > repliesCloseAt(card).getTime()) throw new AppError('replies-closed');
  }

  return {
    /** The guest's page: the invitation greeting them, their answer; the host sees that it was opened. */
    async openInvitation(token: string): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      await answers.opened(card, guest);
      return present(card, guest);
    },

    /** The guest answers, or changes their answer, before replies close. */
    async answer(token: string, input: RsvpValues): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      assertRepliesOpen(card);
      assertAnswerFits(input, card, guest);
      return present(card, await answers.answer(card, guest.id, input, 'guest'));
    },

    /** The guest takes their answer back, before replies close. */
    async withdraw(token: string): Promise<GuestInvitation> {
      const { card, guest } = await guestOf(token);
      assertRepliesOpen(card);
      return present(card, await answers.answer(card, guest.id, null, 'guest'));
    },
  };
}
