/**
 * How a shared WINC speaks to whoever opens it, by kind: a card is "A WINC for Leila" that its sender made; an
 * invitation is "Leila, you're invited" by its host. The recipient page, the guest's page, their document
 * titles and their link previews take their words from here.
 */
export function wordingOf(card: { invitation: unknown }) {
  return card.invitation
    ? ({
        eyebrow: 'invitation.event.eyebrow',
        title: 'invitation.preview.title',
        documentTitle: 'invitation.preview.title',
        byline: 'invitation.preview.invitedBy',
      } as const)
    : ({
        eyebrow: 'recipient.eyebrow',
        title: 'recipient.title',
        documentTitle: 'recipient.documentTitle',
        byline: 'recipient.fromSender',
      } as const);
}
