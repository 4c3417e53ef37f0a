import type { Card } from '../../../../shared/cards/cards.contract.ts';

/**
 * What the keepsake video shows of a card: the recipient page's card and My WINCS' both carry it, so the
 * two make the same video (and find it in the same cache).
 */
export type KeepsakeCard = Pick<
  Card,
  | 'id'
  | 'templateImageUrl'
  | 'recipientImageUrl'
  | 'greetingAudioUrl'
  | 'message'
  | 'textStyles'
  | 'language'
  | 'recipientName'
  | 'senderName'
> & { invitation: unknown };

/** The words the video draws around the card's own ("To: Bo", "From: Ana"), in the card's language. */
export interface KeepsakeLabels {
  to: string;
  from: string;
}
