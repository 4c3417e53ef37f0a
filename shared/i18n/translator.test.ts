import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { createTranslator, interpolate, type Messages } from './translator.ts';

/** A plural key in every form, each saying which it is. */
const FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const counted = (language: string): Messages => ({
  items: {
    count: 'base {{count}}',
    ...Object.fromEntries(FORMS.map((form) => [`count_${form}`, `${language} ${form} {{count}}`])),
  },
});

describe('the translator', () => {
  it('finds a text by its dotted key', () => {
    const { t } = createTranslator('en', { a: { b: { c: 'deep' } }, top: 'top' });
    expect(t('a.b.c')).toBe('deep');
    expect(t('top')).toBe('top');
  });

  it('puts values into {{name}}, as text, as often as named', () => {
    const { t } = createTranslator('en', { hi: 'Hi {{name}}, {{ name }}! {{n}} new, {{flag}}' });
    expect(t('hi', { name: '<b>Ann</b>', n: 3, flag: false })).toBe(
      'Hi <b>Ann</b>, <b>Ann</b>! 3 new, false',
    );
  });

  it('leaves a name without a value as it is, and writes nothing for null or undefined', () => {
    expect(interpolate('{{a}}-{{b}}-{{c}}', { b: null, c: undefined })).toBe('{{a}}--');
    expect(interpolate('{{a}}', undefined)).toBe('{{a}}');
  });

  it('does not interpolate a value into itself', () => {
    expect(interpolate('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });

  it('picks each of Arabic’s six plural forms by the count', () => {
    const { t } = createTranslator('ar', counted('ar'));
    const cases: [number, string][] = [
      [0, 'zero'],
      [1, 'one'],
      [2, 'two'],
      [3, 'few'],
      [10, 'few'],
      [103, 'few'],
      [11, 'many'],
      [99, 'many'],
      [100, 'other'],
      [102, 'other'],
    ];
    for (const [count, form] of cases)
      expect(t('items.count', { count }), String(count)).toBe(`ar ${form} ${count}`);
  });

  it('picks each of Russian’s plural forms by the count', () => {
    const { t } = createTranslator('ru', counted('ru'));
    const cases: [number, string][] = [
      [1, 'one'],
      [21, 'one'],
      [2, 'few'],
      [4, 'few'],
      [22, 'few'],
      [5, 'many'],
      [11, 'many'],
      [12, 'many'],
      [1.5, 'other'],
    ];
    for (const [count, form] of cases)
      expect(t('items.count', { count }), String(count)).toBe(`ru ${form} ${count}`);
  });

  it('takes `_zero` first for a count of 0, in any language, else the language’s form for 0', () => {
    expect(createTranslator('en', counted('en')).t('items.count', { count: 0 })).toBe('en zero 0');
    const { t } = createTranslator('ru', { n_many: 'many {{count}}', n_one: 'one' });
    expect(t('n', { count: 0 })).toBe('many 0');
  });

  it('falls back on the key itself when a plural form is missing, and ignores a count that is not a number', () => {
    const { t } = createTranslator('en', { n: 'plain {{count}}', n_one: 'one' });
    expect(t('n', { count: 7 })).toBe('plain 7');
    expect(t('n', { count: '1' })).toBe('plain 1');
  });

  it('reads the locale files’ plural keys in each language', () => {
    expect(createTranslator('en', en).t('catalog.templateCount', { count: 1 })).toBe(
      en.catalog.templateCount_one.replace('{{count}}', '1'),
    );
    expect(createTranslator('ar', ar).t('catalog.templateCount', { count: 2 })).toBe(
      ar.catalog.templateCount_two.replace('{{count}}', '2'),
    );
    expect(createTranslator('ru', ru).t('catalog.templateCount', { count: 5 })).toBe(
      ru.catalog.templateCount_many.replace('{{count}}', '5'),
    );
  });

  it('falls back on the default language’s strings, by its own plural rules, then on the key', () => {
    const { t, exists } = createTranslator(
      'ar',
      { only: 'عربي' },
      { only: 'English', missing: 'in English', n_one: 'one', n_other: 'other {{count}}' },
    );
    expect(t('only')).toBe('عربي');
    expect(t('missing')).toBe('in English');
    // English has no "few": Arabic's form for 3 would be.
    expect(t('n', { count: 3 })).toBe('other 3');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(exists('missing')).toBe(true);
    expect(exists('nowhere.at.all')).toBe(false);
  });

  it('takes a context’s form where the language has one, and the key itself where it has not', () => {
    const { t } = createTranslator(
      'ru',
      { hi: 'вам', hi_informal: 'тебе', n_informal_one: '{{count}} твой', n_one: '{{count}} ваш' },
      { hi: 'you', only: 'English', only_informal: 'English, informal' },
    );
    expect(t('hi', { context: 'informal' })).toBe('тебе');
    expect(t('hi', { context: 'formal' })).toBe('вам');
    expect(t('hi')).toBe('вам');
    expect(t('n', { count: 1, context: 'informal' })).toBe('1 твой');
    expect(t('n', { count: 1, context: 'formal' })).toBe('1 ваш');
    // A language without the form keeps its own text rather than the fallback's form.
    const arabic = createTranslator('ar', { hi: 'لك' }, { hi: 'you', hi_informal: 'you, informal' });
    expect(arabic.t('hi', { context: 'informal' })).toBe('لك');
    expect(t('only', { context: 'informal' })).toBe('English, informal');
  });

  it('answers a missing key, or one naming a group of keys, with the key', () => {
    const { t, exists } = createTranslator('en', { group: { a: 'A' } });
    expect(t('group')).toBe('group');
    expect(t('group.a.b')).toBe('group.a.b');
    expect(t('toString')).toBe('toString');
    expect(exists('group')).toBe(false);
    expect(exists('group.a')).toBe(true);
  });
});
