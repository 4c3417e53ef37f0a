import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageDocuments, pageAssets, webPageOf, type Manifest } from './page-document.ts';

const INDEX = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta name="description" content="generic" />
    <title>Winc</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const RECIPIENT = INDEX.replace('/assets/index.js', '/assets/recipient.js');

/**
 * The shape of Vite's manifest: the two entries and their static imports (the shared one holding the CSS),
 * the lazily loaded frames and pages, and the strings of each language.
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  'recipient.html': { file: 'assets/recipient.js', isEntry: true, imports: ['_react.js', '_fonts.js'] },
  '_react.js': {
    file: 'assets/react.js',
    css: ['assets/app.css'],
  },
  '_button.js': { file: 'assets/button.js', imports: ['_react.js'] },
  '_fonts.js': { file: 'assets/fonts.js', css: ['assets/card-fonts.css'] },
  'app/layout/app-layout.tsx': { file: 'assets/app-layout.js', imports: ['_react.js', '_button.js'] },
  'app/routes/home.route.tsx': {
    file: 'assets/home.js',
    imports: ['_button.js', 'index.html'],
    css: ['assets/home.css'],
  },
  'app/recipient/start-recipient-page.tsx': {
    file: 'assets/start-recipient-page.js',
    imports: ['_react.js'],
    css: ['assets/recipient-card.css'],
  },
  '../shared/i18n/locales/en.json?strings=app': { file: 'assets/en.js' },
  '../shared/i18n/locales/ar.json?strings=app': { file: 'assets/ar.js' },
  '../shared/i18n/locales/ar.json?strings=recipient': { file: 'assets/recipient-ar.js' },
};

describe('page documents', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-pages-'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'recipient.html'), RECIPIENT);
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('knows the page of a path', () => {
    expect(webPageOf('/')).toBe('home');
    expect(webPageOf('/category/Birthday')).toBe('category');
    expect(webPageOf('/style/Elegant')).toBe('style');
    expect(webPageOf('/c/abc')).toBe('recipient');
    // A guest's own link is their invitation's recipient page.
    expect(webPageOf('/i/abc')).toBe('recipient');
    expect(webPageOf('/pricing')).toBe('other');
  });

  it("names a page's frame, page and strings chunks once each, without what its entry already loads", () => {
    const home = pageAssets(MANIFEST, 'home', 'en');
    expect(home.entryScripts).toEqual(['assets/react.js', 'assets/index.js']);
    expect(home.scripts).toEqual([
      'assets/button.js',
      'assets/app-layout.js',
      'assets/home.js',
      'assets/en.js',
    ]);
    expect(home.styles).toEqual(['assets/home.css']);
    // The recipient page's entry, then its page and its strings.
    const recipient = pageAssets(MANIFEST, 'recipient', 'ar');
    expect(recipient.entryScripts).toEqual(['assets/react.js', 'assets/fonts.js', 'assets/recipient.js']);
    expect(recipient.scripts).toEqual(['assets/start-recipient-page.js', 'assets/recipient-ar.js']);
    expect(recipient.styles).toEqual(['assets/recipient-card.css']);
  });

  it("preloads the home page's chunks and carries its data, which can never close its element", async () => {
    const pages = createPageDocuments(dir, { origin: 'http://localhost' });
    const html = await pages.render({
      page: 'home',
      url: '/',
      language: 'en',
      head: ['<link rel="preload" as="image" href="/thumb.jpg" />'],
      data: { home: { events: [], sections: [], note: '</script><script>alert(1)</script>' } as never },
    });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/app-layout.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/en.js" />');
    expect(html).toContain('src="/assets/index.js"');
    expect(html).not.toContain('/assets/recipient.js');
    expect(html!.match(/assets\/react\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="preload" as="image" href="/thumb.jpg" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css" />');
    expect(html).not.toContain('</script><script>alert(1)');
    const block = /<script type="application\/json" id="winc-page-data">(.*?)<\/script>/s.exec(html!)?.[1];
    expect(JSON.parse(block!)).toEqual({
      home: { events: [], sections: [], note: '</script><script>alert(1)</script>' },
    });
  });

  it("serves the recipient page's own entry, with its own title and tags, in the page's language", async () => {
    const html = await createPageDocuments(dir, { origin: 'http://localhost' }).render({
      page: 'recipient',
      url: '/c/abc',
      language: 'ar',
      head: ['<title>For Bo · Winc</title>'],
      replaceTitle: true,
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<title>For Bo · Winc</title>');
    expect(html).not.toContain('<title>Winc</title>');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain('src="/assets/recipient.js"');
    expect(html).not.toContain('/assets/index.js');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/recipient-ar.js" />');
    expect(html).not.toContain('/assets/ar.js');
    // Its cover is its first picture: its chunks' styles come with its script.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/start-recipient-page.js" />');
    expect(html).not.toContain('recipient-card.css');
  });

  it('answers null when the app is not built', async () => {
    expect(
      await createPageDocuments(path.join(dir, 'missing'), { origin: 'http://localhost' }).render({
        page: 'home',
        url: '/',
        language: 'en',
      }),
    ).toBeNull();
  });
});

describe('rendered pages kept', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-rendered-'));
    fs.mkdirSync(path.join(root, 'web'));
    fs.mkdirSync(path.join(root, 'ssr'));
    fs.writeFileSync(path.join(root, 'web', 'index.html'), INDEX);
    // A renderer that notes what it drew, of the size the URL asks for.
    fs.writeFileSync(
      path.join(root, 'ssr', 'entry-server.js'),
      `export async function render({ url }) {
        (globalThis.wincRenders ??= []).push(new URL(url).pathname);
        return { head: '', markup: 'x'.repeat(Number(new URL(url).searchParams.get('size'))) };
      }`,
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('are reused, up to 4 M characters in all: big pages make room by dropping the oldest', async () => {
    const renders = () => (globalThis as { wincRenders?: string[] }).wincRenders ?? [];
    const pages = createPageDocuments(path.join(root, 'web'), { origin: 'http://localhost' });
    const render = (name: string, size: number) =>
      pages.render({ page: 'category', url: `/category/${name}?size=${size}`, language: 'en' });
    const million = 1024 * 1024;

    expect(await render('small', 1_000)).toContain('x'.repeat(1_000));
    await render('big-1', 2 * million);
    await render('big-2', million);
    await render('small', 1_000);
    expect(renders()).toEqual(['/category/small', '/category/big-1', '/category/big-2']);

    // 2 M more is over 4 M: the oldest go until it fits, and are drawn again when asked for.
    await render('big-3', 2 * million);
    await render('big-2', million);
    await render('big-1', 2 * million);
    expect(renders().slice(3)).toEqual(['/category/big-3', '/category/big-1']);
  });
});
