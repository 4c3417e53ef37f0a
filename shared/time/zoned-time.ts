import { TZDate } from '@date-fns/tz';

/**
 * Times chosen in a zone (DESIGN §4 "time zones"): an invitation's event and a card's reveal. The sender types
 * a wall-clock time in an IANA zone (`2026-12-24T18:30`, what `<input type="datetime-local">` holds); the
 * server stores the instant in UTC with the zone's name, never a floating local time, and shows it back in
 * that zone. A wall-clock time that a daylight-saving change skips (02:30 on a spring-forward night) becomes
 * the next existing one.
 */

/** `YYYY-MM-DDTHH:MM`: a wall-clock date and time without zone or offset. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether `zone` is an IANA time zone this runtime knows (Node and browsers carry the same tzdata). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical name (`asia/riyadh` → `Asia/Riyadh`), or null when it is not a zone. */
export function canonicalTimeZone(zone: string): string | null {
  if (!isTimeZone(zone)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** Whether a `YYYY-MM-DDTHH:MM` string names a real calendar date and time (no 31 February, no 24:00). */
export function isLocalDateTime(value: string): boolean {
  const parts = LOCAL_DATE_TIME_PATTERN.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || year < 1970) return false;
  return day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The instant of a wall-clock time in a zone; null when either is not valid. */
export function instantOf(local: string, zone: string): Date | null {
  if (!isLocalDateTime(local) || !isTimeZone(zone)) return null;
  const [year, month, day, hour, minute] = LOCAL_DATE_TIME_PATTERN.exec(local)!.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new TZDate(year, month - 1, day, hour, minute, zone).getTime();
  return Number.isNaN(instant) ? null : new Date(instant);
}

/** The wall-clock time (`YYYY-MM-DDTHH:MM`) of an instant in a zone. */
export function localOf(instant: Date, zone: string): string {
  const at = new TZDate(instant.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(
    at.getMinutes(),
  )}`;
}
