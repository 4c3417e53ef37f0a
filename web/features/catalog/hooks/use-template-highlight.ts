import { useEffect, useRef, useState } from 'react';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { TEMPLATE_HIGHLIGHT_MS } from '../../../../shared/constants.ts';
import { locateTemplate } from '../lib/template-pages.ts';

interface TemplateHighlightOptions {
  /** The template to bring into view, or null. */
  targetId: string | null;
  items: readonly TemplateSummary[];
  isReady: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => void;
  /** Called once the target was found or is known to be missing (e.g. to clear the navigation state). */
  onSettled?: () => void;
  /** Called with the target when its highlight ends (the New Drops jump then opens the editor). */
  onHighlightEnd?: (template: TemplateSummary) => void;
}

/**
 * Loads pages until the target template is in the list, scrolls it into view and highlights it for
 * TEMPLATE_HIGHLIGHT_MS, then hands it to `onHighlightEnd`. Returns the id currently highlighted.
 */
export function useTemplateHighlight({
  targetId,
  items,
  isReady,
  hasNextPage,
  isFetching,
  fetchNextPage,
  onSettled,
  onHighlightEnd,
}: TemplateHighlightOptions): string | null {
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const timers = useRef<{ frame?: number; timeout?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    if (!targetId || !isReady || handled.current === targetId) return;
    const location = locateTemplate(items, targetId, hasNextPage);
    if (location === 'load-more') {
      if (!isFetching) fetchNextPage();
      return;
    }
    handled.current = targetId;
    onSettled?.();
    const template = items.find((item) => item.id === targetId);
    if (location === 'missing' || !template) return;

    const current = timers.current;
    if (current.frame !== undefined) cancelAnimationFrame(current.frame);
    clearTimeout(current.timeout);
    current.frame = requestAnimationFrame(() => {
      const card = document.querySelector(
        `[data-testid="template-card"][data-template-id="${CSS.escape(targetId)}"]`,
      );
      // Instant, so the card is in view the moment it lights up (and with reduced motion anyway).
      card?.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      setHighlightedId(targetId);
      current.timeout = setTimeout(() => {
        setHighlightedId(null);
        onHighlightEnd?.(template);
      }, TEMPLATE_HIGHLIGHT_MS);
    });
  }, [targetId, items, isReady, hasNextPage, isFetching, fetchNextPage, onSettled, onHighlightEnd]);

  useEffect(() => {
    const current = timers.current;
    return () => {
      if (current.frame !== undefined) cancelAnimationFrame(current.frame);
      clearTimeout(current.timeout);
    };
  }, []);

  return highlightedId;
}
