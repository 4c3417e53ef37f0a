import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client.ts';

/** One QueryClient for the app: the catalog changes rarely, and a 4xx answer will not change on retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 30 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
    },
  });
}
