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

/**
 * Focuses what `target` names once the page has been painted: focusing lays the page out, which inside a
 * render's task (a tap's, the take-over's) makes that task longer. Returns the cancel, for an effect's cleanup.
 */
export function focusAfterPaint(target: () => HTMLElement | null | undefined): () => void {
  let wanted = true;
  void afterPaint().then(() => {
    if (wanted) target()?.focus({ preventScroll: true });
  });
  return () => {
    wanted = false;
  };
}
