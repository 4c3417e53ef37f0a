import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { MyWincsResponse } from '../../../../shared/cards/my-wincs.contract.ts';
import { cardKeys, updateCard } from '../../../lib/cards-api.ts';
import { freshFromPage, takePageData, takePageDataIf } from '../../../lib/page-data.ts';
import {
  deleteCard,
  draftsKey,
  fetchDrafts,
  fetchMyWincs,
  myWincsKeys,
  raiseViewLimit,
} from './my-wincs-api.ts';

/**
 * The signed-in user's paid cards; switching the filter keeps the previous grid until the next arrives. The
 * page opened signed in carries the grid of its address's filter.
 */
export function useMyWincs(categoryId: string | null) {
  return useQuery({
    queryKey: myWincsKeys.list(categoryId),
    queryFn: ({ signal }) => fetchMyWincs(categoryId, signal),
    placeholderData: keepPreviousData,
    staleTime: freshFromPage,
    initialData: () => takePageDataIf('myWincs', (data) => data.categoryId === categoryId)?.answer,
  });
}

/** The caller's cards not paid yet: the way back to a card left before checkout (My WINCS' page carries them). */
export function useDrafts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: draftsKey,
    queryFn: ({ signal }) => fetchDrafts(signal),
    staleTime: freshFromPage,
    initialData: () => takePageData('drafts')?.cards,
    enabled,
  });
}

/** Changes every cached My WINCS list at once (each filter has its own). */
function useUpdateLists() {
  const queryClient = useQueryClient();
  return (change: (data: MyWincsResponse) => MyWincsResponse) =>
    queryClient.setQueriesData<MyWincsResponse>({ queryKey: myWincsKeys.all }, (data) =>
      data ? change(data) : data,
    );
}

/** Deletes a card; it leaves every list at once, and the lists are fetched again for the categories. */
export function useDeleteMyWinc() {
  const queryClient = useQueryClient();
  const updateLists = useUpdateLists();
  return useMutation({
    mutationFn: (cardId: string) => deleteCard(cardId),
    onSuccess: (_result, cardId) => {
      updateLists((data) => ({ ...data, cards: data.cards.filter((card) => card.id !== cardId) }));
      queryClient.removeQueries({ queryKey: cardKeys.card(cardId) });
      void queryClient.invalidateQueries({ queryKey: myWincsKeys.all });
    },
  });
}

/** Puts a card saved elsewhere (the card editor) into every list and the card cache, then refreshes the lists. */
export function useShowSavedWinc() {
  const queryClient = useQueryClient();
  const updateLists = useUpdateLists();
  return (saved: Card) => {
    updateLists((data) => ({
      ...data,
      cards: data.cards.map((card) =>
        card.id === saved.id
          ? { ...saved, category: card.category, views: card.views, viewLimitStatus: card.viewLimitStatus }
          : card,
      ),
    }));
    queryClient.setQueryData(cardKeys.card(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: myWincsKeys.all });
  };
}

/** One email to the sender the first time the card is opened, or not (DESIGN §1.7). */
export function useSetNotifyOnOpen() {
  const queryClient = useQueryClient();
  const updateLists = useUpdateLists();
  return useMutation({
    mutationFn: ({ cardId, notifyOnOpen }: { cardId: string; notifyOnOpen: boolean }) =>
      updateCard(cardId, { notifyOnOpen }),
    onSuccess: (saved: Card) => {
      updateLists((data) => ({
        ...data,
        cards: data.cards.map((card) =>
          card.id === saved.id ? { ...card, notifyOnOpen: saved.notifyOnOpen } : card,
        ),
      }));
      queryClient.setQueryData(cardKeys.card(saved.id), saved);
    },
  });
}

/**
 * Raises a card's view limit (once, for credits): the card shows its new limit at once, and the lists are
 * read again for its status; the balance follows through the live stream.
 */
export function useRaiseViewLimit() {
  const queryClient = useQueryClient();
  const updateLists = useUpdateLists();
  return useMutation({
    mutationFn: (cardId: string) => raiseViewLimit(cardId),
    onSuccess: ({ card: saved }) => {
      updateLists((data) => ({
        ...data,
        cards: data.cards.map((card) =>
          card.id === saved.id
            ? {
                ...card,
                viewLimit: saved.viewLimit,
                viewLimitStatus: { reached: false, raised: true, offer: null },
              }
            : card,
        ),
      }));
      queryClient.setQueryData(cardKeys.card(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: myWincsKeys.all });
    },
  });
}
