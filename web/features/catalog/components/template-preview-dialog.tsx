import { Palette, Shapes, Sparkles, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { Link } from 'react-router';
import type { TemplateSummary } from '../../../../shared/catalog/catalog.contract.ts';
import { templatePictures } from '../../../../shared/catalog/catalog.rules.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { useCatalogLists } from '../api/use-catalog-lists.ts';
import { useLanguage, useLocalizedName } from '../../../lib/use-localized-name.ts';

interface TemplatePreviewDialogProps {
  /** The template to preview; null keeps the dialog closed. */
  template: TemplateSummary | null;
  onClose: () => void;
  /** Extra actions (the card editor hangs off here). */
  actions?: ReactNode;
}

/** A large preview of a template: cover first, then the animated original once it has loaded. */
export function TemplatePreviewDialog({ template, onClose, actions }: TemplatePreviewDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={template !== null}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="max-w-3xl"
    >
      {template && (
        <PreviewContent
          key={template.id}
          template={template}
          onClose={onClose}
          actions={actions}
          titleId={titleId}
          descriptionId={descriptionId}
        />
      )}
    </Dialog>
  );
}

function PreviewContent({
  template,
  onClose,
  actions,
  titleId,
  descriptionId,
}: {
  template: TemplateSummary;
  onClose: () => void;
  actions?: ReactNode;
  titleId: string;
  descriptionId: string;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const name = localized({ name: template.name, translations: template.translations.name });
  const description = localized({
    name: template.description,
    translations: template.translations.description,
  });
  const { data: lists } = useCatalogLists();
  const pictures = templatePictures(template, useLanguage());
  const [animatedReady, setAnimatedReady] = useState(false);
  // With reduced motion the still cover is the preview.
  const [showAnimated] = useState(() => pictures.animatedUrl !== null && !prefersReducedMotion());

  // The summary carries canonical names only; the lists have their translations.
  const category = lists?.categories.find((c) => c.name === template.categoryName);
  const style = template.styleName ? lists?.styles.find((s) => s.name === template.styleName) : undefined;
  const categoryLabel = category ? localized(category) : template.categoryName;
  const styleLabel = style ? localized(style) : template.styleName;

  const linkClasses =
    'inline-flex items-center gap-1.5 rounded-full bg-plum-50 px-3 py-1.5 text-sm font-bold text-plum-800 hover:bg-plum-100';

  return (
    <div className="grid max-h-[calc(100dvh-2rem)] overflow-y-auto md:grid-cols-2">
      <div className="relative bg-gradient-to-br from-plum-100 to-coral-100 p-4 sm:p-6">
        {/* On a phone the cover leaves room under it for the name and the actions (3:4 of 42% of the height). */}
        <div className="relative mx-auto aspect-[3/4] w-full max-w-[min(300px,31.5dvh)] overflow-hidden rounded-2xl shadow-card-hover md:max-w-none">
          <img
            src={pictures.coverUrl}
            alt={name}
            width={400}
            height={533}
            className="absolute inset-0 size-full object-cover"
          />
          {showAnimated && pictures.animatedUrl && (
            <img
              src={pictures.animatedUrl}
              alt=""
              aria-hidden="true"
              onLoad={() => setAnimatedReady(true)}
              className={cn(
                'absolute inset-0 size-full object-cover transition-opacity duration-500',
                animatedReady ? 'opacity-100' : 'opacity-0',
              )}
            />
          )}
          {pictures.animatedUrl && (
            <span className="absolute end-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-extrabold text-plum-800 shadow-sm">
              <Sparkles aria-hidden="true" className="size-3" />
              {t('catalog.preview.animated')}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-col p-5 sm:p-7">
        <div className="flex items-start justify-between gap-3">
          <p className="pt-2 text-xs font-extrabold tracking-wide text-coral-700 uppercase">
            {t('catalog.preview.label')}
          </p>
          <IconButton
            label={t('common.close')}
            icon={<X aria-hidden="true" className="size-5" />}
            onClick={onClose}
            className="-me-2 -mt-1"
          />
        </div>
        <h2
          id={titleId}
          dir="auto"
          className="mt-1 text-start text-2xl font-black break-words text-ink sm:text-3xl"
        >
          {name}
        </h2>
        <p id={descriptionId} dir="auto" className="mt-3 text-start leading-relaxed text-muted">
          {description}
        </p>
        <dl className="mt-5 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <dt className="text-sm font-semibold text-muted">{t('catalog.preview.category')}</dt>
            <dd>
              <Link to={paths.category(template.categoryName)} onClick={onClose} className={linkClasses}>
                <Shapes aria-hidden="true" className="size-4 text-coral-600" />
                {categoryLabel}
              </Link>
            </dd>
          </div>
          {template.styleName && (
            <div className="flex flex-wrap items-center gap-2">
              <dt className="text-sm font-semibold text-muted">{t('catalog.preview.style')}</dt>
              <dd>
                <Link to={paths.style(template.styleName)} onClick={onClose} className={linkClasses}>
                  <Palette aria-hidden="true" className="size-4 text-coral-600" />
                  {styleLabel}
                </Link>
              </dd>
            </div>
          )}
        </dl>
        {/* On a phone the actions stay at the bottom of the screen while the rest scrolls. */}
        <div className="mt-auto flex flex-wrap gap-3 pt-7 max-md:sticky max-md:bottom-0 max-md:-mx-5 max-md:-mb-5 max-md:border-t max-md:border-plum-100 max-md:bg-white max-md:px-5 max-md:py-4 sm:max-md:-mx-7 sm:max-md:-mb-7 sm:max-md:px-7">
          {actions}
          <Button variant={actions ? 'secondary' : 'primary'} size="lg" onClick={onClose} className="flex-1">
            {t('common.close')}
          </Button>
        </div>
      </div>
    </div>
  );
}
