import { ArrowLeft, PackageOpen, RefreshCw, SearchX } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useId } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CatalogEvent, TemplateSummary } from '../../../shared/catalog/catalog.contract.ts';
import { HOME_ROWS_DRAWN_FIRST } from '../../../shared/catalog/catalog.rules.ts';
import { PRIORITY_IMAGE_COUNT } from '../../../shared/constants.ts';
import { Button } from '../../components/button.tsx';
import { paths } from '../../config/paths.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useHomeCatalog } from '../../features/catalog/api/use-home-catalog.ts';
import { useTemplatePages } from '../../features/catalog/api/use-template-pages.ts';
import { EventFilterRow } from '../../features/catalog/components/event-filter-row.tsx';
import { HomeSection } from '../../features/catalog/components/home-section.tsx';
import { BrowseByStyle } from '../../features/catalog/components/style-links.tsx';
import { TemplateGrid } from '../../features/catalog/components/template-grid.tsx';
import { TemplateRowSkeleton } from '../../features/catalog/components/template-skeletons.tsx';
import { useLocalizedName } from '../../lib/use-localized-name.ts';
import { useTemplateSelection } from '../../features/catalog/hooks/use-template-selection.ts';
import type { Card } from '../../../shared/cards/cards.contract.ts';
import { showToast } from '../../components/toast.tsx';
import { useCardEditor, type EditorTemplate } from '../../features/card-editor/hooks/use-card-editor.ts';
import { useReopenEditor } from '../../features/card-editor/hooks/use-reopen-editor.ts';
import { errorMessageKey } from '../../lib/error-message.ts';
import { readEditCardState } from '../../lib/edit-card-state.ts';
import { toggleParam, withParam } from '../../lib/search-params.ts';
import { LatestDraftBanner } from '../../features/my-wincs/components/latest-draft-banner.tsx';
import { TemplateDialogs } from '../composition/template-dialogs.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Filters change the page's content, not the page: stay where the reader is. */
const keepScroll = { preventScrollReset: true } as const;

type SelectTemplate = (template: TemplateSummary, context: { fromNewDrops: boolean }) => void;

/**
 * `/` — hero with search and occasions, then either the home rows (New Drops first) or, with `?event=` or
 * `?q=`, a paged grid of the matching templates.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const eventId = searchParams.get('event')?.trim() || null;
  // The whole answer, which arrives once the page has been taken over, brings every row's cards: they are drawn
  // in the background, in slices, and not in the one task a query's answer is otherwise rendered in.
  const home = useDeferredValue(useHomeCatalog());
  const { previewTemplate, selectTemplate, closePreview } = useTemplateSelection();
  const editor = useCardEditor();
  const { openEdit, close: closeEditor } = editor;
  const location = useLocation();
  const navigate = useNavigate();
  const editCardId = readEditCardState(location.state);
  // Back from the overview (or its Edit): reopen the modal with the saved card (SPEC §2).
  const forgetEditState = useCallback(
    () =>
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null }),
    [navigate, location.pathname, location.search],
  );
  useReopenEditor(
    editCardId,
    useCallback((card: Card, template: EditorTemplate) => openEdit(card, template), [openEdit]),
    useCallback(
      (error: unknown) => {
        showToast(t(errorMessageKey(error)), 'error');
        forgetEditState();
      },
      [t, forgetEditState],
    ),
  );
  const event = home.data?.events.find((e) => e.id === eventId);
  const filtered = eventId !== null || q !== '';
  useDocumentTitle(null);

  return (
    <>
      <section className="hero-surface relative isolate overflow-hidden text-white">
        <div
          aria-hidden="true"
          className="hero-glow-warm absolute -end-[12%] -top-[70%] -z-10 aspect-square w-[60%] min-w-96"
        />
        <div
          aria-hidden="true"
          className="hero-glow-cool absolute -start-[18%] -bottom-[90%] -z-10 aspect-square w-[50%] min-w-80"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-8 pb-7 sm:px-6 sm:pt-12 sm:pb-9 lg:px-8">
          <h1 className="max-w-2xl text-3xl leading-tight font-black text-balance sm:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-3 max-w-xl text-base text-plum-100 sm:text-lg">{t('home.heroSubtitle')}</p>
          <SearchInput
            size="lg"
            className="mt-6 max-w-xl"
            value={q}
            action={paths.home()}
            label={t('home.searchLabel')}
            placeholder={t('home.searchPlaceholder')}
            onSearch={(next) => setSearchParams((params) => withParam(params, 'q', next), keepScroll)}
          />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="py-5">
          {home.isPending ? (
            <div aria-hidden="true" className="flex gap-2 overflow-hidden">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-32 shrink-0 rounded-full" />
              ))}
            </div>
          ) : (
            <EventFilterRow
              events={home.data?.events ?? []}
              selectedEventId={eventId}
              onToggle={(id) => setSearchParams((params) => toggleParam(params, 'event', id), keepScroll)}
            />
          )}
        </div>

        {!filtered && <LatestDraftBanner className="mb-6" />}

        {filtered ? (
          <FilteredTemplates
            eventId={eventId}
            event={event}
            eventsLoading={home.isPending}
            q={q}
            onBack={() => setSearchParams({}, keepScroll)}
            onSelectTemplate={selectTemplate}
          />
        ) : (
          <HomeSections home={home} onSelectTemplate={selectTemplate} />
        )}
      </div>
      <TemplateDialogs
        previewTemplate={previewTemplate}
        onClosePreview={closePreview}
        editor={editor}
        onCloseEditor={() => {
          closeEditor();
          // A reload must not reopen a modal the user closed.
          if (editCardId) forgetEditState();
        }}
      />
    </>
  );
}

/** The rows, drawn again only when the (deferred) answer changes. */
const HomeSections = memo(function HomeSections({
  home,
  onSelectTemplate,
}: {
  home: ReturnType<typeof useHomeCatalog>;
  onSelectTemplate: SelectTemplate;
}) {
  const { t } = useTranslation();
  if (home.isPending) {
    return (
      <div className="space-y-10 pt-2">
        <TemplateRowSkeleton />
        <TemplateRowSkeleton />
        <TemplateRowSkeleton />
      </div>
    );
  }
  const sections = (home.data?.sections ?? []).filter((section) => section.total > 0);
  // When the whole answer cannot be had after the page's own, the page keeps its first rows.
  const failed = home.isError && home.data === undefined;
  if (failed || sections.length === 0) {
    return (
      <EmptyState
        role={failed ? 'alert' : 'status'}
        icon={<PackageOpen className="size-7" />}
        title={t('home.empty.noTemplates')}
        action={
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('common.refreshPage')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="space-y-10 pt-2 sm:space-y-12">
      {sections.map((section, index) => (
        <HomeSection
          key={section.category?.id ?? section.kind}
          section={section}
          onSelectTemplate={onSelectTemplate}
          priorityCount={index === 0 ? PRIORITY_IMAGE_COUNT : 0}
          deferred={index >= HOME_ROWS_DRAWN_FIRST}
        />
      ))}
      <BrowseByStyle />
    </div>
  );
});

function FilteredTemplates({
  eventId,
  event,
  eventsLoading,
  q,
  onBack,
  onSelectTemplate,
}: {
  eventId: string | null;
  event: CatalogEvent | undefined;
  eventsLoading: boolean;
  q: string;
  onBack: () => void;
  onSelectTemplate: SelectTemplate;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedName();
  const headingId = useId();
  const templates = useTemplatePages({ event: eventId ?? undefined, q });
  // An id that is not among the active events still gets a readable title.
  const eventName = eventId ? (event ? localized(event) : eventsLoading ? null : eventId) : null;
  const title = eventId
    ? eventName === null
      ? null
      : t('home.eventTitle', { event: eventName })
    : t('home.searchTitle', { query: q });
  const count = templates.data?.pages[0]?.total;
  useDocumentTitle(title);

  const empty = eventId ? (
    <EmptyState
      icon={<SearchX className="size-7" />}
      title={t('home.empty.noEventResults', { event: eventName ?? '' })}
      description={q ? t('home.empty.noResultsHint') : undefined}
    />
  ) : (
    <EmptyState
      icon={<SearchX className="size-7" />}
      title={t('home.empty.noResults')}
      description={t('home.empty.noResultsHint')}
    />
  );

  return (
    <section aria-labelledby={headingId} className="space-y-5 pt-1">
      <div className="flex items-center gap-3">
        <IconButton
          outline
          label={t('home.backToAll')}
          onClick={onBack}
          icon={<ArrowLeft aria-hidden="true" className="size-5 rtl:-scale-x-100" />}
        />
        <div className="min-w-0">
          {title === null ? (
            <Skeleton className="h-7 w-48 rounded-full" />
          ) : (
            <h2 id={headingId} className="text-2xl font-extrabold break-words text-ink sm:text-3xl">
              {title}
            </h2>
          )}
          {count !== undefined && count > 0 && (
            <p className="text-sm text-muted">{t('catalog.templateCount', { count })}</p>
          )}
        </div>
      </div>
      <TemplateGrid
        query={templates}
        label={title ?? t('catalog.gridLabel')}
        empty={empty}
        onSelectTemplate={(template) => onSelectTemplate(template, { fromNewDrops: false })}
      />
    </section>
  );
}
