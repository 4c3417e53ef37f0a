/** Runs `work` in a moment the browser has nothing else to do (soon, where it cannot tell). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 50);
}

/** Resolves in a moment the browser has nothing else to do (see {@link whenIdle}). */
export function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}
