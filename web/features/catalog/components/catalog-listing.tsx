import type { ReactNode } from 'react';
import { SearchInput } from '../../../components/search-input.tsx';
import { CatalogPageHeader } from './catalog-page-header.tsx';

interface CatalogListingProps {
  eyebrow: string;
  /** null while the title is still loading. */
  title: string | null;
  count: number | undefined;
  /** The page's subject does not exist: only `empty` is shown. */
  notFound: boolean;
  empty: ReactNode;
  /** Search and filter are hidden on a page that has nothing to filter. */
  showFilters: boolean;
  search: { value: string; label: string; placeholder: string; onSearch: (next: string) => void };
  filter: ReactNode;
  grid: ReactNode;
}

/** The shared frame of the category and style pages: title, search, one filter row, the template grid. */
export function CatalogListing({
  eyebrow,
  title,
  count,
  notFound,
  empty,
  showFilters,
  search,
  filter,
  grid,
}: CatalogListingProps) {
  return (
    <>
      <CatalogPageHeader eyebrow={eyebrow} title={title} count={notFound ? undefined : count} />
      {notFound ? (
        empty
      ) : (
        <>
          {showFilters && (
            <div className="space-y-4">
              <SearchInput
                className="max-w-md"
                value={search.value}
                label={search.label}
                placeholder={search.placeholder}
                onSearch={search.onSearch}
              />
              {filter}
            </div>
          )}
          {grid}
        </>
      )}
    </>
  );
}
