import ical, { ICalCalendarMethod } from 'ical-generator';
import { calendarEndOf } from '../../../shared/invitations/calendar-links.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';

/**
 * An invitation's event as an iCalendar file (RFC 5545, METHOD:PUBLISH: a file a guest downloads and opens).
 * Its UID never changes and its SEQUENCE rises with every change a calendar shows, so a calendar that
 * imported it updates the event rather than adding another. Times are UTC instants: every calendar shows
 * them in its user's zone, with no VTIMEZONE to get wrong.
 */
export function invitationCalendar(event: InvitationRecord, url: string): string {
  const calendar = ical({
    prodId: { company: 'Winc', product: 'Invitations', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: event.calendarUid,
    sequence: event.calendarSequence,
    stamp: event.changedAt,
    lastModified: event.changedAt,
    start: event.startsAt,
    end: calendarEndOf({ start: event.startsAt, end: event.endsAt }),
    summary: event.title,
    location: event.place === '' ? null : event.place,
    // The link first, where a phone's calendar makes it tappable.
    description: event.notes === '' ? url : `${url}\n\n${event.notes}`,
    url,
  });
  return calendar.toString();
}
