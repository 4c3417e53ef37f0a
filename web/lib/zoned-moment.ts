import { formatZonedMoment } from '../../shared/time/format-moment.ts';

/** Whether a moment reads the same in two zones (their offsets agree then), so it need be said only once. */
export function sameWallClock(instant: Date, zone: string, otherZone: string): boolean {
  return formatZonedMoment(instant, zone, 'en') === formatZonedMoment(instant, otherZone, 'en');
}

/** The zone of the device the page runs on. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
