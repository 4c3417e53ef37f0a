import { useQuery } from '@tanstack/react-query';
import type { CategoryPage } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { takePageDataIf } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/** What the category page shows besides its templates: kind, category and the style filter's styles. */
export function useCategoryPage(name: string) {
  return useQuery({
    queryKey: catalogKeys.categoryPage(name),
    queryFn: ({ signal }) => getJson<CategoryPage>(catalogApi.category(name), undefined, signal),
    // A category page served by the server carries its answer.
    initialData: () => takePageDataIf('categoryPage', (data) => data.name === name)?.answer,
  });
}
