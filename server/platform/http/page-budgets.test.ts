import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import ar from '../../../shared/i18n/locales/ar.json';
import en from '../../../shared/i18n/locales/en.json';
import ru from '../../../shared/i18n/locales/ru.json';
import {
  PAGE_CODE,
  RENDERED_APP_PAGES,
  SESSION_APP_PAGES,
  type SessionAppPath,
  type WebPage,
} from '../../../shared/pages/page-code.ts';
import { pageAssets, type Manifest } from './page-document.ts';

const LOCALES: Record<Language, typeof en> = { en, ar, ru };

/**
 * What each page's first load may cost in JavaScript in English, as served (the build's brotli files), in KB:
 * its entry and the chunks the server names in the page, its strings among them. Sizes of
 * a build are deterministic, so this is a test and not a benchmark: a change that adds code to a page's
 * first load must make room for it here, on purpose. `npm run bench:lighthouse` prints the same figures.
 */
const BUDGET_KB: Record<WebPage, number> = {
  home: 133,
  category: 133,
  style: 133,
  recipient: 89,
  other: 132,
};

/**
 * The same for the pages that need the session, their own code with the app's first load, in KB. Their take-over
 * follows their first paint: what it evaluates blocks a phone then (docs/decisions/0042-first-screens.md).
 */
const SESSION_BUDGET_KB: Record<SessionAppPath, number> = {
  '/my-wincs': 145,
  '/profile': 137,
  '/account-info': 141,
  '/checkout': 139,
};

const webDistDir = path.resolve(import.meta.dirname, '../../../dist/web');
const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');

/** The bytes a browser downloads for a file: its brotli version, which the server sends when accepted. */
function servedBytes(file: string): number {
  const compressed = path.join(webDistDir, `${file}.br`);
  return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(webDistDir, file)).size;
}

describe('JavaScript per page, as served', () => {
  it('is measured on a build (npm test builds first; alone, run `npm run build`)', () => {
    expect(fs.existsSync(manifestFile), `${manifestFile} is missing`).toBe(true);
  });

  for (const page of Object.keys(BUDGET_KB) as WebPage[]) {
    it(`stays within ${BUDGET_KB[page]} KB for the ${page} page`, () => {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const code = PAGE_CODE[page];
      for (const source of [code.entry, ...code.sources, code.strings('en')])
        expect(manifest[source], source).toBeDefined();
      const assets = pageAssets(manifest, page, 'en');
      const files = [...assets.entryScripts, ...assets.scripts];
      const kb = files.reduce((sum, file) => sum + servedBytes(file), 0) / 1024;
      expect(kb, files.join(', ')).toBeLessThanOrEqual(BUDGET_KB[page]);
    });
  }

  for (const [pathname, budget] of Object.entries(SESSION_BUDGET_KB)) {
    it(`stays within ${budget} KB for ${pathname}, without the share dialog or the upload code`, () => {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
      const assets = pageAssets(manifest, 'other', 'en', SESSION_APP_PAGES[pathname as SessionAppPath]);
      const files = [...assets.entryScripts, ...assets.scripts];
      const kb = files.reduce((sum, file) => sum + servedBytes(file), 0) / 1024;
      expect(kb, files.join(', ')).toBeLessThanOrEqual(budget);
      // My WINCS and checkout open the share dialog on a tap; it comes then, with how the card goes out.
      const share = manifest['features/share/components/share-card-dialog.tsx']?.file;
      expect(share).toBeDefined();
      expect(files).not.toContain(share);
      const code = files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
      expect(code.includes('Upload-Offset'), `${pathname} loads the upload client`).toBe(false);
    });
  }

  it('keeps the schema and form libraries, the editor and the upload code out of every first load', () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const editor = manifest['features/card-editor/components/card-editor-dialog.tsx']?.file;
    expect(editor).toBeDefined();
    for (const page of Object.keys(BUDGET_KB) as WebPage[]) {
      const assets = pageAssets(manifest, page, 'en');
      const files = [...assets.entryScripts, ...assets.scripts];
      expect(files, page).not.toContain(editor);
      const code = files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
      // zod's default issue message, and the header only the tus upload client sends.
      expect(code.includes('Invalid input'), `${page} loads zod`).toBe(false);
      expect(code.includes('Upload-Offset'), `${page} loads the upload client`).toBe(false);
      // An option name only react-hook-form's code holds: the forms' library comes with the editor and auth pages.
      expect(code.includes('shouldUnregister'), `${page} loads the form library`).toBe(false);
    }
  });

  it('keeps the schema library out of the first load of every app page whose own code the server names', () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    // The pages it renders with a form, and those that need the session (their code named for a signed-in visitor).
    for (const [pathname, appPage] of Object.entries({ ...RENDERED_APP_PAGES, ...SESSION_APP_PAGES })) {
      const assets = pageAssets(manifest, 'other', 'en', appPage);
      const code = [...assets.entryScripts, ...assets.scripts]
        .map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8'))
        .join('\n');
      // zod's default issue message: a form's schema loads when the form is first focused or sent, not with the
      // page, whose take-over follows its first paint (docs/decisions/0042-first-screens.md).
      expect(code.includes('Invalid input'), `${pathname} loads zod`).toBe(false);
    }
  });

  it("keeps the card fonts' rules out of My WINCS' first load, until a card is opened", () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const assets = pageAssets(manifest, 'other', 'en', SESSION_APP_PAGES['/my-wincs']);
    // 111 faces' rules, a style sheet the page would wait for and lay out before its first paint.
    expect(assets.styles.filter((file) => file.includes('card-fonts'))).toEqual([]);
  });

  it("keeps the schema library out of an invitation's part of the guest's page, until its reply form is used", () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('app/recipient/invitation-block.tsx');
    expect(files.size).toBeGreaterThan(1);
    const code = [...files].map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
    expect(code.includes('Invalid input'), 'the invitation block loads zod').toBe(false);
  });

  it("keeps the router, the query library and the rest of the app's strings out of a share link's first load", () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const language of LANGUAGES) {
      const assets = pageAssets(manifest, 'recipient', language);
      const files = [...assets.entryScripts, ...assets.scripts];
      const code = files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
      // React Router's and TanStack Query's own messages, and a string of the editor's, which the page never shows.
      expect(code.includes('used only in the context of a <Router>'), 'the router').toBe(false);
      expect(code.includes('No QueryClient set'), 'the query library').toBe(false);
      expect(code.includes(LOCALES[language].editor.titleCreate), "the editor's strings").toBe(false);
      expect(code.includes(LOCALES[language].recipient.ctaTitle), 'its own strings').toBe(true);
    }
  });

  it("keeps the other pages' and dialogs' strings out of home's first load", () => {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const language of LANGUAGES) {
      const assets = pageAssets(manifest, 'home', language);
      const files = [...assets.entryScripts, ...assets.scripts];
      const code = files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
      // A string of the editor's, one of the help page's, and one of home's own.
      expect(code.includes(LOCALES[language].editor.titleCreate), "the editor's strings").toBe(false);
      expect(code.includes(LOCALES[language].help.intro), "the help page's strings").toBe(false);
      expect(code.includes(LOCALES[language].home.browseByStyle), 'its own strings').toBe(true);
    }
  });
});
