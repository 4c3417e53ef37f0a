import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translation.tsx';

/** Formats a mail's time in the UI language: the time for today's mails, date and time otherwise. */
export function useMailTimeFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
    const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      return date.toDateString() === new Date().toDateString() ? time.format(date) : dateTime.format(date);
    };
  }, [i18n.language]);
}
