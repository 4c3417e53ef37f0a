import { useInfiniteQuery } from '@tanstack/react-query';
import type { TemplatePage } from '../../../../shared/catalog/catalog.contract.ts';
import { getJson } from '../../../lib/api-client.ts';
import { catalogKeys, normalizeFilters, type TemplateFilters } from './catalog-keys.ts';
import { catalogApi } from '../../../../shared/api-paths.ts';

/** The page after `last`, or undefined when the list is complete. */
export function nextPageParam(last: Pick<TemplatePage, 'page' | 'hasMore'>): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/** A paged template list (12 per page) behind the category, style, event and search grids. */
export function useTemplatePages(filters: TemplateFilters, options: { enabled?: boolean } = {}) {
  const normalized = normalizeFilters(filters);
  return useInfiniteQuery({
    queryKey: catalogKeys.templates(normalized),
    queryFn: ({ pageParam, signal }) =>
      getJson<TemplatePage>(catalogApi.templates, { ...normalized, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: options.enabled ?? true,
  });
}
