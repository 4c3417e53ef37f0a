import { useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { useAfterTakeOver } from '../../../lib/after-take-over.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/**
 * The home page: active events and the ordered sections (New Drops first). A page served at `/` carries the
 * answer for its first screen (its first rows' cards, `homeForFirstScreen`), so that screen needs no request;
 * the whole answer is asked for once the page has been taken over.
 */
export function useHomeCatalog() {
  return useQuery({
    queryKey: catalogKeys.home(),
    queryFn: ({ signal }) => getJson<HomeResponse>(catalogApi.home, undefined, signal),
    initialData: () => takePageData('home'),
    initialDataUpdatedAt: 0,
    enabled: useAfterTakeOver(),
  });
}
