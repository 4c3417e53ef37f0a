import { PackageOpen, SearchX, Sparkles } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CategoryPage } from '../../../shared/catalog/catalog.contract.ts';
import { BASED_ON_RANK_CATEGORY, NEW_DROPS_CATEGORY } from '../../../shared/constants.ts';
import { ButtonLink } from '../../components/button-link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { TemplateDialogs } from '../composition/template-dialogs.tsx';
import { paths } from '../../config/paths.ts';
import { useCategoryPage } from '../../features/catalog/api/use-category-page.ts';
import { useTemplatePages } from '../../features/catalog/api/use-template-pages.ts';
import { CatalogListing } from '../../features/catalog/components/catalog-listing.tsx';
import { StyleFilter } from '../../features/catalog/components/filter-chips.tsx';
import { TemplateGrid } from '../../features/catalog/components/template-grid.tsx';
import { useLocalizedName } from '../../lib/use-localized-name.ts';
import { useTemplateSelection } from '../../features/catalog/hooks/use-template-selection.ts';
import { readHighlightTemplateId } from '../../features/catalog/lib/highlight-state.ts';
import { useCardEditor } from '../../features/card-editor/hooks/use-card-editor.ts';
import { hasErrorCode } from '../../lib/api-client.ts';
import { useSearchParamSetter } from '../../lib/search-params.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** `/category/:categoryName` — one page per category name; a new name starts with fresh state. */
export function CategoryRoute() {
  const { categoryName = '' } = useParams();
  return <CategoryView key={categoryName} name={categoryName} />;
}

function kindFromName(name: string): CategoryPage['kind'] {
  if (name === NEW_DROPS_CATEGORY) return 'new-drops';
  if (name === BASED_ON_RANK_CATEGORY) return 'based-on-rank';
  return 'category';
}

function CategoryView({ name }: { name: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const setParam = useSearchParamSetter();
  const q = searchParams.get('q')?.trim() ?? '';
  const style = searchParams.get('style')?.trim() || null;

  const info = useCategoryPage(name);
  const notFound = hasErrorCode(info.error, 'category-not-found');
  const templates = useTemplatePages(
    { category: name, style: style ?? undefined, q },
    { enabled: !notFound },
  );
  const { previewTemplate, selectTemplate, closePreview } = useTemplateSelection();
  const editor = useCardEditor();

  const kind = info.data?.kind ?? kindFromName(name);
  // SPEC's 'Based on Rank' is a name for the URL only: the page lists every template in the categories' order,
  // and people see it named for that.
  const title =
    kind === 'new-drops'
      ? t('catalog.newDrops')
      : kind === 'based-on-rank'
        ? t('catalog.allTemplates')
        : info.data?.category
          ? localized(info.data.category)
          : info.isError
            ? name
            : null;
  useDocumentTitle(title ?? name);

  // A New Drops template arrives here (SPEC §2): found, scrolled to and highlighted, then its editor opens.
  const highlightTemplateId = readHighlightTemplateId(location.state);
  const { pathname, search } = location;
  // Once handled, drop the request from history so Back/reload does not highlight again.
  const clearHighlight = useCallback(() => {
    void navigate(`${pathname}${search}`, { replace: true, state: null, preventScrollReset: true });
  }, [navigate, pathname, search]);

  const categoryLabel = title ?? name;
  const filtersOn = q !== '' || style !== null;
  // An empty category has nothing to search or filter.
  const showFilters = filtersOn || templates.data?.pages[0]?.total !== 0;
  const empty = filtersOn ? (
    <EmptyState
      icon={<SearchX className="size-7" />}
      title={t('catalog.empty.noMatches')}
      description={t('catalog.empty.noMatchesHint')}
    />
  ) : kind === 'new-drops' ? (
    <EmptyState
      icon={<Sparkles className="size-7" />}
      title={t('catalog.empty.noNewDrops')}
      description={t('catalog.empty.noNewDropsHint')}
    />
  ) : (
    <EmptyState
      icon={<PackageOpen className="size-7" />}
      title={t('catalog.empty.emptyCategory', { category: categoryLabel })}
      action={
        <ButtonLink to={paths.home()} variant="secondary">
          {t('common.backToHome')}
        </ButtonLink>
      }
    />
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <CatalogListing
        eyebrow={kind === 'category' ? t('catalog.categoryEyebrow') : t('catalog.collectionEyebrow')}
        title={title}
        count={templates.data?.pages[0]?.total}
        notFound={notFound}
        empty={empty}
        showFilters={showFilters}
        search={{
          value: q,
          label: t('catalog.searchInCategory', { category: categoryLabel }),
          placeholder: t('catalog.searchPlaceholder'),
          onSearch: setParam('q'),
        }}
        filter={
          <StyleFilter styles={info.data?.styles ?? []} selected={style} onChange={setParam('style')} />
        }
        grid={
          <TemplateGrid
            query={templates}
            label={categoryLabel}
            empty={empty}
            onSelectTemplate={(template) => selectTemplate(template, { fromNewDrops: kind === 'new-drops' })}
            highlightTemplateId={highlightTemplateId}
            onHighlightSettled={clearHighlight}
            onHighlightEnd={editor.openCreate}
          />
        }
      />
      <TemplateDialogs previewTemplate={previewTemplate} onClosePreview={closePreview} editor={editor} />
    </div>
  );
}
