import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { TemplatePage, TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { PRIORITY_IMAGE_COUNT } from '../../../../shared/constants.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';
import { useTemplateHighlight } from '../hooks/use-template-highlight.ts';
import { flattenPages } from '../lib/template-pages.ts';
import { TemplateCard } from './template-card.tsx';
import { gridClasses } from './template-grid-layout.ts';
import { TemplateGridSkeleton } from './template-skeletons.tsx';

export type TemplatePagesQuery = UseInfiniteQueryResult<InfiniteData<TemplatePage>>;

interface TemplateGridProps {
  query: TemplatePagesQuery;
  /** Accessible name of the list. */
  label: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  onSelectTemplate: (template: TemplateSummary) => void;
  /** A template to load, scroll to and highlight (New Drops jump). */
  highlightTemplateId?: string | null;
  onHighlightSettled?: () => void;
  /** The highlighted template, once its highlight ends. */
  onHighlightEnd?: (template: TemplateSummary) => void;
}

/**
 * The paged template grid: 12 per page, the next page when the end comes within 200 px (after 500 ms), a
 * loading indicator, Retry on a failed page, skeletons while the first page loads.
 */
export function TemplateGrid({
  query,
  label,
  empty,
  onSelectTemplate,
  highlightTemplateId = null,
  onHighlightSettled,
  onHighlightEnd,
}: TemplateGridProps) {
  const { t } = useTranslation();
  const {
    data,
    isPending,
    isError,
    error,
    refetch,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    fetchNextPage,
  } = query;
  const isFetchNextPageError = query.isFetchNextPageError;
  const items = flattenPages(data?.pages);

  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const { sentinelRef, isWaiting } = useInfiniteScroll({
    hasMore: hasNextPage,
    isFetching,
    onLoadMore: loadMore,
    enabled: !isFetchNextPageError && !isPending,
  });
  const highlightedId = useTemplateHighlight({
    targetId: highlightTemplateId,
    items,
    isReady: !isPending && !isError,
    hasNextPage,
    isFetching,
    fetchNextPage: loadMore,
    onSettled: onHighlightSettled,
    onHighlightEnd,
  });

  if (isPending) return <TemplateGridSkeleton />;
  if (isError && !data) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (items.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul data-testid="template-grid" aria-label={label} className={gridClasses}>
        {items.map((template, index) => (
          <li key={template.id} className="flex">
            <TemplateCard
              template={template}
              onSelect={onSelectTemplate}
              priority={index < PRIORITY_IMAGE_COUNT}
              lead={index === 0}
              highlighted={highlightedId === template.id}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      <div className="flex min-h-16 items-center justify-center py-6">
        {isFetchNextPageError ? (
          <div role="alert" className="flex flex-col items-center gap-3 text-center text-sm text-muted">
            <p>{t(errorMessageKey(error))}</p>
            <Button variant="secondary" size="sm" onClick={loadMore}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('common.retry')}
            </Button>
          </div>
        ) : isWaiting || isFetchingNextPage ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm font-semibold text-muted">
            <Spinner />
            {t('common.loadingMore')}
          </p>
        ) : !hasNextPage && (data?.pages.length ?? 0) > 1 ? (
          <p className="text-sm text-muted">{t('common.endOfList')}</p>
        ) : null}
      </div>
    </div>
  );
}
