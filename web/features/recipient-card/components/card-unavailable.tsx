import { EyeOff, Hourglass, Link2Off, SearchX } from 'lucide-react';
import { useTranslation } from '../../../lib/translation.tsx';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { buttonClasses } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * Why a share link opens no card, each said as it is (DESIGN §1.5, §1.7): a card not paid yet (a friendly
 * wait), a card its sender deleted (it will not come back), a link that never led to a card, and a new device
 * past the card's view limit (the devices that opened it still can).
 */
const REASONS = {
  'card-not-ready': { icon: Hourglass, title: 'errors.card-not-ready', text: 'recipient.notReadyText' },
  'card-removed': { icon: Link2Off, title: 'errors.card-removed', text: 'recipient.removedText' },
  'card-not-found': { icon: SearchX, title: 'recipient.notFoundTitle', text: 'recipient.notFoundText' },
  'card-view-limit': { icon: EyeOff, title: 'errors.card-view-limit', text: 'recipient.viewLimitText' },
} as const;

export type UnavailableReason = keyof typeof REASONS;

const REASON_CODES = Object.keys(REASONS) as UnavailableReason[];

/** The reason in a failed answer for a share link's card, or null for any other failure (network, server). */
export function unavailableReasonOf(error: unknown): UnavailableReason | null {
  return REASON_CODES.find((code) => hasErrorCode(error, code)) ?? null;
}

/** The page's title for a link that opens no card. */
export function unavailableTitleKey(reason: UnavailableReason) {
  return REASONS[reason].title;
}

/** A share link that opens no card: why, and the way Home. */
export function CardUnavailable({ reason }: { reason: UnavailableReason }) {
  const { t } = useTranslation();
  const { icon: Icon, title, text } = REASONS[reason];
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <EmptyState
        icon={<Icon className="size-7" />}
        titleAs="h1"
        title={t(title)}
        description={t(text)}
        action={
          <a href={paths.home()} className={buttonClasses('primary', 'lg')}>
            {t('recipient.visitHome')}
          </a>
        }
      />
    </div>
  );
}
