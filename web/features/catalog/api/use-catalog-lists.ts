import { useQuery } from '@tanstack/react-query';
import type { CatalogLists } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { takePageData } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/**
 * All active categories, styles and events (style links, translated names of a template's category/style). A
 * catalog page the server rendered carries them already.
 */
export function useCatalogLists() {
  return useQuery({
    queryKey: catalogKeys.lists(),
    queryFn: ({ signal }) => getJson<CatalogLists>(catalogApi.lists, undefined, signal),
    staleTime: 10 * 60_000,
    initialData: () => takePageData('lists'),
  });
}
