import { ChevronLeft, ChevronRight } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { scrollBehavior } from '../../../lib/motion.ts';
import { TemplateCard } from './template-card.tsx';

interface TemplateRowProps {
  templates: readonly TemplateSummary[];
  label: string;
  onSelectTemplate: (template: TemplateSummary) => void;
  /** How many leading cards load with priority (the first row of the page). */
  priorityCount?: number;
  /**
   * A placeholder of this many cards' size (at most a wide screen's) instead of the cards, and no arrows (a
   * row below the first screen, not near it yet): one element, so that a page of rows is quick to parse,
   * style and lay out on a phone.
   */
  placeholderOf?: number;
}

/**
 * The cards a row draws with the page: a wide screen's worth. The rest of the row (off screen, reached by
 * scrolling) is drawn when the visitor reaches for the row (scrolls it, points at it, tabs into it), so a
 * page of rows costs a phone less to show and to take over, and nothing later in one long task.
 */
const FIRST_CARDS = 8;

/** The width of a row's first 1…8 cards (168 px each, 16 px apart), as its placeholder draws them. */
const PLACEHOLDER_WIDTHS = [
  'w-[168px]',
  'w-[352px]',
  'w-[536px]',
  'w-[720px]',
  'w-[904px]',
  'w-[1088px]',
  'w-[1272px]',
  'w-[1456px]',
] as const satisfies readonly string[] & { length: typeof FIRST_CARDS };

function fullyVisible(item: Element, box: DOMRect): boolean {
  const rect = item.getBoundingClientRect();
  return rect.left >= box.left - 1 && rect.right <= box.right + 1;
}

/**
 * A horizontal, swipeable row of template cards. It follows the text direction (in Arabic it starts on the
 * right); on devices with a mouse, arrow buttons page through it. The buttons work in DOM order ("the card
 * after the last fully visible one"), so they need no knowledge of the direction.
 */
export function TemplateRow({
  templates,
  label,
  onSelectTemplate,
  priorityCount = 0,
  placeholderOf,
}: TemplateRowProps) {
  const placeholders = placeholderOf !== undefined;
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  const drawAll = () => {
    if (!placeholders && drawn < templates.length) startTransition(() => setDrawn(templates.length));
  };

  useEffect(() => {
    const list = listRef.current;
    const first = list?.firstElementChild;
    const last = list?.lastElementChild;
    if (!list || !first || !last) return;
    const observer = new IntersectionObserver(
      (entries) => {
        setEdges((previous) => {
          const next = { ...previous };
          for (const entry of entries) {
            const visible = entry.intersectionRatio > 0.95;
            if (entry.target === first) next.atStart = visible;
            if (entry.target === last) next.atEnd = visible;
          }
          return next;
        });
      },
      { root: list, threshold: [0.95, 1] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [templates, drawn, placeholders]);

  const page = (direction: 'previous' | 'next') => {
    const list = listRef.current;
    if (!list) return;
    const items = [...list.children];
    const box = list.getBoundingClientRect();
    const visible = items.filter((item) => fullyVisible(item, box));
    const behavior = scrollBehavior();
    if (direction === 'next') {
      const lastVisible = visible.at(-1);
      const target = items[(lastVisible ? items.indexOf(lastVisible) : -1) + 1];
      target?.scrollIntoView({ behavior, block: 'nearest', inline: 'start' });
    } else {
      const firstVisible = visible[0];
      const target = items[(firstVisible ? items.indexOf(firstVisible) : items.length) - 1];
      target?.scrollIntoView({ behavior, block: 'nearest', inline: 'end' });
    }
  };

  const arrow =
    'absolute top-[112px] z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full border border-plum-100 bg-white/95 text-plum-800 shadow-card-hover transition-opacity hover:bg-white sm:pointer-fine:flex';

  return (
    <div className="group/row relative" onPointerEnter={drawAll} onFocus={drawAll}>
      <ul
        ref={listRef}
        onScroll={drawAll}
        aria-label={label}
        className="scrollbar-none -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:scroll-px-0 lg:px-0"
      >
        {!placeholders
          ? templates.slice(0, drawn).map((template, index) => (
              <li key={template.id} className="flex">
                <TemplateCard
                  layout="row"
                  template={template}
                  onSelect={onSelectTemplate}
                  priority={index < priorityCount}
                  lead={index === 0 && priorityCount > 0}
                />
              </li>
            ))
          : placeholderOf > 0 && (
              <li
                aria-hidden="true"
                className={cn(
                  'card-row-placeholder max-w-full',
                  PLACEHOLDER_WIDTHS[Math.min(placeholderOf, FIRST_CARDS) - 1],
                )}
              />
            )}
      </ul>
      {!placeholders && (
        <>
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('common.scrollPrevious')}
            onClick={() => page('previous')}
            className={cn(arrow, '-start-3', edges.atStart && 'pointer-events-none opacity-0!')}
          >
            <ChevronLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
          <button
            type="button"
            tabIndex={-1}
            aria-label={t('common.scrollNext')}
            onClick={() => page('next')}
            className={cn(arrow, '-end-3', edges.atEnd && 'pointer-events-none opacity-0!')}
          >
            <ChevronRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
        </>
      )}
    </div>
  );
}
