import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreditsEvent, CurrentUser } from '../../../../shared/accounts/accounts.contract.ts';
import { cardKeys } from '../../../lib/cards-api.ts';
import { refreshSession, sessionQueryKey } from './session-query.ts';
import { accountsApi } from '../../../../shared/api-paths.ts';
import {
  CARD_ACTIVITY_EVENT,
  CARD_REPLIES_EVENT,
  DELIVERY_EVENT,
  GUEST_LIST_EVENT,
} from '../../../../shared/api-paths.ts';

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Keeps the balance live (DESIGN §1.14): while signed in, listens to `GET /api/me/events` and writes each
 * `credits` event into the `['me']` query, so the header changes without a reload (and refreshes My WINCS on a
 * `card-activity` event, DESIGN §1.7, the replies on a `card-replies` event, §1.21, the delivery logs on a `card-delivery` event,
 * §1.22, and an open guest list on a `guest-list` event, §1.20), also when the balance changed in another tab, on another device or through another server instance. The browser
 * reconnects a dropped stream on its own; when the server closes it for good (signed out, 401) we re-check the
 * session and retry with back-off while still signed in. After a reconnect the user and the guest lists are
 * read again (events may have been missed meanwhile).
 */
export function useLiveCredits(userId: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let delay = RETRY_MIN_MS;
    let opened = false;
    let stopped = false;

    const onCredits = (event: MessageEvent<string>) => {
      // Our own server's event, read as its contract says (the first load carries no schema library).
      let data: CreditsEvent;
      try {
        data = JSON.parse(event.data) as CreditsEvent;
      } catch {
        return;
      }
      if (typeof data.credits !== 'number' || typeof data.tier !== 'string') return;
      queryClient.setQueryData<CurrentUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, credits: data.credits, tier: data.tier } : user,
      );
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource(accountsApi.meEvents, { withCredentials: true });
      source.addEventListener('credits', onCredits as EventListener);
      // A recipient opened one of the user's cards or played something in it: My WINCS shows it at once.
      source.addEventListener(CARD_ACTIVITY_EVENT, () => {
        void queryClient.invalidateQueries({ queryKey: cardKeys.paidLists });
        void queryClient.invalidateQueries({ queryKey: cardKeys.deliveryLogs });
      });
      // A mailed card was sent, bounced or is retried: its delivery log shows it at once.
      source.addEventListener(DELIVERY_EVENT, () => {
        void queryClient.invalidateQueries({ queryKey: cardKeys.deliveryLogs });
      });
      // A guest answered, opened their link or joined through the group link: the open list asks again.
      source.addEventListener(GUEST_LIST_EVENT, () => {
        void queryClient.invalidateQueries({ queryKey: cardKeys.guestLists });
      });
      // Someone replied to one of the user's cards (DESIGN §1.21): its badge, its open list and its delivery
      // log show it.
      source.addEventListener(CARD_REPLIES_EVENT, () => {
        void queryClient.invalidateQueries({ queryKey: cardKeys.replies });
        void queryClient.invalidateQueries({ queryKey: cardKeys.deliveryLogs });
      });
      source.addEventListener('open', () => {
        if (opened) {
          void refreshSession(queryClient).catch(() => undefined);
          void queryClient.invalidateQueries({ queryKey: cardKeys.guestLists });
          void queryClient.invalidateQueries({ queryKey: cardKeys.replies });
          void queryClient.invalidateQueries({ queryKey: cardKeys.deliveryLogs });
        }
        opened = true;
        delay = RETRY_MIN_MS;
      });
      source.addEventListener('error', () => {
        if (!source || source.readyState !== EventSource.CLOSED) return; // The browser is reconnecting.
        source.close();
        source = null;
        // Closed for good: maybe the session ended. Re-check; the effect stops when the user goes away.
        void refreshSession(queryClient).catch(() => undefined);
        retryTimer = window.setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, queryClient]);
}
