import { describe, expect, it } from 'vitest';
import { normalizeTemplateFilters } from '../../../../shared/catalog/catalog.rules.ts';
import { catalogKeys } from './catalog-keys.ts';
import { nextPageParam } from './use-template-pages.ts';

describe('catalog query keys', () => {
  it('share one cache entry for equivalent filters', () => {
    expect(catalogKeys.templates({ category: 'Birthday', q: ' ' })).toEqual(
      catalogKeys.templates({ category: ' Birthday ' }),
    );
    expect(normalizeTemplateFilters({ style: '', event: 'ev1' })).toEqual({ event: 'ev1' });
  });

  it('asks for the next page only while there are more', () => {
    expect(nextPageParam({ page: 1, hasMore: true })).toBe(2);
    expect(nextPageParam({ page: 3, hasMore: false })).toBeUndefined();
  });
});
