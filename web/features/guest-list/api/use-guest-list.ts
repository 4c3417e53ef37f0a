import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GuestInput,
  GuestList,
  MessageGuestsRequest,
  RsvpInput,
} from '../../../../shared/invitations/guests.contract.ts';
import { cardKeys, fetchCard } from '../../../lib/cards-api.ts';
import {
  addGuests,
  fetchGuestList,
  importGuests,
  messageGuests,
  recordAnswer,
  removeGuest,
} from './guest-list-api.ts';

/** The invitation whose guests are shown (its event, questions and whether it is paid). */
export function useInvitationCard(cardId: string) {
  return useQuery({ queryKey: cardKeys.card(cardId), queryFn: ({ signal }) => fetchCard(cardId, signal) });
}

/** The host's list: read again whenever the live channel says it changed (`useLiveCredits`). */
export function useGuestList(cardId: string) {
  return useQuery({
    queryKey: cardKeys.guestList(cardId),
    queryFn: ({ signal }) => fetchGuestList(cardId, signal),
    staleTime: 0,
  });
}

/** Adding guests answers the whole list: it replaces the cached one. */
function useListAnswer(cardId: string) {
  const queryClient = useQueryClient();
  return (list: GuestList) => queryClient.setQueryData(cardKeys.guestList(cardId), list);
}

export function useAddGuests(cardId: string) {
  const show = useListAnswer(cardId);
  return useMutation({
    mutationFn: (guests: GuestInput[]) => addGuests(cardId, guests),
    onSuccess: show,
  });
}

export function useImportGuests(cardId: string) {
  const show = useListAnswer(cardId);
  return useMutation({
    mutationFn: (list: string | Blob) => importGuests(cardId, list),
    onSuccess: show,
  });
}

/** Removes a guest: gone from the list at once, then the totals are read again. */
export function useRemoveGuest(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestId: string) => removeGuest(cardId, guestId),
    onSuccess: (_result, guestId) => {
      queryClient.setQueryData<GuestList>(cardKeys.guestList(cardId), (list) =>
        list ? { ...list, guests: list.guests.filter((guest) => guest.id !== guestId) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: cardKeys.guestList(cardId) });
    },
  });
}

/** Records (or clears) an answer given in person: the guest's row at once, then the totals read again. */
export function useRecordAnswer(cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ guestId, answer }: { guestId: string; answer: RsvpInput | null }) =>
      recordAnswer(cardId, guestId, answer),
    onSuccess: (updated) => {
      queryClient.setQueryData<GuestList>(cardKeys.guestList(cardId), (list) =>
        list
          ? { ...list, guests: list.guests.map((guest) => (guest.id === updated.id ? updated : guest)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: cardKeys.guestList(cardId) });
    },
  });
}

/** The host's message to an audience of their guests. */
export function useMessageGuests(cardId: string) {
  return useMutation({ mutationFn: (message: MessageGuestsRequest) => messageGuests(cardId, message) });
}
