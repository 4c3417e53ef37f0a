import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import { CalendarDays, Pencil, Share2, Tag, Trash2, UserRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { Button } from '../../../components/button.tsx';
import { ButtonLink } from '../../../components/button-link.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { InvitationLabel } from '../../../components/invitation-label.tsx';
import { DialogHeader } from '../../../components/dialog-header.tsx';
import { paths } from '../../../config/paths.ts';
import { fontStackOf } from '../../../lib/card-fonts.ts';
import { formatZonedMoment } from '../../../../shared/time/format-moment.ts';
import { sameWallClock, useViewerTimeZone } from '../../../lib/zoned-moment.ts';
import { useFormatDate } from '../lib/use-format-date.ts';
import { useSealedReveal } from '../lib/use-sealed-reveal.ts';
import { CardCoverImage } from './card-cover-image.tsx';
import { CardOpenedStatus } from './card-opened-status.tsx';
import { DangerButton } from './danger-button.tsx';

interface CardDetailsDialogProps {
  /** The card to show; null keeps the dialog closed. */
  card: MyWinc | null;
  onClose: () => void;
  onEdit: (card: MyWinc) => void;
  onShare: (card: MyWinc) => void;
  onDelete: (card: MyWinc) => void;
  /** The card's replies (another feature's list, composed by the route). */
  replies?: ((card: MyWinc) => ReactNode) | undefined;
  /** The card's delivery log by email (composed by the route); left out, the section is not shown. */
  deliveryLog?: ((cardId: string) => ReactNode) | undefined;
  /** "Keep this card" (DESIGN §1.21) for the card shown, which the page composes. */
  keepsake?: (card: MyWinc) => ReactNode;
}

/**
 * SPEC §2 My WINCS "Card Details": the cover, an invitation's label with its event's day and its guests, From and To,
 * whether and how it was opened (DESIGN §1.7), its delivery log by email (DESIGN §1.22), the message in its
 * saved styles, the recipient image, the video and the voice message, the recipient's replies (DESIGN §1.21),
 * with Edit, Share and Delete. A full-screen sheet on phones.
 */
export function CardDetailsDialog({
  card,
  onClose,
  onEdit,
  onShare,
  onDelete,
  replies,
  deliveryLog,
  keepsake,
}: CardDetailsDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="max-w-3xl max-sm:h-dvh! max-sm:max-h-dvh! max-sm:w-screen! max-sm:max-w-none! max-sm:rounded-none!"
    >
      {card && (
        <Details
          key={card.id}
          card={card}
          titleId={titleId}
          onClose={onClose}
          onEdit={onEdit}
          onShare={onShare}
          onDelete={onDelete}
          replies={replies}
          deliveryLog={deliveryLog}
          keepsake={keepsake}
        />
      )}
    </Dialog>
  );
}

function Details({
  card,
  titleId,
  onClose,
  onEdit,
  onShare,
  onDelete,
  replies,
  deliveryLog,
  keepsake,
}: Omit<CardDetailsDialogProps, 'card'> & { card: MyWinc; titleId: string }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const viewerZone = useViewerTimeZone();
  const categoryName = useLocalizedName();
  const sealed = useSealedReveal(card);
  const { fontFamily, fontSize, color } = card.textStyles;
  const font = fontStackOf(fontFamily);

  return (
    <div
      data-testid="card-details"
      className="flex max-h-[calc(100dvh-2rem)] flex-col max-sm:h-dvh max-sm:max-h-dvh"
    >
      <DialogHeader
        titleId={titleId}
        title={t('myWincs.details.title')}
        onClose={onClose}
        closeLabel={t('myWincs.details.close')}
      />

      <div className="flex-1 overflow-y-auto px-5 py-5 sm:px-6 sm:py-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <aside className="flex gap-4 sm:w-52 sm:shrink-0 sm:flex-col">
            <CardCoverImage
              src={card.templateImageUrl}
              priority
              className="w-28 shrink-0 rounded-2xl shadow-card ring-1 ring-plum-900/5 sm:w-full"
            />
            <ul className="flex min-w-0 flex-col justify-center gap-2 text-sm font-semibold text-muted">
              {card.invitation && (
                <li>
                  <InvitationLabel invitation={card.invitation} />
                </li>
              )}
              <MetaItem icon={<CalendarDays className="size-4" />}>
                {t('myWincs.details.created', { date: formatDate(card.createdAt) })}
              </MetaItem>
              {card.category && (
                <MetaItem icon={<Tag className="size-4" />}>{categoryName(card.category)}</MetaItem>
              )}
            </ul>
          </aside>

          <div className="min-w-0 flex-1 space-y-5">
            <dl className="grid grid-cols-2 gap-3">
              <NameBox label={t('myWincs.details.from')} name={card.senderName} testId="details-from" />
              <NameBox label={t('myWincs.details.to')} name={card.recipientName} testId="details-to" />
            </dl>

            {card.invitation && (
              <ButtonLink
                to={paths.guestList(card.id)}
                variant="secondary"
                size="lg"
                data-testid="details-guests"
                className="w-full"
              >
                <UserRound aria-hidden="true" className="size-4" />
                {t('myWincs.details.guests')}
              </ButtonLink>
            )}

            {sealed && (
              <section
                aria-labelledby={`${titleId}-reveal`}
                data-testid="details-opens-on"
                className="rounded-2xl bg-plum-50 px-4 py-3"
              >
                <SectionLabel id={`${titleId}-reveal`}>{t('reveal.share.legend')}</SectionLabel>
                <p className="font-bold text-plum-900">
                  {t('reveal.sealed.opensOn', {
                    when: formatZonedMoment(
                      new Date(sealed.revealAt),
                      sealed.timeZone,
                      i18n.resolvedLanguage,
                    ),
                    zone: sealed.timeZone,
                  })}
                </p>
                {viewerZone === null ||
                sameWallClock(new Date(sealed.revealAt), sealed.timeZone, viewerZone) ? null : (
                  <p className="text-sm text-plum-700">
                    {t('reveal.sealed.yourTime', {
                      when: formatZonedMoment(new Date(sealed.revealAt), viewerZone, i18n.resolvedLanguage),
                    })}
                  </p>
                )}
                {/* The share dialog holds the one reveal form: change the time, or "Send now" to cancel it. */}
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-2"
                  onClick={() => onShare(card)}
                  data-testid="details-change-reveal"
                >
                  {t('reveal.share.change')}
                </Button>
              </section>
            )}

            <section aria-labelledby={`${titleId}-opened`}>
              <SectionLabel id={`${titleId}-opened`}>{t('myWincs.opened.title')}</SectionLabel>
              <CardOpenedStatus card={card} labelId={`${titleId}-opened`} />
            </section>

            {replies && (
              <section aria-labelledby={`${titleId}-replies`}>
                <SectionLabel id={`${titleId}-replies`}>{t('replies.list.title')}</SectionLabel>
                {replies(card)}
              </section>
            )}

            {deliveryLog && (
              <section aria-labelledby={`${titleId}-delivery`}>
                <SectionLabel id={`${titleId}-delivery`}>{t('delivery.log.title')}</SectionLabel>
                {deliveryLog(card.id)}
              </section>
            )}

            <section aria-labelledby={`${titleId}-message`}>
              <SectionLabel id={`${titleId}-message`}>{t('myWincs.details.message')}</SectionLabel>
              <div className="rounded-2xl border border-plum-100 bg-[#fffdf8] px-5 py-4 shadow-xs">
                <p
                  dir="auto"
                  data-testid="details-message"
                  style={{ fontFamily: font, fontSize, color }}
                  className="break-words whitespace-pre-wrap"
                >
                  {card.message}
                </p>
              </div>
            </section>

            {card.recipientImageUrl && (
              <section aria-labelledby={`${titleId}-image`}>
                <SectionLabel id={`${titleId}-image`}>{t('myWincs.details.image')}</SectionLabel>
                <img
                  src={card.recipientImageUrl}
                  alt={t('myWincs.details.imageAlt', { name: card.recipientName })}
                  data-testid="details-image"
                  className="max-h-64 rounded-2xl object-contain shadow-sm"
                />
              </section>
            )}

            {card.videoUrl && (
              <section aria-labelledby={`${titleId}-video`}>
                <SectionLabel id={`${titleId}-video`}>{t('myWincs.details.video')}</SectionLabel>
                <video
                  src={card.videoUrl}
                  controls
                  playsInline
                  preload="metadata"
                  data-testid="details-video"
                  className="max-h-80 w-full rounded-2xl bg-black"
                />
              </section>
            )}

            {card.audioUrl && (
              <section aria-labelledby={`${titleId}-audio`}>
                <SectionLabel id={`${titleId}-audio`}>{t('myWincs.details.voiceMessage')}</SectionLabel>
                <audio
                  src={card.audioUrl}
                  controls
                  preload="metadata"
                  data-testid="details-audio"
                  className="w-full"
                />
              </section>
            )}
            {keepsake?.(card)}
          </div>
        </div>
      </div>

      <footer className="grid grid-cols-2 gap-2 border-t border-plum-100 px-5 py-4 sm:flex sm:items-center sm:gap-3 sm:px-6">
        <DangerButton onClick={() => onDelete(card)} className="sm:me-auto">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('myWincs.details.delete')}
        </DangerButton>
        <Button variant="secondary" onClick={() => onEdit(card)}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('myWincs.details.edit')}
        </Button>
        <Button
          size="lg"
          onClick={() => onShare(card)}
          className="col-span-2 row-start-1 sm:h-10 sm:px-5 sm:text-sm"
        >
          <Share2 aria-hidden="true" className="size-4" />
          {t('myWincs.details.share')}
        </Button>
      </footer>
    </div>
  );
}

function MetaItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <span aria-hidden="true" className="shrink-0 text-plum-500">
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

function SectionLabel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-2 text-xs font-extrabold tracking-wide text-coral-700 uppercase">
      {children}
    </h3>
  );
}

function NameBox({ label, name, testId }: { label: string; name: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-plum-50 px-4 py-3">
      <dt className="text-xs font-extrabold tracking-wide text-plum-600 uppercase">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 truncate text-start text-base font-extrabold text-ink">
        <bdi>{name}</bdi>
      </dd>
    </div>
  );
}
