/**
 * Resolves once what the page has just changed has been painted (at once in a hidden tab, which paints
 * nothing): work that reads the layout waits here instead of forcing one inside the task that changed it.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
