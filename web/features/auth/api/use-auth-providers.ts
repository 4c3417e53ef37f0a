import { useQuery } from '@tanstack/react-query';
import { fetchAuthProviders } from './auth-api.ts';

/** Whether Google sign-in is configured on this server; undefined until known (or when the check failed). */
export function useGoogleAvailable(): boolean | undefined {
  const query = useQuery({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: 10 * 60_000,
  });
  return query.data?.google;
}
