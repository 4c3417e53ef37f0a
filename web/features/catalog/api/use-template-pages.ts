import { useInfiniteQuery } from '@tanstack/react-query';
import type { TemplatePage } from '../../../../shared/catalog/catalog.contract.ts';
import { normalizeTemplateFilters, type TemplateFilters } from '../../../../shared/catalog/catalog.rules.ts';
import { getJson } from '../../../lib/api-client.ts';
import { takePageDataIf } from '../../../lib/page-data.ts';
import { catalogKeys } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/** The page after `last`, or undefined when the list is complete. */
export function nextPageParam(last: Pick<TemplatePage, 'page' | 'hasMore'>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

function sameFilters(a: TemplateFilters, b: TemplateFilters): boolean {
  return JSON.stringify(normalizeTemplateFilters(a)) === JSON.stringify(normalizeTemplateFilters(b));
}

/** A paged template list (12 per page) behind the category, style, event and search grids. */
export function useTemplatePages(filters: TemplateFilters, options: { enabled?: boolean } = {}) {
  const normalized = normalizeTemplateFilters(filters);
  return useInfiniteQuery({
    queryKey: catalogKeys.templates(normalized),
    queryFn: ({ pageParam, signal }) =>
      getJson<TemplatePage>(catalogApi.templates, { ...normalized, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: options.enabled ?? true,
    // A category or style page served by the server carries the first page of its grid.
    initialData: () => {
      const first = takePageDataIf('templates', (data) => sameFilters(data.filters, normalized));
      return first && { pages: [first.firstPage], pageParams: [1] };
    },
  });
}
