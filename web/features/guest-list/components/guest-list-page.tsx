import { ArrowLeft, Download, Info, Plus, Search, SearchX, Send, Share2, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Card } from '../../../../shared/cards/cards.contract.ts';
import type { HostGuest } from '../../../../shared/invitations/guests.contract.ts';
import { invitationsApi } from '../../../../shared/api-paths.ts';
import { Button, buttonClasses } from '../../../components/button.tsx';
import { Chip, ChipRow } from '../../../components/chip.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InvitationLabel } from '../../../components/invitation-label.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/translation.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useGuestList, useInvitationCard } from '../api/use-guest-list.ts';
import { filterCounts, filterGuests, GUEST_FILTERS, type GuestFilter } from '../lib/guest-filters.ts';
import { AddGuestsDialog } from './add-guests-dialog.tsx';
import { GuestRow } from './guest-row.tsx';
import { GuestTotals } from './guest-totals.tsx';
import { MessageGuestsDialog } from './message-guests-dialog.tsx';
import { RecordAnswerDialog } from './record-answer-dialog.tsx';
import { RemoveGuestDialog } from './remove-guest-dialog.tsx';

/**
 * `/my-wincs/{cardId}/guests` (DESIGN §1.20): an invitation's guests for its host, live — the totals and the
 * plan's limit, filters and a search, each guest's answer, headcount, plus-ones, answers to the questions,
 * note and when their link was opened; per guest their link (copied or shared), an answer given in person,
 * and removal; guests added by hand, pasted or from a CSV file; the list as CSV; a message to the guests by
 * email (once paid). Reachable before the
 * invitation is paid: guests are added first, their links work once it is shared (`onShare`).
 */
export function GuestListPage({
  cardId,
  onShare,
  emailDelivery,
}: {
  cardId: string;
  onShare: (card: Card) => void;
  /** Invitations by email (composed by the route): the button that sends them, each guest's state. */
  emailDelivery?: { send: ReactNode; guestState: (guestId: string) => ReactNode };
}) {
  const { t } = useTranslation();
  const card = useInvitationCard(cardId);
  const list = useGuestList(cardId);
  const invitation = card.data?.invitation ?? null;
  useDocumentTitle(
    invitation ? `${t('guestList.documentTitle')} · ${invitation.title}` : t('guestList.documentTitle'),
  );

  const [filter, setFilter] = useState<GuestFilter>('all');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  // The dialogs follow the cached list: a guest answering meanwhile shows at once, a removed one closes them.
  const find = (id: string | null): HostGuest | null =>
    id === null ? null : (list.data?.guests.find((guest) => guest.id === id) ?? null);

  const notFound = hasErrorCode(card.error, 'card-not-found') || hasErrorCode(list.error, 'card-not-found');
  if (notFound || (card.data && !invitation)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <EmptyState
          role="alert"
          titleAs="h1"
          icon={<UserRound className="size-7" />}
          title={t('errors.card-not-found')}
          action={<BackLink />}
        />
      </div>
    );
  }
  const failure = card.error ?? (list.data ? null : list.error);
  if (failure) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <EmptyState
          role="alert"
          titleAs="h1"
          icon={<UserRound className="size-7" />}
          title={t('guestList.loadFailed')}
          description={t(errorMessageKey(failure))}
          action={
            <Button
              onClick={() => {
                void card.refetch();
                void list.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!card.data || !invitation || !list.data) return <PageSkeleton />;

  const data = list.data;
  const counts = filterCounts(data.totals);
  const shown = filterGuests(data.guests, filter, search);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-8">
      <BackLink />
      <header className="mt-3">
        <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
          {t('guestList.eyebrow')}
        </p>
        <h1 dir="auto" className="mt-0.5 text-2xl leading-tight font-black text-balance text-ink sm:text-4xl">
          {invitation.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
          <InvitationLabel invitation={invitation} />
          <p data-testid="guest-limit" className="text-sm font-bold text-plum-700 tabular-nums">
            {t('guestList.limit', { guests: data.totals.guests, count: data.guestLimit })}
          </p>
        </div>
      </header>

      {!card.data.isPaid && (
        <section
          data-testid="guest-list-unpaid"
          aria-labelledby="guest-list-unpaid-title"
          className="mt-5 flex flex-col gap-3 rounded-3xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-5"
        >
          <Info aria-hidden="true" className="size-5 shrink-0 text-amber-700 max-sm:hidden" />
          <div className="min-w-0 flex-1">
            <h2 id="guest-list-unpaid-title" className="text-sm font-black text-amber-950">
              {t('guestList.unpaid.title')}
            </h2>
            <p className="mt-0.5 text-sm text-amber-950/85">{t('guestList.unpaid.body')}</p>
          </div>
          <Button onClick={() => onShare(card.data)} className="self-start sm:self-center">
            <Share2 aria-hidden="true" className="size-4" />
            {t('guestList.unpaid.action')}
          </Button>
        </section>
      )}

      <GuestTotals totals={data.totals} className="mt-5" />

      <div className="mt-5 flex flex-wrap gap-2">
        <Button onClick={() => setAdding(true)} className="flex-1 sm:flex-none">
          <Plus aria-hidden="true" className="size-4" />
          {t('guestList.add.open')}
        </Button>
        {card.data.isPaid && emailDelivery?.send}
        {card.data.isPaid && data.guests.length > 0 && (
          // Mails carry each guest's link, which works once the invitation is paid: the server refuses before.
          <Button variant="secondary" onClick={() => setMessaging(true)} className="flex-1 sm:flex-none">
            <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('guestList.message.open')}
          </Button>
        )}
        {data.guests.length > 0 && (
          // The server's file: its name, its encoding (UTF-8 with a BOM) and its columns are decided there.
          <a
            href={invitationsApi.exportGuests(cardId)}
            download
            className={buttonClasses('secondary', 'md', 'flex-1 sm:flex-none')}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('guestList.export')}
          </a>
        )}
      </div>

      {data.guests.length === 0 ? (
        <div data-testid="guest-list-empty">
          <EmptyState
            icon={<UserRound className="size-7" />}
            title={t('guestList.empty.title')}
            description={t('guestList.empty.body')}
          />
        </div>
      ) : (
        <>
          <div className="mt-6 space-y-3">
            <ChipRow label={t('guestList.filters.label')}>
              {GUEST_FILTERS.map((each) => (
                <Chip key={each} pressed={filter === each} onClick={() => setFilter(each)} data-filter={each}>
                  {t(`guestList.filters.${each}`)}{' '}
                  <span className="tabular-nums opacity-75">{counts[each]}</span>
                </Chip>
              ))}
            </ChipRow>
            <div className="relative">
              <label htmlFor="guest-search" className="sr-only">
                {t('guestList.search.label')}
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-plum-500"
              />
              <input
                id="guest-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('guestList.search.placeholder')}
                autoComplete="off"
                enterKeyHint="search"
                dir="auto"
                className="h-11 w-full rounded-full border border-plum-200 bg-white ps-10 pe-4 text-base text-ink shadow-xs placeholder:text-muted hover:border-plum-300 focus:border-plum-500 sm:text-sm"
              />
            </div>
          </div>
          {shown.length === 0 ? (
            <EmptyState
              icon={<SearchX className="size-7" />}
              title={t('guestList.noMatch.title')}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setFilter('all');
                    setSearch('');
                  }}
                >
                  {t('guestList.noMatch.action')}
                </Button>
              }
            />
          ) : (
            <ul aria-label={t('guestList.listLabel')} className="mt-4 space-y-3">
              {shown.map((guest) => (
                <GuestRow
                  key={guest.id}
                  guest={guest}
                  invitation={invitation}
                  onRecord={() => setRecordingId(guest.id)}
                  onRemove={() => setRemovingId(guest.id)}
                  deliveryState={emailDelivery?.guestState(guest.id)}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <AddGuestsDialog
        open={adding}
        cardId={cardId}
        list={data}
        defaultPlusOnes={invitation.maxPlusOnes}
        onClose={() => setAdding(false)}
      />
      <MessageGuestsDialog
        open={messaging && card.data.isPaid}
        cardId={cardId}
        guests={data.guests}
        onClose={() => setMessaging(false)}
      />
      <RecordAnswerDialog
        cardId={cardId}
        guest={find(recordingId)}
        invitation={invitation}
        onClose={() => setRecordingId(null)}
      />
      <RemoveGuestDialog cardId={cardId} guest={find(removingId)} onClose={() => setRemovingId(null)} />
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.myWincs()}
      className="inline-flex items-center gap-1.5 text-sm font-bold text-plum-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('guestList.back')}
    </Link>
  );
}

function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('app.loading')} className="mx-auto w-full max-w-3xl px-4 pt-6 sm:px-6">
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-4 w-28 rounded-full" />
        <Skeleton className="h-9 w-3/4 rounded-2xl" />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-20 rounded-2xl" />
          ))}
        </div>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-3xl" />
        ))}
      </div>
    </div>
  );
}
