import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import homeTitleStrings from 'virtual:strings/homeTitles';
import {
  LANGUAGES,
  LANGUAGE_NAMES,
  localizedName,
  textDirection,
  type Language,
} from '../../../../shared/i18n/languages.ts';
import type { Translator } from '../../../../shared/i18n/translator.ts';
import { templatePictures } from '../../../../shared/catalog/catalog.rules.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { homeSectionTitle } from '../../../lib/home-section-title.ts';
import { translatorOf } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useHomePreview } from '../api/use-admin.ts';

/** Each language's strings for the rows' titles, whatever language the admin reads. */
function useHomeTitleTranslators() {
  return useQuery({
    queryKey: ['strings', 'homeTitles'],
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(
          LANGUAGES.map(async (language) => [language, await translatorOf(language, homeTitleStrings)]),
        ),
      ) as Record<Language, Translator>,
    staleTime: Infinity,
  });
}

/**
 * The home page's rows as a visitor gets them from the server, in each language side by side: New Drops
 * first, then the categories in rank order, each with its first templates. Each column is titled as that
 * language's visitors see it (the home page's own titles), whatever language the admin reads.
 */
export function HomePreview() {
  const { t } = useTranslation();
  const home = useHomePreview();
  const translators = useHomeTitleTranslators();
  const failed = home.isError ? home : translators.isError ? translators : null;
  if (failed) return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!home.data || !translators.data) return <Skeleton className="h-48 w-full rounded-2xl" />;
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
                <p data-testid="home-preview-title" className="text-sm font-bold text-plum-700">
                  {homeSectionTitle(section, translators.data[language].t, language)}
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
