import { ExternalLink } from 'lucide-react';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  localizedName,
  textDirection,
} from '../../../../shared/i18n/languages.ts';
import { templatePictures } from '../../../../shared/catalog/catalog.rules.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useHomePreview } from '../api/use-admin.ts';

/**
 * The home page's rows as a visitor gets them from the server, in each language side by side: New Drops
 * first, then the categories in rank order, each with its first templates.
 */
export function HomePreview() {
  const { t } = useTranslation();
  const home = useHomePreview();
  if (home.isError) return <ErrorState error={home.error} onRetry={() => void home.refetch()} />;
  if (!home.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('admin.preview.intro')}</p>
        <ButtonLink to={paths.home()} target="_blank" variant="secondary" size="sm">
          <ExternalLink aria-hidden="true" className="size-4" />
          {t('admin.preview.open')}
        </ButtonLink>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {LANGUAGES.map((language) => (
          <div
            key={language}
            lang={language}
            dir={textDirection(language)}
            data-testid={`home-preview-${language}`}
            className="space-y-3 rounded-2xl border border-plum-100 bg-white p-3"
          >
            <h3 className="font-extrabold text-ink">{LANGUAGE_NAMES[language]}</h3>
            {home.data.sections.map((section) => (
              <div key={section.category?.id ?? 'new-drops'} className="space-y-1">
                <p className="text-sm font-bold text-plum-700">
                  {section.category
                    ? localizedName(section.category.name, section.category.translations, language)
                    : t('admin.preview.newDrops')}
                </p>
                <div className="flex gap-1 overflow-hidden">
                  {section.templates.slice(0, 5).map((template) => (
                    <img
                      key={template.id}
                      src={templatePictures(template, language).thumbnailUrl}
                      alt={localizedName(template.name, template.translations.name, language)}
                      title={localizedName(template.name, template.translations.name, language)}
                      loading="lazy"
                      className="aspect-[3/4] w-12 rounded-md object-cover"
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
