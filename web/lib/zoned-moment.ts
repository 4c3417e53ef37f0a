import { formatZonedMoment } from '../../shared/time/format-moment.ts';
import { useAfterTakeOver } from './after-take-over.ts';

/** Whether a moment reads the same in two zones (their offsets agree then), so it need be said only once. */
export function sameWallClock(instant: Date, zone: string, otherZone: string): boolean {
  return formatZonedMoment(instant, zone, 'en') === formatZonedMoment(instant, otherZone, 'en');
}

/** The zone of the device the page runs on. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The viewer's zone, or null while the app takes over a page the server rendered: the server does not know
 * the viewer's zone, so what it rendered, and the browser's first render that must match it, say no moment
 * in that zone. A page the app draws itself has the zone at once.
 */
export function useViewerTimeZone(): string | null {
  return useAfterTakeOver() ? viewerTimeZone() : null;
}
