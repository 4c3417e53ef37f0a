import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { calendarEndOf } from '../../../shared/invitations/calendar-links.ts';
import type { InvitationRecord } from '../cards/card-invitation.ts';

/**
 * An invitation's event as an iCalendar file (RFC 5545): PUBLISH for a file a guest downloads and opens;
 * REQUEST in a mail to a guest (named as ATTENDEE, the host's mailer as ORGANIZER), which mail apps offer to
 * add or update; CANCEL (with a SEQUENCE past the last one sent) when the event is called off. Its UID never changes and its SEQUENCE rises with every change a calendar shows, so a
 * calendar that has it updates the event rather than adding another. Times are UTC instants: every calendar
 * shows them in its user's zone, with no VTIMEZONE to get wrong.
 */
export function invitationCalendar(
  event: InvitationRecord,
  url: string,
  mail?: {
    method: 'REQUEST' | 'CANCEL';
    attendee: { name: string; email: string };
    organizer: { name: string; email: string };
  },
): string {
  const calendar = ical({
    prodId: { company: 'Winc', product: 'Invitations', language: 'EN' },
    method: mail ? ICalCalendarMethod[mail.method] : ICalCalendarMethod.PUBLISH,
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
    ...(mail?.method === 'CANCEL' ? { status: ICalEventStatus.CANCELLED } : {}),
    ...(mail
      ? {
          organizer: mail.organizer,
          attendees: [{ ...mail.attendee, rsvp: false, role: ICalAttendeeRole.REQ }],
        }
      : {}),
  });
  return calendar.toString();
}
