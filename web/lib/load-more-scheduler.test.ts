import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadMoreScheduler } from './load-more-scheduler.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: { canLoad: boolean }) {
  const state = { ...initial };
  const load = vi.fn();
  const waiting: boolean[] = [];
  const scheduler = createLoadMoreScheduler({
    delayMs: 500,
    canLoad: () => state.canLoad,
    load,
    onWaitingChange: (w) => waiting.push(w),
  });
  return { state, load, waiting, scheduler };
}

describe('createLoadMoreScheduler', () => {
  it('loads once after the delay, however often it is asked', () => {
    const { load, scheduler, waiting } = setup({ canLoad: true });
    scheduler.request();
    scheduler.request();
    vi.advanceTimersByTime(499);
    scheduler.request();
    expect(load).not.toHaveBeenCalled();
    expect(scheduler.isWaiting).toBe(true);
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(scheduler.isWaiting).toBe(false);
    expect(waiting).toEqual([true, false]);
  });

  it('ignores requests while nothing can load (fetching or no more pages)', () => {
    const { load, scheduler, state } = setup({ canLoad: false });
    scheduler.request();
    vi.advanceTimersByTime(1000);
    expect(load).not.toHaveBeenCalled();
    state.canLoad = true;
    scheduler.request();
    vi.advanceTimersByTime(500);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load when a fetch started during the delay', () => {
    const { load, scheduler, state } = setup({ canLoad: true });
    scheduler.request();
    state.canLoad = false;
    vi.advanceTimersByTime(500);
    expect(load).not.toHaveBeenCalled();
  });

  it('can be cancelled', () => {
    const { load, scheduler, waiting } = setup({ canLoad: true });
    scheduler.request();
    scheduler.cancel();
    vi.advanceTimersByTime(1000);
    expect(load).not.toHaveBeenCalled();
    expect(waiting).toEqual([true, false]);
  });
});
