import { ChevronRight, Sparkles } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import type {
  HomeSection as HomeSectionData,
  TemplateSummary,
} from '../../../../shared/catalog/catalog.contract.ts';
import { HOME_ROW_LIMIT, NEW_DROPS_CATEGORY } from '../../../../shared/constants.ts';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { homeSectionTitle } from '../../../lib/home-section-title.ts';
import { useLanguage } from '../../../lib/use-localized-name.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { TemplateRow } from './template-row.tsx';

interface HomeSectionProps {
  section: HomeSectionData;
  onSelectTemplate: (template: TemplateSummary, context: { fromNewDrops: boolean }) => void;
  priorityCount?: number;
  /**
   * Below the first screen: its cards drawn, laid out and painted only as it nears it (and once they have
   * arrived: the page's first answer leaves them out).
   */
  deferred?: boolean;
}

/**
 * How far ahead of the viewport a row below the first screen draws its cards: about a phone's screen, so
 * they are there before they are seen, while the page does not come with (nor take over) all its rows' cards.
 */
const DRAW_AHEAD_PX = 900;

/** One home row: title, template count, 'Explore More >' to the category page, and up to 25 cards. */
export function HomeSection({ section, onSelectTemplate, priorityCount, deferred }: HomeSectionProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef, DRAW_AHEAD_PX, Boolean(deferred));
  const isNewDrops = section.kind === 'new-drops';
  const categoryName = isNewDrops ? NEW_DROPS_CATEGORY : (section.category?.name ?? '');
  const title = homeSectionTitle(section, t, language);

  return (
    <section
      ref={sectionRef}
      data-testid="home-section"
      data-section-kind={section.kind}
      aria-labelledby={headingId}
      className={cn('space-y-3', deferred && 'row-when-near')}
    >
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-extrabold text-ink sm:text-2xl">
            {isNewDrops && (
              <span
                aria-hidden="true"
                className="inline-flex size-7 items-center justify-center rounded-full bg-coral-100 text-coral-700"
              >
                <Sparkles className="size-4" />
              </span>
            )}
            <span className="truncate">{title}</span>
          </h2>
          <p className="mt-0.5 text-sm text-muted">{t('catalog.templateCount', { count: section.total })}</p>
        </div>
        <Link
          to={paths.category(categoryName)}
          aria-label={t('home.exploreMoreLabel', { section: title })}
          className="inline-flex shrink-0 items-center gap-0.5 rounded-full py-1 ps-3 pe-2 text-sm font-bold text-plum-700 hover:bg-plum-100/70 hover:text-plum-900"
        >
          {t('home.exploreMore')}
          <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        </Link>
      </div>
      <TemplateRow
        label={title}
        templates={section.templates}
        priorityCount={priorityCount}
        placeholderOf={
          near && section.templates.length > 0 ? undefined : Math.min(section.total, HOME_ROW_LIMIT)
        }
        onSelectTemplate={(template) => onSelectTemplate(template, { fromNewDrops: isNewDrops })}
      />
    </section>
  );
}
