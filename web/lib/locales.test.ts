import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors.ts';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.ts';
import { LATIN_NAMES, latinWords } from '../../shared/i18n/latin-names.ts';
import ar from '../../shared/i18n/locales/ar.json';
import en from '../../shared/i18n/locales/en.json';
import ru from '../../shared/i18n/locales/ru.json';

const locales: Record<Language, Record<string, unknown>> = { en, ar, ru };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A register's form of a text, where a language has one (Russian "ты": `_informal`); the key itself is the rest. */
const CONTEXT_SUFFIX = /_informal$/;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of flatten(child, path)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((lng) => [lng, flatten(locales[lng])])) as Record<
  Language,
  Map<string, string>
>;

/** Keys with the plural suffix removed: plural forms differ per language, the key itself must not. */
function baseKeys(lng: Language): string[] {
  return [
    ...new Set(
      [...flat[lng].keys()].map((key) => key.replace(PLURAL_SUFFIX, '').replace(CONTEXT_SUFFIX, '')),
    ),
  ].sort();
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('locales', () => {
  it('en, ar and ru have exactly the same keys', () => {
    expect(baseKeys('ar')).toEqual(baseKeys('en'));
    expect(baseKeys('ru')).toEqual(baseKeys('en'));
  });

  it("has a register's form only beside the text it varies, with the same values", () => {
    for (const lng of LANGUAGES)
      for (const [key, text] of flat[lng]) {
        if (!CONTEXT_SUFFIX.test(key)) continue;
        const base = flat[lng].get(key.replace(CONTEXT_SUFFIX, ''));
        expect(base, `${lng} ${key}`).toBeDefined();
        expect(variables(text), `${lng} ${key}`).toEqual(variables(base!));
      }
  });

  it('every plural key has the forms its language needs', () => {
    const pluralBases = [...flat.en.keys()]
      .filter((k) => PLURAL_SUFFIX.test(k))
      .map((k) => k.replace(PLURAL_SUFFIX, ''));
    for (const lng of LANGUAGES) {
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      for (const base of new Set(pluralBases)) {
        for (const category of categories)
          expect(flat[lng].has(`${base}_${category}`), `${lng} ${base}_${category}`).toBe(true);
      }
    }
  });

  it('uses the same interpolation variables in every language', () => {
    for (const [key, text] of flat.en) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const lng of ['ar', 'ru'] as const) {
        const forms = [...flat[lng]].filter(([k]) => k.replace(PLURAL_SUFFIX, '') === base);
        for (const [k, translated] of forms) {
          // A plural form may spell the number out ("one template"), so it may drop {{count}}.
          const expected = variables(text).filter((v) => !(PLURAL_SUFFIX.test(k) && v === 'count'));
          expect(
            variables(translated).filter((v) => expected.includes(v)),
            `${lng} ${k}`,
          ).toEqual(expected);
        }
      }
    }
  });

  it('translates every string of ar and ru: no English text left, no English word but names', () => {
    const leaks: string[] = [];
    for (const lng of ['ar', 'ru'] as const)
      for (const [key, text] of flat[lng]) {
        const english = latinWords(text).filter((word) => !LATIN_NAMES.has(word));
        // A text left in English is caught here too: it is made of English words.
        if (english.length > 0) leaks.push(`${lng} ${key}: ${english.join(' ')}`);
      }
    expect(leaks).toEqual([]);
  });

  it('never puts a person’s name in Russian where it would need a case ending (“для Маша”)', () => {
    // A name is inserted as typed, in the nominative: after a preposition that governs a case it reads wrong.
    const caseAfter =
      /(?:^|[\s«(])(?:для|от|к|ко|у|без|о|об|про|с|со|по|при)\s+\{\{\s*(?:name|recipient|sender)\s*\}\}/iu;
    const wrong = [...flat.ru]
      .filter(([, text]) => caseAfter.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('never guesses a recipient’s gender in Arabic mails about them (a verb or pronoun that is only masculine)', () => {
    const opened = ['mail.cardOpened.subject', 'mail.cardOpened.intro'].map((key) => flat.ar.get(key) ?? key);
    for (const text of opened) {
      expect(text, text).not.toMatch(/(?:^|\s)فتح\s+\{\{recipient\}\}/u);
      expect(text, text).not.toMatch(/شاهده|استمع إليه/u);
    }
  });

  it('has no empty strings', () => {
    for (const lng of LANGUAGES)
      for (const [key, text] of flat[lng]) expect(text.trim(), `${lng} ${key}`).not.toBe('');
  });

  it('has a message for every API error code, plus network and generic', () => {
    for (const lng of LANGUAGES) {
      for (const code of [...ERROR_CODES, 'network', 'generic']) {
        expect(flat[lng].has(`errors.${code}`), `${lng} errors.${code}`).toBe(true);
      }
    }
  });

  it('has every key the web app uses literally', () => {
    const webRoot = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(webRoot);
    const known = new Set(baseKeys('en'));
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) {
        if (!known.has(match[1]!)) missing.push(`${match[1]} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
