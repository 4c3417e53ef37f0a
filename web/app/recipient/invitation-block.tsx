import type { PublicCard } from '../../../shared/cards/cards.contract.ts';
import type { GuestInvitation } from '../../../shared/invitations/guests.contract.ts';
import { GuestRsvp, OpenRsvp } from '../../features/invitation-guest/components/invitation-reply.tsx';
import { InvitationEvent } from '../../features/recipient-card/components/invitation-event.tsx';

/**
 * An invitation under its opened card (DESIGN §1.20): the event (when, where, calendar links), then the
 * guest's reply — by their own link on theirs, or with their name on the invitation's open group link
 * (`/c/{id}`). Its code, the reply form's library and the reply's strings are a chunk of their own.
 */
export function InvitationBlock({
  card,
  guest,
  shown,
}: {
  card: PublicCard;
  /** On a guest's own link: its token and the guest's invitation. */
  guest?: { token: string; invitation: GuestInvitation };
  /** Once the card has been opened (before, the page only loads this code). */
  shown: boolean;
}) {
  if (!shown) return null;
  return (
    <>
      <InvitationEvent cardId={card.id} invitation={card.invitation!} />
      {guest ? <GuestRsvp token={guest.token} initial={guest.invitation} /> : <OpenRsvp card={card} />}
    </>
  );
}
