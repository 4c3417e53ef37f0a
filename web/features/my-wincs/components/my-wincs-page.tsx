import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import { Gift, LayoutGrid, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import { useSearchParams } from 'react-router';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Chip, ChipRow } from '../../../components/chip.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOnceOpened } from '../../../lib/use-once-opened.ts';
import { useDrafts, useMyWincs } from '../api/use-my-wincs.ts';

import { DeleteCardDialog } from './delete-card-dialog.tsx';
import { DraftsStrip } from './drafts-strip.tsx';
import { MyWincThumbnail } from './my-winc-thumbnail.tsx';

/** 2 columns on a 360 px phone, up to 6 on a wide desktop (like the template grids). */
const gridClasses =
  'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 sm:gap-x-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

/** The filter's query parameter: a category id. */
const CATEGORY_PARAM = 'category';
/** A card whose details open with the page (the view-limit email links to it). */
const CARD_PARAM = 'card';

/**
 * A card's details, fetched the first time a card is opened: with the card's fonts (their 111 faces' rules) and
 * its parts, they are not part of the page's first load.
 */
const loadDetails = () => import('./card-details-dialog.tsx');
const CardDetailsDialog = lazy(() => loadDetails().then((module) => ({ default: module.CardDetailsDialog })));

/** Starts fetching the details when a card is about to be opened (pointed at, pressed or focused). */
const prepareDetails = () => void loadDetails().catch(() => undefined);

/**
 * `/my-wincs` (SPEC §2 My WINCS): the signed-in user's paid cards, newest first, filtered by category, as a
 * grid of covers. A card opens its details (Edit, Share, Delete), also from the address (`?card={id}`); Edit
 * and Share are the route's to provide (the card editor and the share dialog are other features).
 */
export function MyWincsPage({
  onShare,
  onEdit,
  tileBadge,
  replies,
  deliveryLog,
  keepsake,
}: {
  onShare: (cardId: string) => void;
  onEdit: (card: MyWinc) => void;
  /** What a card's tile says on its cover besides its own state (the route's: new replies). */
  tileBadge?: (card: MyWinc) => ReactNode;
  /** A card's replies in its details (the route's: another feature's list). */
  replies?: (card: MyWinc) => ReactNode;
  /** A card's delivery log by email, for its details (composed by the route). */
  deliveryLog?: (cardId: string) => ReactNode;
  /** "Keep this card" in a card's details, which the route composes. */
  keepsake?: (card: MyWinc) => ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('myWincs.title'));
  const categoryName = useLocalizedName();
  const [params, setParams] = useSearchParams();
  const categoryId = params.get(CATEGORY_PARAM) || null;
  const query = useMyWincs(categoryId);
  // The drafts strip sits above the grid: the grid waits for its first answer too (see the key below).
  const drafts = useDrafts();
  const data = drafts.isPending ? undefined : query.data;
  const [openId, setOpenId] = useState<string | null>(() => params.get(CARD_PARAM));
  const [deleteId, setDeleteId] = useState<string | null>(null);

  const setCategory = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(CATEGORY_PARAM, id);
        else next.delete(CATEGORY_PARAM);
        return next;
      },
      { replace: true },
    );

  const closeDetails = () => {
    setOpenId(null);
    if (!params.has(CARD_PARAM)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CARD_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  // A filter on a category the user no longer has a card in (the last one was deleted) falls back to All.
  const staleFilter =
    !query.isPlaceholderData &&
    categoryId !== null &&
    data !== undefined &&
    !data.categories.some((category) => category.id === categoryId);
  useEffect(() => {
    if (staleFilter) setCategory(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setCategory is rebuilt each render; the flag decides.
  }, [staleFilter]);

  // The dialogs follow the cached card, so an edit shows at once and a deleted card closes them.
  const find = (id: string | null): MyWinc | null =>
    id === null ? null : (data?.cards.find((card) => card.id === id) ?? null);
  const opened = find(openId);
  // Once a card has been opened, its dialog stays mounted: it closes with its own animation.
  const detailsShown = useOnceOpened(opened !== null);
  const deleting = find(deleteId);
  const activeCategory = data?.categories.find((category) => category.id === categoryId) ?? null;

  let content;
  if (!data && query.isError) {
    content = (
      <EmptyState
        role="alert"
        icon={<Gift className="size-7" />}
        title={t('myWincs.loadFailed')}
        description={t(errorMessageKey(query.error))}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (!data) {
    content = <GridSkeleton />;
  } else if (data.cards.length === 0 && data.categories.length === 0) {
    content = (
      <EmptyState
        icon={<Sparkles className="size-7" />}
        title={t('myWincs.empty.title')}
        description={t('myWincs.empty.description')}
        action={
          <ButtonLink to={paths.home()} size="lg">
            {t('myWincs.empty.action')}
          </ButtonLink>
        }
      />
    );
  } else if (data.cards.length === 0) {
    content = (
      <EmptyState
        icon={<LayoutGrid className="size-7" />}
        title={t('myWincs.emptyCategory.title', {
          category: activeCategory ? categoryName(activeCategory) : '',
        })}
        action={
          <Button variant="secondary" onClick={() => setCategory(null)}>
            {t('myWincs.emptyCategory.action')}
          </Button>
        }
      />
    );
  } else {
    content = (
      <ul
        aria-label={t('myWincs.gridLabel')}
        aria-busy={query.isPlaceholderData || undefined}
        data-testid="my-wincs-grid"
        className={`${gridClasses} transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {data.cards.map((card, index) => (
          <li key={card.id} className="flex">
            <MyWincThumbnail
              card={card}
              onOpen={(chosen) => setOpenId(chosen.id)}
              priority={index < 6}
              lead={index === 0}
              badge={tileBadge?.(card)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
            {t('myWincs.eyebrow')}
          </p>
          <h1 className="mt-0.5 text-3xl leading-tight font-black text-balance text-ink sm:text-4xl">
            {t('myWincs.title')}
          </h1>
          <p className="mt-2 max-w-xl text-sm leading-relaxed text-muted sm:text-base">
            {t('myWincs.intro')}
          </p>
        </div>
        <p className="min-h-5 text-sm font-bold text-plum-700 tabular-nums" aria-live="polite">
          {data && data.cards.length > 0 ? t('myWincs.count', { count: data.cards.length }) : ''}
        </p>
      </header>

      {/*
       * What is loaded replaces its placeholders as a whole, a new element: the strip of drafts above the grid
       * (unknown until it is there) then moves nothing that was on the screen.
       */}
      <div key={data ? 'loaded' : 'loading'}>
        <DraftsStrip drafts={drafts.data} className="mt-6" />

        {data && data.categories.length > 0 && (
          <ChipRow label={t('myWincs.filterLabel')} className="mt-6">
            <Chip pressed={categoryId === null} onClick={() => setCategory(null)}>
              {t('common.all')}
            </Chip>
            {data.categories.map((category) => (
              <Chip
                key={category.id}
                pressed={categoryId === category.id}
                onClick={() => setCategory(category.id)}
              >
                {categoryName(category)}
              </Chip>
            ))}
          </ChipRow>
        )}
        {!data && !query.isError && (
          <div aria-hidden="true" className="mt-6 flex gap-2">
            {['w-16', 'w-28', 'w-24'].map((width) => (
              <div key={width} className={`h-10 overflow-hidden rounded-full ${width}`}>
                <Skeleton className="size-full" />
              </div>
            ))}
          </div>
        )}

        <div
          className="mt-6 sm:mt-8"
          onPointerOver={prepareDetails}
          onPointerDown={prepareDetails}
          onFocus={prepareDetails}
        >
          {content}
        </div>
      </div>

      {detailsShown && (
        <Suspense fallback={null}>
          <CardDetailsDialog
            card={opened}
            deliveryLog={deliveryLog}
            onClose={closeDetails}
            onEdit={onEdit}
            onShare={(card) => onShare(card.id)}
            onDelete={(card) => setDeleteId(card.id)}
            replies={replies}
            keepsake={keepsake}
          />
        </Suspense>
      )}
      <DeleteCardDialog
        card={deleting}
        onClose={() => setDeleteId(null)}
        onDeleted={() => {
          setDeleteId(null);
          closeDetails();
        }}
      />
    </div>
  );
}

function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')}>
      <div aria-hidden="true" className={gridClasses}>
        {Array.from({ length: 12 }, (_, index) => (
          <div key={index} className="flex flex-col gap-2">
            <Skeleton className="aspect-[3/4] w-full rounded-2xl" />
            <Skeleton className="h-3.5 w-3/4 rounded-full" />
            <Skeleton className="h-3 w-1/2 rounded-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
