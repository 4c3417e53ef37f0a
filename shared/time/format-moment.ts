/**
 * A moment as people read it in a zone and a language ("Sunday, November 29 at 08:00"): how a sealed card says
 * when it opens, on its page, in its link preview and to its sender. The zone is always given, so the same
 * moment reads the same on every device and on the server.
 */
export function formatZonedMoment(instant: Date, timeZone: string, language: string): string {
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
