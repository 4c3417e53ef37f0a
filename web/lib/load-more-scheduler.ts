/**
 * SPEC §9 infinite scroll: once the user is near the bottom, the next page loads after a short delay. The
 * scheduler owns the "never double-fetch" rule: while a load is waiting or `canLoad()` is false (a page is
 * already being fetched, or there is none left), further requests are ignored.
 */
export interface LoadMoreScheduler {
  /** Ask for the next page; ignored while one is already scheduled or when nothing can load. */
  request(): void;
  /** Drop a scheduled load (unmount, filters changed). */
  cancel(): void;
  readonly isWaiting: boolean;
}

export interface LoadMoreSchedulerOptions {
  delayMs: number;
  canLoad: () => boolean;
  load: () => void;
  onWaitingChange?: (waiting: boolean) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createLoadMoreScheduler(options: LoadMoreSchedulerOptions): LoadMoreScheduler {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;

  const setWaiting = (waiting: boolean) => options.onWaitingChange?.(waiting);

  return {
    request() {
      if (timer !== null || !options.canLoad()) return;
      setWaiting(true);
      timer = setTimer(() => {
        timer = null;
        setWaiting(false);
        // Re-check: a refetch may have started, or the list may have ended, during the delay.
        if (options.canLoad()) options.load();
      }, options.delayMs);
    },
    cancel() {
      if (timer === null) return;
      clearTimer(timer);
      timer = null;
      setWaiting(false);
    },
    get isWaiting() {
      return timer !== null;
    },
  };
}
