import { useCallback, useEffect, useRef, useState } from 'react';
import { isClientError } from './api-client.ts';

/** A failure that is not the server's answer (the network, a 5xx) is tried again, twice. */
const RETRY_DELAYS_MS = [1000, 2000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || isClientError(error)) throw error;
      await wait(delay);
    }
  }
}

type AnswerState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * The one answer a recipient page is about (a shared card, a guest's invitation), asked for once per page load
 * and `key` (asking may count: a view, a guest's link opened; the page's `preload` of it is reused), retried
 * twice unless the server said no. The recipient page's only requests: a query library would add more to a
 * share link's first load than this page is.
 */
export function usePageAnswer<T>(key: string, load: (key: string) => Promise<T>) {
  const [state, setState] = useState<AnswerState<T>>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  // One request per key and attempt, even when an effect runs twice (React's strict mode in development).
  const request = useRef<{ key: string; answer: Promise<T> } | null>(null);

  useEffect(() => {
    const requestKey = `${key}\n${attempt}`;
    if (request.current?.key !== requestKey) {
      request.current = { key: requestKey, answer: withRetries(() => load(key)) };
    }
    let current = true;
    request.current.answer.then(
      (data) => current && setState({ status: 'success', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt, load]);

  const refetch = useCallback(() => {
    setState({ status: 'pending' });
    setAttempt((count) => count + 1);
  }, []);

  return { data: state.data, error: state.error, isError: state.status === 'error', refetch };
}
