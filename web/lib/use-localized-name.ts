import { useTranslation } from './translation.tsx';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  localizedName,
  type Language,
  type Translations,
} from '../../shared/i18n/languages.ts';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Display name of a category, style or event in the UI language (URLs keep the canonical name). */
export function useLocalizedName(): (item: { name: string; translations?: Translations }) => string {
  const language = useLanguage();
  return (item) => localizedName(item.name, item.translations, language);
}
