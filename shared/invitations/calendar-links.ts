/**
 * "Add to Google Calendar" and "Add to Outlook" links for an invitation's event: each opens the calendar's own
 * page for a new event with the fields filled in, no account of ours and no API key needed. Times go as UTC
 * instants, so each calendar shows them in its user's zone.
 */

export interface CalendarEventLink {
  title: string;
  start: Date;
  /** Without an end, the event is shown as lasting two hours (what both calendars assume for a party). */
  end: Date | null;
  place: string;
  /** The guest's link goes at the top of the description, where a phone makes it tappable. */
  description: string;
}

const DEFAULT_DURATION_MS = 2 * 60 * 60 * 1000;

/** When an event ends in a calendar: its end, or two hours after its start when the host gave none. */
export function calendarEndOf(event: { start: Date; end: Date | null }): Date {
  return event.end ?? new Date(event.start.getTime() + DEFAULT_DURATION_MS);
}

const endOf = calendarEndOf;

/** `20261224T183000Z`: RFC 5545's UTC form, as Google's `dates` wants it. */
function basicUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(event: CalendarEventLink): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${basicUtc(event.start)}/${basicUtc(endOf(event))}`,
    details: event.description,
    location: event.place,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

export function outlookCalendarUrl(event: CalendarEventLink): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: endOf(event).toISOString(),
    body: event.description,
    location: event.place,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query.toString()}`;
}
