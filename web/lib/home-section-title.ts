import type { HomeSection } from '../../shared/catalog/catalog.contract.ts';
import { localizedName, type Language } from '../../shared/i18n/languages.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';

/**
 * A home row's title as the visitors of `language` read it (`t` is that language's): New Drops by its
 * string, a category by its name in that language. The home page and the admin's preview of it both use it,
 * so the preview never titles a row differently from what visitors see.
 */
export function homeSectionTitle(section: HomeSection, t: TFunction, language: Language): string {
  return section.kind === 'new-drops' || !section.category
    ? t('catalog.newDrops')
    : localizedName(section.category.name, section.category.translations, language);
}
