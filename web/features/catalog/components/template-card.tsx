import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useLanguage, useLocalizedName } from '../../../lib/use-localized-name.ts';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { templatePictures } from '../../../../shared/catalog/catalog.rules.ts';
import { LIST_PICTURE_WIDTH } from '../../../../shared/constants.ts';
import { cn } from '../../../lib/cn.ts';
import { GRID_PICTURE_SIZES } from './template-grid-layout.ts';
import { TemplateImage } from './template-image.tsx';

interface TemplateCardProps {
  template: TemplateSummary;
  onSelect: (template: TemplateSummary) => void;
  priority?: boolean;
  /** The page's leading picture (see TemplateImage). */
  lead?: boolean;
  highlighted?: boolean;
  /** 'row': fixed 168 px wide (home rows); 'grid': fills its column. */
  layout?: 'row' | 'grid';
}

/** A template in a list: 3:4 thumbnail, "New" badge, name below. The whole card is one button. */
export function TemplateCard({
  template,
  onSelect,
  priority,
  lead,
  highlighted,
  layout = 'grid',
}: TemplateCardProps) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const pictures = templatePictures(template, useLanguage());
  return (
    <button
      type="button"
      data-testid="template-card"
      data-template-id={template.id}
      data-highlighted={highlighted ? 'true' : undefined}
      onClick={() => onSelect(template)}
      className={cn(
        'group flex flex-col rounded-2xl text-start outline-offset-4',
        layout === 'row' ? 'w-[168px] shrink-0 snap-start' : 'w-full',
      )}
    >
      <span
        className={cn(
          'relative block w-full overflow-hidden rounded-2xl bg-plum-50 shadow-card ring-1 ring-plum-900/5 transition duration-300',
          'group-hover:-translate-y-0.5 group-hover:shadow-card-hover motion-reduce:group-hover:translate-y-0',
          highlighted && 'highlight-glow outline-4 outline-offset-2 outline-coral-500',
        )}
      >
        <TemplateImage
          src={pictures.thumbnailUrl}
          srcSet={pictures.thumbnailSrcSet}
          sizes={layout === 'row' ? `${LIST_PICTURE_WIDTH}px` : GRID_PICTURE_SIZES}
          alt=""
          width={LIST_PICTURE_WIDTH}
          height={(LIST_PICTURE_WIDTH * 4) / 3}
          priority={priority}
          lead={lead}
          className="aspect-[3/4] w-full [&>img]:group-hover:scale-[1.03] motion-reduce:[&>img]:group-hover:scale-100"
        />
        {template.isNew && (
          <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-extrabold text-coral-700 shadow-sm">
            <Sparkles aria-hidden="true" className="size-3" />
            {t('catalog.newBadge')}
          </span>
        )}
      </span>
      <span
        dir="auto"
        className="mt-2 line-clamp-2 w-full px-0.5 text-start text-sm leading-snug font-bold text-ink group-hover:text-plum-700"
      >
        {localized({ name: template.name, translations: template.translations.name })}
      </span>
    </button>
  );
}
