import { useQuery } from '@tanstack/react-query';
import { catalogApi, type HomeResponse } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { catalogKeys } from './catalog-keys.ts';

/** The home page: active events and the ordered sections (New Drops first). */
export function useHomeCatalog() {
  return useQuery({
    queryKey: catalogKeys.home(),
    queryFn: ({ signal }) => getJson<HomeResponse>(catalogApi.home, undefined, signal),
  });
}
