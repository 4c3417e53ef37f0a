import type { CardMediaKind } from '../../shared/cards/card-media.ts';
import type { Card, CardInput } from '../../shared/cards/cards.contract.ts';
import { apiRequest, getJson } from './api-client.ts';
import { currentLanguage } from './i18n.ts';
import { cardMediaApi, cardsApi } from '../../shared/api-paths.ts';
import { LANGUAGE_HEADER } from '../../shared/i18n/languages.ts';

/**
 * The browser's card calls (POST/GET/PATCH /api/cards, DELETE of a media file), shared by the card editor and the overview, which
 * must not import each other (DESIGN §2). Answers are checked against the contract.
 */

export const cardKeys = {
  all: ['cards'] as const,
  card: (id: string) => [...cardKeys.all, id] as const,
  /** Every My WINCS list (each filter has its own under it): refreshed when a recipient opens a card. */
  paidLists: ['my-wincs'] as const,
  /** Every invitation's guest list: read again when the live channel says one changed. */
  guestLists: ['guest-lists'] as const,
  guestList: (cardId: string) => [...cardKeys.guestLists, cardId] as const,
  /** Replies to the user's cards (lists, new counts): read again when the live channel says one came. */
  replies: ['card-replies'] as const,
  /** Every card's delivery log: read again when a delivery moved on or a recipient opened a card. */
  deliveryLogs: ['delivery-logs'] as const,
};

export async function fetchCard(id: string, signal?: AbortSignal): Promise<Card> {
  return getJson<Card>(cardsApi.card(id), undefined, signal);
}

/** A card's body, with the UI language: a card in another language is a Plus and Premium feature. */
function cardRequest(method: 'POST' | 'PATCH', input: CardInput): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: currentLanguage() },
    body: JSON.stringify(input),
  };
}

export async function createCard(input: CardInput): Promise<Card> {
  return apiRequest<Card>(cardsApi.create, { init: cardRequest('POST', input) });
}

/** A partial update: fields left out keep their saved values. */
export async function updateCard(id: string, input: CardInput): Promise<Card> {
  return apiRequest<Card>(cardsApi.card(id), { init: cardRequest('PATCH', input) });
}

/** Removes the card's file of one kind (SPEC §7: its URL becomes null); answers the card. */
export async function removeCardMedia(id: string, kind: CardMediaKind): Promise<Card> {
  return apiRequest<Card>(cardMediaApi.media(id, kind), { init: { method: 'DELETE' } });
}
