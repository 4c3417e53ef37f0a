import { useTranslation } from '../../../lib/translation.tsx';

/** A card's date ("12 Mar 2025") in the UI language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium' });
  return (iso) => format.format(new Date(iso));
}
