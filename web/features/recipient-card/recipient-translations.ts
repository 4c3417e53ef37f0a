import type { Language } from '../../../shared/i18n/languages.ts';
import type { Resource, Translations } from '../../lib/i18n.ts';

const parts: Record<Language, () => Promise<Resource>> = {
  en: () => import('./translations/en.ts'),
  ar: () => import('./translations/ar.ts'),
  ru: () => import('./translations/ru.ts'),
};

/**
 * The recipient page's strings: only the sections it shows, of the language shown, so a share link's first
 * load does not carry the whole app's text (docs/decisions/0018-first-paint.md).
 */
export const recipientTranslations: Translations = async (language) => ({ ...(await parts[language]()) });
