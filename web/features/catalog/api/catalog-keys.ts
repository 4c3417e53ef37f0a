import type { TemplateListQuery } from '../../../../shared/catalog/catalog.contract.ts';

/** Filters of a paged template list (everything but the page number). */
export type TemplateFilters = Omit<TemplateListQuery, 'page'>;

/** Drops empty filters so `{q: ''}` and `{}` share one cache entry. */
export function normalizeFilters(filters: TemplateFilters): TemplateFilters {
  const out: TemplateFilters = {};
  for (const key of ['category', 'style', 'event', 'q'] as const) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** TanStack Query keys of the catalog, one place so invalidation stays consistent. */
export const catalogKeys = {
  all: ['catalog'] as const,
  home: () => [...catalogKeys.all, 'home'] as const,
  lists: () => [...catalogKeys.all, 'lists'] as const,
  templates: (filters: TemplateFilters) =>
    [...catalogKeys.all, 'templates', normalizeFilters(filters)] as const,
  categoryPage: (name: string) => [...catalogKeys.all, 'category', name] as const,
  stylePage: (name: string) => [...catalogKeys.all, 'style', name] as const,
};
