import { normalizeTemplateFilters, type TemplateFilters } from '../../../../shared/catalog/catalog.rules.ts';

/** TanStack Query keys of the catalog, one place so invalidation stays consistent. */
export const catalogKeys = {
  all: ['catalog'] as const,
  home: () => [...catalogKeys.all, 'home'] as const,
  lists: () => [...catalogKeys.all, 'lists'] as const,
  templates: (filters: TemplateFilters) =>
    [...catalogKeys.all, 'templates', normalizeTemplateFilters(filters)] as const,
  categoryPage: (name: string) => [...catalogKeys.all, 'category', name] as const,
  stylePage: (name: string) => [...catalogKeys.all, 'style', name] as const,
};
