import { useState } from 'react';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import type { Reveal } from '../../../../shared/cards/reveal.contract.ts';

/**
 * The card's reveal while its link is still sealed (DESIGN §1.22), as of when the tile or details were shown;
 * null once the moment has passed or when none was set.
 */
export function useSealedReveal(card: Pick<MyWinc, 'reveal'>): Reveal | null {
  const [shownAt] = useState(Date.now);
  return card.reveal && Date.parse(card.reveal.revealAt) > shownAt ? card.reveal : null;
}
