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
     * The event of a paid invitation as a calendar file, to anyone holding its link. A link that opens no
     * card answers what the share link answers (not ready, removed, not found); a greeting card has no
     * event, so no calendar file: `card-not-found`.
     */
    async calendarFile(cardId: string): Promise<{ title: string; calendar: string }> {
      const card = await cards.open(cardId);
      if (!card.invitation) throw new AppError('card-not-found');
      return {
        title: card.invitation.title,
        calendar: invitationCalendar(card.invitation, cardPageUrl(card.id)),
      };
    },
  };
}
