import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  textDirection,
  type Language,
} from '../../shared/i18n/languages.ts';
import type { StringPart } from '../../shared/i18n/string-parts.ts';
import { createTranslator, type Messages, type Translator } from '../../shared/i18n/translator.ts';

/**
 * The browser's strings (docs/decisions/0024-own-translator.md). The strings come in parts
 * (`shared/i18n/string-parts.ts`), each loaded, in the language shown only, with the code that shows it:
 * an entry starts with its first part (`initI18n`), a page or dialog loads its own beside its code
 * (`withStrings`). Parts stay loaded for the visit, and a language switch loads every part loaded so far in
 * the new language before the pages change. The three locale files have the same keys, so no language needs
 * English to fall back on. The choice is remembered under `winc-language` (and in a cookie of that name, so
 * the server renders pages in it) and drives `<html lang>` and `<html dir>`.
 */

/** A part of the strings, as the build makes it: `import strings from 'virtual:strings/<part>'`. */
export interface Strings {
  part: StringPart;
  load: Record<Language, () => Promise<{ default: Messages }>>;
}

type Loaded = { [key: string]: string | Loaded };

/** A language's strings loaded so far, merged, and the parts they came from. */
interface LanguageStrings {
  messages: Loaded;
  parts: Map<StringPart, Promise<void>>;
}

const languages = new Map<Language, LanguageStrings>();
/** Every part the visit has shown so far: a language switch loads them all. */
const needed = new Map<StringPart, Strings>();
let shown: Translator | null = null;
const listeners = new Set<() => void>();

function mergeInto(target: Loaded, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'string') target[key] = value;
    else if (existing !== undefined && typeof existing !== 'string') mergeInto(existing, value);
    else {
      const copy: Loaded = {};
      mergeInto(copy, value);
      target[key] = copy;
    }
  }
}

function stringsOf(language: Language): LanguageStrings {
  let strings = languages.get(language);
  if (!strings) {
    strings = { messages: {}, parts: new Map() };
    languages.set(language, strings);
  }
  return strings;
}

/** Loads a part in a language once (a failed load is tried again the next time). */
function loadPart(language: Language, strings: Strings): Promise<void> {
  const { messages, parts } = stringsOf(language);
  let loading = parts.get(strings.part);
  if (!loading) {
    loading = strings.load[language]().then(
      (module) => mergeInto(messages, module.default),
      (error: unknown) => {
        parts.delete(strings.part);
        throw error;
      },
    );
    parts.set(strings.part, loading);
  }
  return loading;
}

/** Loads every part the visit has needed so far in `language`, including any needed meanwhile. */
async function loadNeeded(language: Language): Promise<void> {
  let count: number;
  do {
    count = needed.size;
    await Promise.all([...needed.values()].map((strings) => loadPart(language, strings)));
  } while (needed.size !== count);
}

function show(language: Language): void {
  // The strings of a language are merged into one object as parts arrive, so this translator sees them.
  shown = createTranslator(language, stringsOf(language).messages);
  applyToDocument(language);
  for (const listener of listeners) listener();
}

/** The translator of the language shown; a new one when the language changes. */
export function shownTranslator(): Translator {
  if (!shown) throw new Error('initI18n was not called');
  return shown;
}

export function onLanguageShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // Storage blocked (privacy mode): use the default.
  }
}

/** Tells the server the language too, so its next page comes in it. */
export function rememberLanguageForServer(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function storeLanguage(language: Language): void {
  rememberLanguageForServer(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered on this device; the switch still applies to this visit.
  }
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  const dir = textDirection(language);
  // Only a change: setting either, even to the value it has, has the browser restyle the whole page (a long
  // moment on a phone taking over a server-rendered page, which already has them).
  if (root.lang !== language) root.lang = language;
  if (root.dir !== dir) root.dir = dir;
}

/**
 * Starts with the strings of `first` in `language` (the one a server-rendered page is in) or else the
 * stored one; resolves once they are loaded. If they cannot be loaded (offline), English is tried.
 */
export async function initI18n(first: Strings, language: Language = readStoredLanguage()): Promise<void> {
  needed.set(first.part, first);
  try {
    await loadPart(language, first);
    show(language);
  } catch (error) {
    if (language === DEFAULT_LANGUAGE) throw error;
    await loadPart(DEFAULT_LANGUAGE, first);
    show(DEFAULT_LANGUAGE);
  }
}

/**
 * Loads these parts of the strings in the language shown (and, from now on, in any language switched to).
 * Nothing to do where no language is shown yet: the server, which renders with every string.
 */
export async function loadStrings(...parts: Strings[]): Promise<void> {
  if (!shown) return;
  for (const strings of parts) needed.set(strings.part, strings);
  await Promise.all(parts.map((strings) => loadPart(shown!.language, strings)));
}

/** The code of a page or dialog, once it and the strings it shows are loaded (fetched together). */
export async function withStrings<T>(code: Promise<T>, ...parts: Strings[]): Promise<T> {
  return (await Promise.all([code, loadStrings(...parts)]))[0];
}

/**
 * A translator of any language with these parts of its strings loaded, beside the language shown, which it
 * leaves alone: the admin's home preview titles each language's rows as that language's visitors read them.
 */
export async function translatorOf(language: Language, ...parts: Strings[]): Promise<Translator> {
  await Promise.all(parts.map((strings) => loadPart(language, strings)));
  return createTranslator(language, stringsOf(language).messages);
}

/** The language this device chose, as the server knows it (see `rememberLanguageForServer`); null if not yet. */
export function languageKnownToServer(): Language | null {
  const prefix = `${LANGUAGE_COOKIE}=`;
  const value = document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(prefix))
    ?.slice(prefix.length);
  return isLanguage(value) ? value : null;
}

export function currentLanguage(): Language {
  return shown?.language ?? DEFAULT_LANGUAGE;
}

let shownRequest = 0;

/**
 * Shows the pages in a language for this visit only, leaving the device's remembered choice alone (a shared
 * card opens in its own language, DESIGN §1.17). When calls overlap, the latest one wins.
 */
export async function showLanguage(language: Language): Promise<void> {
  const request = ++shownRequest;
  await loadNeeded(language);
  if (request === shownRequest && language !== shown?.language) show(language);
}

/** Switches the UI language, remembers it on the device and updates `<html lang dir>`. */
export async function changeLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  storeLanguage(language);
}
