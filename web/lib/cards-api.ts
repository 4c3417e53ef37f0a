import { cardMediaApi, type CardMediaKind } from '../../shared/cards/card-media.ts';
import { cardSchema, cardsApi, type Card, type CardInput } from '../../shared/cards/cards.contract.ts';
import { apiRequest, getJson, postJson } from './api-client.ts';

/**
 * The browser's card calls (POST/GET/PATCH /api/cards, DELETE of a media file), shared by the card editor and the overview, which
 * must not import each other (DESIGN §2). Answers are checked against the contract.
 */

export const cardKeys = {
  all: ['cards'] as const,
  card: (id: string) => [...cardKeys.all, id] as const,
};

export async function fetchCard(id: string, signal?: AbortSignal): Promise<Card> {
  return cardSchema.parse(await getJson<unknown>(cardsApi.card(id), undefined, signal));
}

export async function createCard(input: CardInput): Promise<Card> {
  return cardSchema.parse(await postJson<unknown>(cardsApi.create, input));
}

/** A partial update: fields left out keep their saved values. */
export async function updateCard(id: string, input: CardInput): Promise<Card> {
  const body = await apiRequest<unknown>(cardsApi.card(id), {
    init: { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
  });
  return cardSchema.parse(body);
}

/** Removes the card's file of one kind (SPEC §7: its URL becomes null); answers the card. */
export async function removeCardMedia(id: string, kind: CardMediaKind): Promise<Card> {
  return cardSchema.parse(
    await apiRequest<unknown>(cardMediaApi.media(id, kind), { init: { method: 'DELETE' } }),
  );
}
