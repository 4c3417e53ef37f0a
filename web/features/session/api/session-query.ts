import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser, MeResponse } from '../../../../shared/accounts/accounts.contract.ts';
import { useAfterTakeOver } from '../../../lib/after-take-over.ts';
import { ApiRequestError, getJson } from '../../../lib/api-client.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { accountsApi } from '../../../../shared/api-paths.ts';

/** The signed-in user lives under this one query key; other features refresh it through `useSession`. */
export const sessionQueryKey = ['me'] as const;

/** GET /api/me; an expired or revoked session (401, or `user: null`) is simply "signed out". */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    // Read as the contract types it: every page asks, and the first load carries no schema library.
    const body = await getJson<MeResponse>(accountsApi.me, undefined, signal);
    return body.user;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  user: CurrentUser | null;
  status: SessionStatus;
  /** Reloads the user from the server (after sign-in, an account change…); resolves with the fresh user. */
  refresh: () => Promise<CurrentUser | null>;
}

export function sessionQueryOptions() {
  return {
    queryKey: sessionQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchCurrentUser(signal),
    // Other tabs and devices change the balance; focus and a slow poll catch what the live stream missed.
    staleTime: 15_000,
    refetchOnWindowFocus: 'always' as const,
    refetchInterval: 5 * 60_000,
  };
}

export function refreshSession(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/**
 * The current user (TanStack Query `['me']`), shared by the header, protected pages and forms. A page that
 * needs the session, opened signed in, carries it: that page shows at once, without asking.
 */
export function useSession(): Session {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...sessionQueryOptions(),
    enabled: useAfterTakeOver(),
    initialData: () => takePageData('me'),
  });
  const refresh = useCallback(() => refreshSession(queryClient), [queryClient]);
  const user = query.data ?? null;
  const status: SessionStatus = query.isPending ? 'loading' : user ? 'signed-in' : 'signed-out';
  return { user, status, refresh };
}

/** Just the user, or null while loading or signed out. */
export function useCurrentUser(): CurrentUser | null {
  return useSession().user;
}
