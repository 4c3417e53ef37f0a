import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { RaiseViewLimitResponse } from '../../../../shared/cards/card-views.contract.ts';
import type { DraftsResponse, MyWincsResponse } from '../../../../shared/cards/my-wincs.contract.ts';
import { ApiRequestError, errorFromResponse, getJson, postJson } from '../../../lib/api-client.ts';
import { cardKeys } from '../../../lib/cards-api.ts';
import { cardsApi, myWincsApi } from '../../../../shared/api-paths.ts';

/**
 * My WINCS calls: the list, the drafts, deleting a card and raising its view limit (the card editor saves an
 * edit).
 */

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

/** POST /api/cards/:id/view-limit — raises the card's view limit to the offered one, once, for credits. */
export function raiseViewLimit(cardId: string): Promise<RaiseViewLimitResponse> {
  return postJson<RaiseViewLimitResponse>(cardsApi.viewLimit(cardId));
}
