import type { Card, CardInput } from '../../../../shared/cards/cards.contract.ts';
import type { DraftsResponse, MyWincsResponse } from '../../../../shared/cards/my-wincs.contract.ts';
import { ApiRequestError, errorFromResponse, getJson } from '../../../lib/api-client.ts';
import { cardKeys, removeCardMedia, updateCard } from '../../../lib/cards-api.ts';
import { isMobileDevice } from '../../../lib/device.ts';
import { myWincsApi } from '../../../../shared/api-paths.ts';

/** My WINCS calls: the list, the drafts, deleting a card, and saving the edit modal (text, then the image). */

export const myWincsKeys = {
  all: cardKeys.paidLists,
  /** One list per category filter (null: all). */
  list: (categoryId: string | null) => [...myWincsKeys.all, categoryId ?? ''] as const,
};

export async function fetchMyWincs(
  categoryId: string | null,
  signal?: AbortSignal,
): Promise<MyWincsResponse> {
  return getJson<MyWincsResponse>(myWincsApi.list, { category: categoryId }, signal);
}

/** The caller's unpaid cards, newest first (their own query key: the list updaters above never touch it). */
export const draftsKey = ['my-wincs-drafts'] as const;

export async function fetchDrafts(signal?: AbortSignal): Promise<Card[]> {
  return (await getJson<DraftsResponse>(myWincsApi.drafts, undefined, signal)).cards;
}

/** DELETE /api/cards/:id answers 204 without a body, so it is not a JSON call. */
export async function deleteCard(id: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(myWincsApi.card(id), {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new ApiRequestError('Network error', { code: null, status: null, cause: error });
  }
  if (!response.ok) throw await errorFromResponse(response);
}

/** What the edit modal changes: the names and message, and the recipient image (a new file, or removed). */
export interface MyWincEdit {
  text: Pick<CardInput, 'senderName' | 'recipientName' | 'message'>;
  image: { file: File } | { remove: true } | null;
}

/**
 * Saves the edit modal: the text first (a partial update), then the image — uploaded the way the editor
 * uploads it, or removed. Answers the card as saved.
 */
export async function saveMyWincEdit(cardId: string, edit: MyWincEdit): Promise<Card> {
  let saved = await updateCard(cardId, edit.text);
  if (edit.image && 'file' in edit.image) {
    // The upload code loads with the first image saved here, not with every page that lists drafts.
    const { uploadCardMedia } = await import('../../../lib/uploads/card-media-upload.ts');
    saved = await uploadCardMedia({
      cardId,
      kind: 'image',
      file: edit.image.file,
      fileName: edit.image.file.name,
      isMobile: isMobileDevice(),
    });
  } else if (edit.image) {
    saved = await removeCardMedia(cardId, 'image');
  }
  return saved;
}
