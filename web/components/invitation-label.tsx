import { CalendarDays } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { eventDay, type EventTimes } from '../lib/event-dates.ts';
import { useTranslation } from '../lib/translation.tsx';

/**
 * Says a WINC is an invitation, with the event's day in its zone beside it (under it where space is short),
 * where the WINC is named (DESIGN §1.20).
 */
export function InvitationLabel({ invitation, className }: { invitation: EventTimes; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="invitation-label"
      className={cn(
        'inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs font-extrabold',
        className,
      )}
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-coral-100 px-2 py-0.5 text-coral-800">
        <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
        {t('invitation.badge.label')}
      </span>
      <span className="text-coral-800">{eventDay(invitation, i18n.language)}</span>
    </span>
  );
}
