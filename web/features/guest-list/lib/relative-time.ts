/** Units from the smallest, each with how many seconds it holds and up to how many of it are said. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number, number]> = [
  ['minute', 60, 60],
  ['hour', 3600, 24],
  ['day', 86_400, 7],
  ['week', 604_800, 5],
  ['month', 2_629_800, 12],
  ['year', 31_557_600, Number.POSITIVE_INFINITY],
];

/**
 * How long ago an instant was, in the language ("5 minutes ago", "yesterday", "منذ ٥ دقائق"), by `Intl`; a
 * moment under a minute, or one a clock ahead of this one puts in the future, is "now".
 */
export function relativeTime(iso: string, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return format.format(0, 'second');
  for (const [unit, size, most] of UNITS) {
    const count = Math.round(seconds / size);
    if (count < most) return format.format(-count, unit);
  }
  return format.format(-Math.round(seconds / 31_557_600), 'year');
}
