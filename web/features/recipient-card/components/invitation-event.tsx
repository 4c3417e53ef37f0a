import { CalendarDays, Download, ExternalLink, MapPin, PenLine } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { PublicInvitation } from '../../../../shared/invitations/invitation.contract.ts';
import { googleCalendarUrl, outlookCalendarUrl } from '../../../../shared/invitations/calendar-links.ts';
import { cardsApi } from '../../../../shared/api-paths.ts';
import { buttonClasses } from '../../../components/button.tsx';
import { deviceTimeZone, eventWhen, startInZone } from '../../../lib/event-dates.ts';
import { ltrIsolate } from '../../../lib/ltr-isolate.ts';
import { useTranslation } from '../../../lib/translation.tsx';

/**
 * An invitation's event on the recipient page (DESIGN §1.20), once the card has been opened: its title, when it
 * is in its own zone (and, for a guest whose clock reads otherwise, in theirs), where with a map link, the
 * host's notes as written, and ways to put it in a calendar: the .ics file, Google Calendar and Outlook, each
 * carrying this page's link (the share link, or a guest's own link on theirs).
 */
export function InvitationEvent({ cardId, invitation }: { cardId: string; invitation: PublicInvitation }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const language = i18n.language;
  const when = eventWhen(invitation, language);
  const yours = startInZone(invitation, language, deviceTimeZone());
  const calendarEvent = {
    title: invitation.title,
    start: new Date(invitation.startsAtUtc),
    end: invitation.endsAtUtc === null ? null : new Date(invitation.endsAtUtc),
    place: invitation.place,
    description: `${window.location.origin}${window.location.pathname}`,
  };
  const newTab = <span className="sr-only"> {t('invitation.event.opensInNewTab')}</span>;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="invitation-event"
      className="mx-auto mt-8 max-w-md rounded-3xl border border-plum-100 bg-white px-5 py-6 shadow-card sm:px-7"
    >
      <p className="text-xs font-extrabold tracking-wide text-coral-700 uppercase">
        {t('invitation.event.label')}
      </p>
      <h2
        id={headingId}
        dir="auto"
        className="mt-1 text-start text-2xl leading-tight font-black text-balance break-words text-ink"
      >
        {invitation.title}
      </h2>

      <dl className="mt-5 space-y-4">
        <Detail icon={<CalendarDays />} label={t('invitation.event.when')}>
          <div data-testid="invitation-when">
            {when.map((line) => (
              <p key={line} className="font-bold text-ink">
                {line}
              </p>
            ))}
          </div>
          {yours && (
            <p data-testid="invitation-your-time" className="mt-0.5 text-sm text-muted">
              {t('invitation.event.yourTime', { time: yours })}
            </p>
          )}
        </Detail>
        {invitation.place && (
          <Detail icon={<MapPin />} label={t('invitation.event.where')}>
            <p dir="auto" className="text-start font-bold break-words text-ink">
              {invitation.place}
            </p>
            {invitation.mapUrl && (
              <a
                href={invitation.mapUrl}
                target="_blank"
                rel="noopener"
                data-testid="invitation-map-link"
                className="mt-1 inline-flex items-center gap-1.5 text-sm font-bold text-plum-700 underline underline-offset-2"
              >
                {t('invitation.event.openMap')}
                <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 rtl:-scale-x-100" />
                {newTab}
              </a>
            )}
          </Detail>
        )}
        {invitation.notes && (
          <Detail icon={<PenLine />} label={t('invitation.event.notes')}>
            <p
              dir="auto"
              data-testid="invitation-notes"
              className="text-start break-words whitespace-pre-wrap text-ink"
            >
              {invitation.notes}
            </p>
          </Detail>
        )}
      </dl>

      <div className="mt-6 border-t border-plum-100 pt-5">
        <h3 className="flex items-center gap-2 text-sm font-extrabold text-ink">
          <CalendarDays aria-hidden="true" className="size-4 text-plum-600" />
          {t('invitation.event.addToCalendar')}
        </h3>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <a
            href={cardsApi.invitationCalendar(cardId)}
            download
            data-testid="invitation-ics"
            className={buttonClasses('primary', 'md', 'col-span-2')}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('invitation.event.icsFile', { extension: ltrIsolate('.ics') })}
          </a>
          <a
            href={googleCalendarUrl(calendarEvent)}
            target="_blank"
            rel="noopener"
            data-testid="invitation-google"
            className={buttonClasses(
              'secondary',
              'md',
              'h-auto! min-h-10 py-2 text-center whitespace-normal!',
            )}
          >
            {t('invitation.event.google')}
            {newTab}
          </a>
          <a
            href={outlookCalendarUrl(calendarEvent)}
            target="_blank"
            rel="noopener"
            data-testid="invitation-outlook"
            className={buttonClasses(
              'secondary',
              'md',
              'h-auto! min-h-10 py-2 text-center whitespace-normal!',
            )}
          >
            {t('invitation.event.outlook')}
            {newTab}
          </a>
        </div>
      </div>
    </section>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-xs font-extrabold tracking-wide text-plum-600 uppercase">
        <span aria-hidden="true" className="[&>svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}
