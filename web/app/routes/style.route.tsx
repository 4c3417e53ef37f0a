import { Palette, SearchX } from 'lucide-react';
import { useTranslation } from '../../lib/translation.tsx';
import { useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TemplateDialogs } from '../composition/template-dialogs.tsx';
import { paths } from '../../config/paths.ts';
import { useCatalogLists } from '../../features/catalog/api/use-catalog-lists.ts';
import { useStylePage } from '../../features/catalog/api/use-style-page.ts';
import { useTemplatePages } from '../../features/catalog/api/use-template-pages.ts';
import { CatalogListing } from '../../features/catalog/components/catalog-listing.tsx';
import { CategoryFilter } from '../../features/catalog/components/filter-chips.tsx';
import { TemplateGrid } from '../../features/catalog/components/template-grid.tsx';
import { useLocalizedName } from '../../lib/use-localized-name.ts';
import { useTemplateSelection } from '../../features/catalog/hooks/use-template-selection.ts';
import { useCardEditor } from '../../features/card-editor/hooks/use-card-editor.ts';
import { hasErrorCode } from '../../lib/api-client.ts';
import { useSearchParamSetter } from '../../lib/search-params.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/style/:styleName` — the templates of one style, with a category filter limited to those present. */
export function StyleRoute() {
  const { styleName = '' } = useParams();
  return <StyleView key={styleName} name={styleName} />;
}

function StyleView({ name }: { name: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const [searchParams] = useSearchParams();
  const setParam = useSearchParamSetter();
  const q = searchParams.get('q')?.trim() ?? '';
  const category = searchParams.get('category')?.trim() || null;

  const info = useStylePage(name);
  const notFound = hasErrorCode(info.error, 'style-not-found');
  const templates = useTemplatePages(
    { style: name, category: category ?? undefined, q },
    { enabled: !notFound },
  );
  const { previewTemplate, selectTemplate, closePreview } = useTemplateSelection();
  const editor = useCardEditor();

  const title = info.data ? localized(info.data.style) : info.isError ? name : null;
  const styleLabel = title ?? name;
  useDocumentTitle(styleLabel);
  const { data: lists } = useCatalogLists();
  const sameName = (c: { name: string }) => c.name.toLowerCase() === category?.toLowerCase();
  // The filter's categories carry translations; a category no longer in this style is found in the lists.
  const categoryItem = info.data?.categories.find(sameName) ?? lists?.categories.find(sameName);
  const filtersOn = q !== '' || category !== null;
  const showFilters = filtersOn || templates.data?.pages[0]?.total !== 0;
  const categoryLabel = categoryItem ? localized(categoryItem) : (category ?? '');

  const empty =
    q !== '' ? (
      <EmptyState
        icon={<SearchX className="size-7" />}
        title={t('catalog.empty.noMatches')}
        description={t('catalog.empty.noMatchesHint')}
      />
    ) : (
      <EmptyState
        icon={<Palette className="size-7" />}
        title={
          category
            ? t('catalog.empty.emptyStyleInCategory', { style: styleLabel, category: categoryLabel })
            : t('catalog.empty.emptyStyle', { style: styleLabel })
        }
        action={
          category ? undefined : (
            <ButtonLink to={paths.home()} variant="secondary">
              {t('common.backToHome')}
            </ButtonLink>
          )
        }
      />
    );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <CatalogListing
        eyebrow={t('catalog.styleEyebrow')}
        title={title}
        count={templates.data?.pages[0]?.total}
        notFound={notFound}
        empty={empty}
        showFilters={showFilters}
        search={{
          value: q,
          label: t('catalog.searchInStyle', { style: styleLabel }),
          placeholder: t('catalog.searchPlaceholder'),
          onSearch: setParam('q'),
        }}
        filter={
          <CategoryFilter
            categories={info.data?.categories ?? []}
            selected={category}
            onChange={setParam('category')}
          />
        }
        grid={
          <TemplateGrid
            query={templates}
            label={styleLabel}
            empty={empty}
            onSelectTemplate={(template) => selectTemplate(template, { fromNewDrops: false })}
          />
        }
      />
      <TemplateDialogs previewTemplate={previewTemplate} onClosePreview={closePreview} editor={editor} />
    </div>
  );
}
