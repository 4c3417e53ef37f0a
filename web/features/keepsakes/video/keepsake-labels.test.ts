import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../shared/i18n/languages.ts';
import { createTranslator, type Messages } from '../../../../shared/i18n/translator.ts';
import ar from '../../../../shared/i18n/locales/ar.json';
import en from '../../../../shared/i18n/locales/en.json';
import ru from '../../../../shared/i18n/locales/ru.json';
import { keepsakeLabels } from './keepsake-labels.ts';

const locales: Record<Language, Messages> = { en, ar, ru };
const translatorOf = async (language: Language) => createTranslator(language, locales[language]);

describe('keepsakeLabels', () => {
  it.each([
    ['ar', 'إلى: بو', 'من: آنا'],
    ['ru', 'Кому: Бо', 'От: Аня'],
    ['en', 'To: Bo', 'From: Ana'],
  ] as const)(
    'are in the card’s language (%s), not in the one the saver’s screen shows (English here)',
    async (language, to, from) => {
      const card = {
        language,
        recipientName: to.split(': ')[1]!,
        senderName: from.split(': ')[1]!,
      };
      expect(await keepsakeLabels(card, translatorOf)).toEqual({ to, from });
    },
  );
});
