/**
 * An invitation's times as people read them (DESIGN §1.20, §4 "time zones"): in the UI language, by `Intl`
 * (its own digits and calendar words for each language, nothing forced), in the event's zone with the zone's
 * short name, and for a guest elsewhere the same moment in their own zone.
 */

/** The times of an event: UTC instants and the event's IANA zone. */
export interface EventTimes {
  startsAtUtc: string;
  endsAtUtc: string | null;
  timeZone: string;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** The zone this device is set to. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A calendar day and wall-clock time in a zone, to compare two zones' readings of one instant. */
function wallClock(instant: Date, zone: string, withTime: boolean): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime && { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    timeZone: zone,
  }).format(instant);
}

/**
 * When the event is, in its own zone: its day and its time (or times, start to end) when it ends the day it
 * starts, else one line from start to end.
 */
export function eventWhen(event: EventTimes, language: string): string[] {
  const start = new Date(event.startsAtUtc);
  const end = event.endsAtUtc === null ? null : new Date(event.endsAtUtc);
  const zone = event.timeZone;
  const day = new Intl.DateTimeFormat(language, { ...DAY, timeZone: zone }).format(start);
  const time = new Intl.DateTimeFormat(language, { ...TIME, timeZone: zone, timeZoneName: 'short' });
  if (end === null) return [day, time.format(start)];
  if (wallClock(start, zone, false) === wallClock(end, zone, false))
    return [day, time.formatRange(start, end)];
  const both = new Intl.DateTimeFormat(language, { ...DAY, ...TIME, timeZone: zone, timeZoneName: 'short' });
  return [both.formatRange(start, end)];
}

/**
 * The start as a clock in `zone` shows it, with the zone's short name (and the day, when it is not the event's
 * day there); null when that clock shows what the event's zone shows.
 */
export function startInZone(event: EventTimes, language: string, zone: string): string | null {
  const start = new Date(event.startsAtUtc);
  if (wallClock(start, zone, true) === wallClock(start, event.timeZone, true)) return null;
  const sameDay = wallClock(start, zone, false) === wallClock(start, event.timeZone, false);
  return new Intl.DateTimeFormat(language, {
    ...(!sameDay && { weekday: 'short', month: 'short', day: 'numeric' }),
    ...TIME,
    timeZone: zone,
    timeZoneName: 'short',
  }).format(start);
}

/** The event's day in its zone, short ("24 Dec 2026"), beside a WINC's name in lists. */
export function eventDay(event: EventTimes, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: event.timeZone }).format(
    new Date(event.startsAtUtc),
  );
}
