import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_DELAY_MS, INFINITE_SCROLL_THRESHOLD_PX } from '../../shared/constants.ts';
import { createLoadMoreScheduler, type LoadMoreScheduler } from './load-more-scheduler.ts';

export interface InfiniteScrollOptions {
  hasMore: boolean;
  /** True while a page is being fetched; no new load is scheduled meanwhile. */
  isFetching: boolean;
  onLoadMore: () => void;
  /** Pause (e.g. after a failed page, until the user retries). */
  enabled?: boolean;
}

/**
 * Attach `sentinelRef` to an element after the list: when it comes within 200 px of the bottom of the
 * viewport, the next page loads after 500 ms (SPEC §9). `isWaiting` is true during that delay so the UI can
 * show its loading indicator straight away.
 */
export function useInfiniteScroll({
  hasMore,
  isFetching,
  onLoadMore,
  enabled = true,
}: InfiniteScrollOptions) {
  const [sentinel, setSentinel] = useState<Element | null>(null);
  const [isWaiting, setIsWaiting] = useState(false);
  const latest = useRef({ hasMore, isFetching, onLoadMore, enabled });
  useEffect(() => {
    latest.current = { hasMore, isFetching, onLoadMore, enabled };
  });

  const scheduler = useRef<LoadMoreScheduler | null>(null);
  useEffect(() => {
    const created = createLoadMoreScheduler({
      delayMs: INFINITE_SCROLL_DELAY_MS,
      canLoad: () => latest.current.enabled && latest.current.hasMore && !latest.current.isFetching,
      load: () => latest.current.onLoadMore(),
      onWaitingChange: setIsWaiting,
    });
    scheduler.current = created;
    return () => {
      created.cancel();
      scheduler.current = null;
    };
  }, []);

  useEffect(() => {
    if (!sentinel || !enabled || !hasMore || isFetching) return;
    // A fresh observer reports the current state at once, so a page that still leaves the sentinel in
    // view after it loaded triggers the next one without the user having to scroll.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) scheduler.current?.request();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, enabled, hasMore, isFetching]);

  const sentinelRef = useCallback((element: Element | null) => setSentinel(element), []);
  return { sentinelRef, isWaiting };
}
