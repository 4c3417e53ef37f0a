import {
  isSealed,
  REVEAL_MAX_AHEAD_MS,
  type RevealRequest,
  type RevealResponse,
} from '../../../shared/cards/reveal.contract.ts';
import { canonicalTimeZone, instantOf, localOf } from '../../../shared/time/zoned-time.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { loadCardFor } from './card-access.ts';
import { canUpdateCard, type CardActor } from './cards.policy.ts';
import { presentReveal } from './cards.presenter.ts';
import type { CardRecord, CardsRepository } from './cards.repository.ts';

export type CardRevealService = ReturnType<typeof createCardRevealService>;

/**
 * The sender schedules when a card's link opens (DESIGN §1.22, docs/decisions/0036-scheduled-reveal.md): a
 * wall-clock time in an IANA zone, stored as the UTC instant with the zone. A time the zone skips (a
 * spring-forward gap) becomes the next existing one and the answer says so. It may be moved or cancelled
 * until it passes, never after.
 */
export function createCardRevealService(deps: {
  cards: Pick<CardsRepository, 'findById' | 'setReveal'>;
  now: () => Date;
  /** Told of each card whose reveal was set, moved or cancelled (delivery schedules its mail by it). */
  onChanged: (card: CardRecord) => Promise<void>;
}) {
  const { cards, now } = deps;
  return {
    async setReveal(actor: CardActor, cardId: string, request: RevealRequest): Promise<RevealResponse> {
      const card = await loadCardFor(cards, actor, cardId, canUpdateCard);
      const at = now();
      if (card.revealAt !== null && !isSealed(card, at)) throw new AppError('already-revealed');
      let reveal: { at: Date; timeZone: string } | null = null;
      let adjusted = false;
      if (request.reveal !== null) {
        const timeZone = canonicalTimeZone(request.reveal.timeZone);
        if (timeZone === null) throw new AppError('unknown-time-zone');
        const instant = instantOf(request.reveal.at, timeZone);
        if (instant === null) throw new AppError('validation-failed');
        if (instant.getTime() <= at.getTime()) throw new AppError('reveal-in-past');
        if (instant.getTime() - at.getTime() > REVEAL_MAX_AHEAD_MS) throw new AppError('reveal-too-far');
        adjusted = localOf(instant, timeZone) !== request.reveal.at;
        reveal = { at: instant, timeZone };
      }
      if (!(await cards.setReveal(card.id, reveal, card.revealAt, at)))
        throw new AppError('already-revealed');
      const saved = { ...card, revealAt: reveal?.at ?? null, revealTimeZone: reveal?.timeZone ?? null };
      await deps.onChanged(saved);
      return { reveal: presentReveal(saved), adjusted };
    },
  };
}
