/**
 * A moment as people read it in a zone and a language ("Sunday, November 29 at 08:00"): how a sealed card
 * says when it opens, to its sender and to whoever holds its link. The zone is never left out, so the same
 * moment reads the same on every device.
 */
export function formatMoment(instant: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** Whether a moment reads the same in two zones (their offsets agree then), so it need be said only once. */
export function sameWallClock(instant: Date, zone: string, otherZone: string): boolean {
  return formatMoment(instant, zone, 'en') === formatMoment(instant, otherZone, 'en');
}

/** The zone of the device the page runs on. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
