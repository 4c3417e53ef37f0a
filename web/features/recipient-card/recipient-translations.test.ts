import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages.ts';
import en from '../../../shared/i18n/locales/en.json';

const here = import.meta.dirname;

/** The sections a language's module of the recipient page's strings exports. */
function sectionsOf(language: string): string[] {
  const source = readFileSync(join(here, 'translations', `${language}.ts`), 'utf8');
  const list = /export \{([^}]*)\} from '[^']*\/locales\/(\w+)\.json\?part'/.exec(source);
  expect(list?.[2], `${language}.ts reads its own language`).toBe(language);
  return list![1]!.split(',').map((name) => name.trim());
}

/** The source files of the recipient page: its app and everything it imports from the project, statically. */
function recipientPageFiles(): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, path] of source.matchAll(/^import (?!type )[^;]*? from '(\.[^']+\.tsx?)';/gm))
      visit(resolve(dirname(file), path!));
  };
  visit(resolve(here, '../../app/recipient/start-recipient-page.tsx'));
  return [...files];
}

describe("the recipient page's strings", () => {
  it('are the same sections in every language', () => {
    for (const language of LANGUAGES) expect(sectionsOf(language)).toEqual(sectionsOf('en'));
  });

  it('hold every string its page shows', () => {
    const sections = new Set(sectionsOf('en'));
    const files = recipientPageFiles();
    expect(files.some((file) => file.endsWith('recipient-card-view.tsx'))).toBe(true);
    const keys = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.-]+)'/g)].map((match) => match[1]!),
    );
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      expect(sections.has(key.split('.')[0]!), `${key}: its section is not loaded`).toBe(true);
      const parts = key.split('.');
      const parent = parts
        .slice(0, -1)
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) as
        Record<string, unknown> | undefined;
      const last = parts.at(-1)!;
      // A plural key is there in its forms (`_one`, `_other`…).
      expect(parent?.[last] ?? parent?.[`${last}_other`], `${key} is in en.json`).toBeDefined();
    }
  });
});
