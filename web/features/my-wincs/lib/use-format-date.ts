import { useTranslation } from '../../../lib/translation.tsx';
import { useViewerTimeZone } from '../../../lib/zoned-moment.ts';

/** What a date reads as before the viewer's zone is known: a blank that keeps its line's height. */
const DATE_NOT_YET = '\u00a0';

/**
 * A card's date ("12 Mar 2025") in the UI language and the viewer's zone, in which a late evening may already
 * be the next day. On a page the server rendered, it is written once the app has taken the page over.
 */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const zone = useViewerTimeZone();
  if (zone === null) return () => DATE_NOT_YET;
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeZone: zone,
  });
  return (iso) => format.format(new Date(iso));
}
