import type { CardMediaKind } from '../../../../shared/cards/card-media.ts';
import type { Card } from '../../../../shared/cards/cards.contract.ts';

/** One media slot of the form: a newly chosen file, and whether the card's saved file is kept. */
export interface MediaChoice {
  file: File | null;
  keepSaved: boolean;
}

export type MediaEdits = Record<CardMediaKind, MediaChoice>;

export const NO_MEDIA_EDITS: MediaEdits = {
  image: { file: null, keepSaved: true },
  video: { file: null, keepSaved: true },
  audio: { file: null, keepSaved: true },
};

/** The card's saved file URL of each kind (what the fields show as 'Existing …'). */
export function savedMediaUrls(card: Card | null): Record<CardMediaKind, string | null> {
  return {
    image: card?.recipientImageUrl ?? null,
    video: card?.videoUrl ?? null,
    audio: card?.audioUrl ?? null,
  };
}

/** Small files first, so a problem with the video does not hold the others back. */
const UPLOAD_ORDER: CardMediaKind[] = ['image', 'audio', 'video'];

/**
 * What saving must do to the card's files: upload each newly chosen file (it replaces the saved one on the
 * server), and remove the saved files the sender removed without choosing another.
 */
export function mediaChanges(
  saved: Record<CardMediaKind, string | null>,
  edits: MediaEdits,
): { uploads: Array<{ kind: CardMediaKind; file: File }>; removals: CardMediaKind[] } {
  const uploads = UPLOAD_ORDER.flatMap((kind) => {
    const file = edits[kind].file;
    return file ? [{ kind, file }] : [];
  });
  const removals = UPLOAD_ORDER.filter((kind) => !edits[kind].file && !edits[kind].keepSaved && saved[kind]);
  return { uploads, removals };
}
