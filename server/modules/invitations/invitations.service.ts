import { AppError } from '../../platform/http/app-error.ts';
import type { SharedCards } from '../cards/cards.module.ts';
import { invitationCalendar } from './invitation-calendar.ts';

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** Invitations from their guests' side (DESIGN §1.20). */
export function createInvitationsService(deps: {
  cards: SharedCards;
  /** The share page of a card, which the calendar event links to. */
  cardPageUrl: (cardId: string) => string;
}) {
  const { cards, cardPageUrl } = deps;

  return {
    /**
     * The event of a paid invitation as a calendar file, to anyone holding its link; a greeting card, an
     * unpaid card and an unknown id are one answer, `card-not-ready`, like the recipient page's.
     */
    async calendarFile(cardId: string): Promise<{ title: string; calendar: string }> {
      const card = await cards.find(cardId);
      if (!card?.invitation) throw new AppError('card-not-ready');
      return {
        title: card.invitation.title,
        calendar: invitationCalendar(card.invitation, cardPageUrl(card.id)),
      };
    },
  };
}
