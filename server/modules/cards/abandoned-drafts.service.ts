import type { CardFiles } from './card-files.ts';
import type { CardsRepository } from './cards.repository.ts';

/** Drafts removed per statement batch, and batches per run: a backlog clears over a few runs, never in one lock. */
export const ABANDONED_DRAFTS_BATCH = 200;
const BATCHES_PER_RUN = 10;

export type AbandonedDraftsService = ReturnType<typeof createAbandonedDraftsService>;

/**
 * The retention of guest drafts (docs/decisions/0023-operations.md): a card a guest made and left — never paid,
 * never taken over by an account, untouched for `retentionMs` — is removed with its image, video, voice
 * message and the bytes of its unfinished uploads. A paid card, a user's card and a card its guest touched
 * within the period are never removed: the rule is checked again by each card's DELETE, so a guest who comes
 * back at that moment keeps their card.
 */
export function createAbandonedDraftsService(deps: {
  cards: Pick<CardsRepository, 'abandonedGuestDraftIds' | 'deleteAbandonedGuestDraft'>;
  files: Pick<CardFiles, 'removeFilesOf'>;
  retentionMs: number;
  now: () => Date;
  batchSize?: number;
}) {
  const { cards, files, retentionMs, now } = deps;
  const batchSize = deps.batchSize ?? ABANDONED_DRAFTS_BATCH;

  return {
    /** One run: batches of drafts past retention, until none is left or the run's share is done. */
    async removeAbandonedGuestDrafts(): Promise<{ cards: number; files: number }> {
      const cutoff = new Date(now().getTime() - retentionMs);
      let removedCards = 0;
      let removedFiles = 0;
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const ids = await cards.abandonedGuestDraftIds(cutoff, batchSize);
        for (const id of ids) {
          const removed = await cards.deleteAbandonedGuestDraft(id, cutoff);
          if (!removed) continue;
          removedCards++;
          removedFiles += await files.removeFilesOf(id, removed);
        }
        if (ids.length < batchSize) break;
      }
      return { cards: removedCards, files: removedFiles };
    },
  };
}
