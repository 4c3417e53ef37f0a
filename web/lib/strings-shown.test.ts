import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/i18n/languages.ts';
import ar from '../../shared/i18n/locales/ar.json';
import en from '../../shared/i18n/locales/en.json';
import ru from '../../shared/i18n/locales/ru.json';
import { STRING_PARTS, type StringPart } from '../../shared/i18n/string-parts.ts';
import type { Messages } from '../../shared/i18n/translator.ts';

/**
 * Every string a page or dialog shows is loaded with its code (`shared/i18n/string-parts.ts`), so a key never
 * shows on screen, and a page the server rendered is taken over with the same text. Read from the sources:
 * the code an entry starts (`initI18n(part)`), each chunk loaded on demand (`import('…')`) with the parts
 * loaded beside it (`withStrings(import('…'), part)`), and the keys each chunk's code names (a string
 * `'section.key'`, or the start of a template `` `section.${…}` ``). A chunk may show the parts loaded on the
 * way to it (a dialog of a page, the page's), and must do with the fewest when reached several ways.
 */

const web = resolve(import.meta.dirname, '..');
const LOCALES: Record<Language, Messages> = { en, ar, ru };
const SECTIONS = Object.keys(en);
const KEY = new RegExp(`['"\`]((?:${SECTIONS.join('|')})\\.[\\w.-]*)(\\$\\{)?`, 'g');

const sources = new Map<string, string>();
/** A source file without its comments (which name keys and files in passing). */
function source(file: string): string {
  let text = sources.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    sources.set(file, text);
  }
  return text;
}

/** The project files a file imports statically (its code comes with it), types left out. */
function staticImports(file: string): string[] {
  return [...source(file).matchAll(/^(?:import|export) (?!type )[^;]*? from '(\.[^']+\.tsx?)';/gm)].map(
    ([, path]) => resolve(dirname(file), path!),
  );
}

function closure(start: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    staticImports(file).forEach(visit);
  };
  visit(start);
  return [...files];
}

/** The parts a file imports, by the names it gives them. */
function partNames(file: string): Map<string, StringPart> {
  const names = new Map<string, StringPart>();
  for (const [, name, part] of source(file).matchAll(/^import (\w+) from 'virtual:strings\/(\w+)';/gm)) {
    expect(Object.keys(STRING_PARTS), `${file}: ${part}`).toContain(part);
    names.set(name!, part as StringPart);
  }
  return names;
}

/** The text of a call's arguments, from the `(` at `open`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')' && --depth === 0) return text.slice(open + 1, index);
  }
  throw new Error('unbalanced parentheses');
}

interface Load {
  target: string;
  parts: StringPart[];
}

/** The chunks a file loads on demand, each with the parts of the strings loaded beside it. */
function loadsOf(file: string): Load[] {
  const text = source(file);
  const names = partNames(file);
  const partsIn = (code: string) =>
    [...code.matchAll(/\b\w+\b/g)].flatMap(([word]) => (names.has(word) ? [names.get(word)!] : []));
  const loads: Load[] = [];
  const wrapped = new Set<number>();
  for (const call of text.matchAll(/\bwithStrings\(/g)) {
    const args = argumentsAt(text, call.index + call[0].length - 1);
    const start = call.index + call[0].length;
    for (const imported of args.matchAll(/\bimport\('(\.[^']+\.tsx?)'\)/g)) {
      wrapped.add(start + imported.index);
      loads.push({ target: resolve(dirname(file), imported[1]!), parts: partsIn(args) });
    }
  }
  for (const imported of text.matchAll(/\bimport\('(\.[^']+\.tsx?)'\)/g))
    if (!wrapped.has(imported.index)) loads.push({ target: resolve(dirname(file), imported[1]!), parts: [] });
  return loads;
}

/** The parts an entry's code starts with. */
function initialParts(file: string): StringPart[] {
  const names = partNames(file);
  return [...source(file).matchAll(/(?<!function )\binitI18n\((\w+)/g)].map(([, name]) => {
    expect(names.has(name!), `${file}: initI18n(${name})`).toBe(true);
    return names.get(name!)!;
  });
}

/** Each chunk of an entry loaded on demand, with the parts surely loaded when it shows (fewest over the ways). */
function chunksOf(entry: string): Map<string, Set<StringPart>> {
  const available = new Map<string, Set<StringPart>>();
  const queue: [string, Set<StringPart>][] = [[resolve(web, entry), new Set()]];
  while (queue.length > 0) {
    const [chunk, inherited] = queue.shift()!;
    const files = closure(chunk);
    const parts = new Set([...inherited, ...files.flatMap(initialParts)]);
    const known = available.get(chunk);
    const met = known ? new Set([...known].filter((part) => parts.has(part))) : parts;
    if (known && met.size === known.size) continue;
    available.set(chunk, met);
    for (const file of files)
      for (const load of loadsOf(file)) queue.push([load.target, new Set([...met, ...load.parts])]);
  }
  return available;
}

/** The keys a chunk's code names: whole ones, and the start of those it makes (`section.prefix.`). */
function keysShown(chunk: string): { key: string; made: boolean; file: string }[] {
  return closure(chunk).flatMap((file) =>
    [...source(file).matchAll(KEY)].map(([, key, template]) => ({
      key: key!.replace(/\.$/, ''),
      made: template !== undefined || key!.endsWith('.'),
      file: relative(web, file),
    })),
  );
}

const covers = (path: string, key: string) => key === path || key.startsWith(`${path}.`);

/** Whether en.json has the key: a text, its plural forms, or a group of texts the code adds to. */
function hasKey(messages: Messages, key: string): boolean {
  const parts = key.split('.');
  const parent = parts
    .slice(0, -1)
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages) as
    Messages | undefined;
  const last = parts.at(-1)!;
  return (
    parent?.[last] !== undefined ||
    Object.keys(parent ?? {}).some((name) => new RegExp(`^${last}_(zero|one|two|few|many|other)$`).test(name))
  );
}

describe('the strings each page and dialog shows', () => {
  it('name paths that every locale file has', () => {
    for (const [part, paths] of Object.entries(STRING_PARTS))
      for (const path of paths)
        for (const language of LANGUAGES) {
          const node = path
            .split('.')
            .reduce<unknown>((at, key) => (at as Messages | undefined)?.[key], LOCALES[language]);
          expect(node, `${language}: ${part} ${path}`).toBeDefined();
        }
  });

  for (const entry of ['main.tsx', 'recipient-main.tsx']) {
    it(`are loaded with their code (${entry})`, () => {
      const chunks = chunksOf(entry);
      // The entry, the app's start, its frame, its pages and dialogs: the reading of the sources found them.
      expect(chunks.size, [...chunks.keys()].join('\n')).toBeGreaterThan(entry === 'main.tsx' ? 20 : 1);
      let keys = 0;
      for (const [chunk, parts] of chunks) {
        const paths = [...parts].flatMap((part) => STRING_PARTS[part]);
        for (const { key, made, file } of keysShown(chunk)) {
          keys++;
          expect(
            paths.some((path) => covers(path, key)),
            `${key} (${file}) shows in ${relative(web, chunk)}, loaded with ${[...parts].join(', ') || 'no strings'}`,
          ).toBe(true);
          if (!made) expect(hasKey(en, key), `${key} (${file}) is in en.json`).toBe(true);
        }
      }
      expect(keys).toBeGreaterThan(entry === 'main.tsx' ? 500 : 40);
    });
  }
});
