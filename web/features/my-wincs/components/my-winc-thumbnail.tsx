import { useLocalizedName } from '../../../lib/use-localized-name.ts';
import { AudioLines, CalendarDays, CircleAlert, Eye, Image as ImageIcon, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';
import type { MyWinc } from '../../../../shared/cards/my-wincs.contract.ts';
import { InvitationLabel } from '../../../components/invitation-label.tsx';
import { formatZonedMoment } from '../../../../shared/time/format-moment.ts';
import { useViewerTimeZone } from '../../../lib/zoned-moment.ts';
import { useFormatDate } from '../lib/use-format-date.ts';
import { useSealedReveal } from '../lib/use-sealed-reveal.ts';
import { CardCoverImage } from './card-cover-image.tsx';

/**
 * One paid card in the grid: its 3:4 cover, the recipient, an invitation's label with its event's day, whether
 * it reached its view limit, when it opens while it is sealed (in the owner's own zone), and the date. The whole card opens the details.
 */
export function MyWincThumbnail({
  card,
  onOpen,
  priority,
  lead,
  badge,
}: {
  card: MyWinc;
  onOpen: (card: MyWinc) => void;
  priority?: boolean;
  /** The grid's first tile, whose cover is the page's largest paint. */
  lead?: boolean;
  /** Shown on the cover's top corner (new replies). */
  badge?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const viewerZone = useViewerTimeZone();
  const sealed = useSealedReveal(card);
  const categoryName = useLocalizedName();
  const date = formatDate(card.createdAt);
  const media = [
    card.recipientImageUrl && { key: 'image', Icon: ImageIcon },
    card.videoUrl && { key: 'video', Icon: Video },
    card.audioUrl && { key: 'audio', Icon: AudioLines },
  ].filter((item) => !!item);
  return (
    <button
      type="button"
      data-testid="my-winc"
      data-card-id={card.id}
      onClick={() => onOpen(card)}
      className="group flex w-full flex-col rounded-2xl text-start outline-offset-4"
    >
      <span className="relative block w-full overflow-hidden rounded-2xl shadow-card ring-1 ring-plum-900/5 transition duration-300 group-hover:-translate-y-0.5 group-hover:shadow-card-hover motion-reduce:group-hover:translate-y-0">
        <CardCoverImage
          src={card.templateImageUrl}
          priority={priority}
          lead={lead}
          className="w-full [&>img]:transition-transform [&>img]:duration-500 [&>img]:group-hover:scale-[1.03] motion-reduce:[&>img]:group-hover:scale-100"
        />
        {card.category && (
          <span
            className={`absolute start-2 top-2 truncate rounded-full ${badge ? 'max-w-[calc(100%-5rem)]' : 'max-w-[calc(100%-1rem)]'} bg-white/95 px-2.5 py-0.5 text-xs font-extrabold text-plum-800 shadow-sm`}
          >
            {categoryName(card.category)}
          </span>
        )}
        {badge && <span className="absolute end-2 top-2">{badge}</span>}
        {card.views && (
          <span
            data-testid="my-winc-opened"
            className="absolute start-2 bottom-2 flex items-center gap-1 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-extrabold text-white shadow-sm"
          >
            <Eye aria-hidden="true" className="size-3.5" />
            {t('myWincs.opened.badge')}
          </span>
        )}
        {media.length > 0 && (
          <span
            aria-hidden="true"
            className="absolute end-2 bottom-2 flex items-center gap-1 rounded-full bg-plum-950/65 px-2 py-1 text-white backdrop-blur-sm"
          >
            {media.map(({ key, Icon }) => (
              <Icon key={key} className="size-3.5" />
            ))}
          </span>
        )}
      </span>
      <span
        dir="auto"
        className="mt-2 line-clamp-2 w-full px-0.5 text-start text-sm leading-snug font-extrabold break-words text-ink group-hover:text-plum-700"
      >
        {t('myWincs.to', { name: card.recipientName })}
      </span>
      {card.invitation && <InvitationLabel invitation={card.invitation} className="mx-0.5 mt-1" />}
      {card.viewLimitStatus.reached && card.viewLimit !== null && (
        <span
          data-testid="my-winc-limit-reached"
          className="mt-1 flex w-full items-start gap-1 px-0.5 text-start text-xs font-extrabold text-coral-800"
        >
          <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {t('myWincs.viewLimit.reached', { count: card.viewLimit })}
        </span>
      )}
      {sealed && (
        <span
          data-testid="my-winc-opens-on"
          className="mt-1 flex w-full items-start gap-1 px-0.5 text-start text-xs font-extrabold text-plum-700"
        >
          <CalendarDays aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {viewerZone === null
            ? '\u00a0'
            : t('reveal.myWincs.opensOn', {
                when: formatZonedMoment(new Date(sealed.revealAt), viewerZone, i18n.resolvedLanguage),
              })}
        </span>
      )}
      <span className="w-full px-0.5 text-start text-xs font-semibold text-muted">{date}</span>
    </button>
  );
}
