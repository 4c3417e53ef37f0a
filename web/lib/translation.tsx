import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '../../shared/i18n/languages.ts';
import type { TFunction, Translator } from '../../shared/i18n/translator.ts';
import { onLanguageShown, shownTranslator } from './i18n.ts';

/**
 * The strings of the language shown, for components: `const { t, i18n } = useTranslation()`. One context
 * at the root; a component reads it without a subscription of its own, and everything below re-renders when
 * the language changes (docs/decisions/0024-own-translator.md).
 */
export interface Translation {
  t: TFunction;
  i18n: {
    language: Language;
    /** The same as `language`: every key is in every language, so the strings shown are its own. */
    resolvedLanguage: Language;
    exists: (key: string) => boolean;
  };
}

const TranslationContext = createContext<Translation | null>(null);

const translations = new WeakMap<Translator, Translation>();

/** The context's value for a translator, made once per translator so that it changes only with it. */
export function translationOf(translator: Translator): Translation {
  let translation = translations.get(translator);
  if (!translation) {
    const { language, t, exists } = translator;
    translation = { t, i18n: { language, resolvedLanguage: language, exists } };
    translations.set(translator, translation);
  }
  return translation;
}

export function useTranslation(): Translation {
  const translation = useContext(TranslationContext);
  if (!translation) throw new Error('useTranslation needs a TranslationProvider above it');
  return translation;
}

/**
 * Gives the components below their strings: the server's fixed translator, or else (in the browser) the
 * language shown, following a switch (`web/lib/i18n.ts`).
 */
export function TranslationProvider({
  translator,
  children,
}: {
  translator?: Translator;
  children: ReactNode;
}) {
  return translator ? (
    <TranslationContext.Provider value={translationOf(translator)}>{children}</TranslationContext.Provider>
  ) : (
    <ShownTranslation>{children}</ShownTranslation>
  );
}

function ShownTranslation({ children }: { children: ReactNode }) {
  const translator = useSyncExternalStore(onLanguageShown, shownTranslator, shownTranslator);
  return (
    <TranslationContext.Provider value={translationOf(translator)}>{children}</TranslationContext.Provider>
  );
}
