import { useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/**
 * The home page: active events and the ordered sections (New Drops first). A page served at `/` carries the
 * answer already, so the first screen needs no request.
 */
export function useHomeCatalog() {
  return useQuery({
    queryKey: catalogKeys.home(),
    queryFn: ({ signal }) => getJson<HomeResponse>(catalogApi.home, undefined, signal),
    initialData: () => takePageData('home'),
  });
}
