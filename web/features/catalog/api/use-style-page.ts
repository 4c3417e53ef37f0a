import { useQuery } from '@tanstack/react-query';
import type { StylePage } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { takePageDataIf } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/** The style and the categories present in it (the category filter of the style page). */
export function useStylePage(name: string) {
  return useQuery({
    queryKey: catalogKeys.stylePage(name),
    queryFn: ({ signal }) => getJson<StylePage>(catalogApi.style(name), undefined, signal),
    // A style page served by the server carries its answer.
    initialData: () => takePageDataIf('stylePage', (data) => data.name === name)?.answer,
  });
}
