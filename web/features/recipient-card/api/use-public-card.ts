import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicCard } from '../../../../shared/cards/cards.contract.ts';
import { getJson, isClientError } from '../../../lib/api-client.ts';
import { cardsApi } from '../../../../shared/api-paths.ts';

/** A failure that is not the server's answer about the card (the network, a 5xx) is tried again, twice. */
const RETRY_DELAYS_MS = [1000, 2000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchPublicCard(id: string): Promise<PublicCard> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await getJson<PublicCard>(cardsApi.publicCard(id));
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || isClientError(error)) throw error;
      await wait(delay);
    }
  }
}

type PublicCardState =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: PublicCard; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * The card behind a share link (GET /api/public/cards/:id), for anyone, signed in or not, asked for once per
 * page load (each ask counts as the device's view, DESIGN §1.7; the page's `preload` of it is reused). A card
 * that is not paid yet and one that does not exist are one answer, 404 `card-not-ready`, which is not retried.
 *
 * The page's only request: a query library would add more to a share link's first load than this page is.
 */
export function usePublicCard(cardId: string) {
  const [state, setState] = useState<PublicCardState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  // One request per card and attempt, even when an effect runs twice (React's strict mode in development).
  const request = useRef<{ key: string; answer: Promise<PublicCard> } | null>(null);

  useEffect(() => {
    const key = `${cardId}\n${attempt}`;
    if (request.current?.key !== key) request.current = { key, answer: fetchPublicCard(cardId) };
    let current = true;
    request.current.answer.then(
      (data) => current && setState({ status: 'success', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [cardId, attempt]);

  const refetch = useCallback(() => {
    setState({ status: 'pending' });
    setAttempt((count) => count + 1);
  }, []);

  return { data: state.data, error: state.error, isError: state.status === 'error', refetch };
}
