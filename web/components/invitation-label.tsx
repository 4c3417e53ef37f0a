import { CalendarHeart } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { eventDay, type EventTimes } from '../lib/event-dates.ts';
import { useTranslation } from '../lib/translation.tsx';

/** Says a WINC is an invitation, and the event's day in its zone, where the WINC is named (DESIGN §1.20). */
export function InvitationLabel({ invitation, className }: { invitation: EventTimes; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="invitation-label"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-coral-100 px-2 py-0.5 text-xs font-extrabold text-coral-800',
        className,
      )}
    >
      <CalendarHeart aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="truncate">
        {t('invitation.badge.on', { date: eventDay(invitation, i18n.language) })}
      </span>
    </span>
  );
}
