import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import ar from '../../../shared/i18n/locales/ar.json';
import en from '../../../shared/i18n/locales/en.json';
import { catalogApi } from '../../../shared/api-paths.ts';
import {
  catalogListsSchema,
  homeResponseSchema,
  type HomeResponse,
} from '../../../shared/catalog/catalog.contract.ts';
import { LANGUAGE_COOKIE } from '../../../shared/i18n/languages.ts';
import { createCatalogRepository } from '../../modules/catalog/catalog.repository.ts';
import { normalizeCatalogSource } from '../../modules/catalog/catalog-source.ts';
import { fixtureCatalogSource } from '../../testing/catalog-fixture.ts';
import { describeEachDatabase } from '../../testing/databases.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/** The real build (the test command builds before it tests; alone, run `npm run build`). */
const webDistDir = path.resolve(import.meta.dirname, '../../../dist/web');

/** The markup of `<div id="root">` in a page. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  return html.slice(start, html.indexOf('</div>\n', html.lastIndexOf('</main>')));
}

/** Text as React writes it into the page. */
function asReactWrites(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * The pages a newcomer lands on come rendered by the server from the app's own server build (decision 0018),
 * in the visitor's language, without an inline script (the content security policy forbids them); the
 * other pages are drawn by the script.
 */
describeEachDatabase('pages rendered by the server', (use) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    expect(fs.existsSync(path.join(webDistDir, '..', 'ssr', 'entry-server.js')), 'dist/ssr is built').toBe(
      true,
    );
    const now = new Date();
    await createCatalogRepository(use().database).insertCatalog(
      normalizeCatalogSource(fixtureCatalogSource(now), now),
    );
    ({ app } = await buildTestApp(use(), { env: { WEB_DIST_DIR: webDistDir } }));
  });
  afterAll(() => app?.close());

  it('renders home with its rows, and preloads the first pictures in the head', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    const root = rootOf(html);
    expect(root).toContain(en.home.heroTitle);
    expect(root).toContain('Birthday Card 1');
    expect(root).toContain('<img src="/media/templates/birthday-01/thumb');
    const head = html.slice(0, html.indexOf('</head>'));
    // The first row's pictures, in the sizes the row shows them.
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="[^"]*thumb-1x[^"]* 168w, [^"]*thumb-2x[^"]* 336w" imageSizes="168px" fetchPriority="high"\/>/,
    );
    // Only the leading picture (the page's largest paint) is fetched with high priority, beside the page's
    // code: the others of the first screen at an image's own, so they do not hold the code back.
    expect(head.match(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g)).toHaveLength(1);
    // The only scripts: the app's module and the page's data.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<script type="application/json" id="winc-page-data">');
  });

  it('names the code that takes a rendered page over, to be fetched once the page has been painted', async () => {
    for (const url of ['/', '/category/Birthday']) {
      const html = (await app.inject(url)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      // The entry (styles and what starts the app) waits for what the first screen shows…
      expect(head).toMatch(
        /<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[^"]+\.js">/,
      );
      // …and the app's chunks, its strings among them, are inert until the script asks for them.
      const modules = /<template id="winc-page-modules">(.*?)<\/template>/s.exec(head)?.[1] ?? '';
      expect(modules).toMatch(/^(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js" \/>)+$/);
      expect(modules).toMatch(/href="\/assets\/strings-en-app-[^"]+\.js"/);
      const outside = head.replace(/<template[\s\S]*?<\/template>/, '');
      expect(outside.match(/rel="modulepreload"(?! fetchpriority="low")/g)).toBeNull();
    }
  });

  it('renders the home rows below the first screen to be drawn as they near it', async () => {
    const root = rootOf((await app.inject('/')).body);
    const rows = root.match(/<section data-testid="home-section"[^>]*>/g) ?? [];
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.map((row) => row.includes('row-when-near'))).toEqual(rows.map((_, index) => index >= 2));
    // Their cards are drawn (and taken over) only then: the page comes with placeholders of their size.
    const cards = root
      .split('<section data-testid="home-section"')
      .slice(1)
      .map((row) => (row.match(/data-testid="template-card"/g) ?? []).length);
    expect(cards.slice(0, 2).every((count) => count > 0)).toBe(true);
    expect(cards.slice(2).every((count) => count === 0)).toBe(true);
    // Each of those is one placeholder element, without the arrows that page through a drawn row.
    const later = root.split('<section data-testid="home-section"').slice(3);
    expect(later.every((row) => (row.match(/card-row-placeholder/g) ?? []).length === 1)).toBe(true);
    expect(later.some((row) => row.includes(en.common.scrollNext))).toBe(false);
  });

  it("carries the cards of home's first rows only, each row below with its count", async () => {
    const whole = homeResponseSchema.parse((await app.inject(catalogApi.home)).json());
    const { home } = pageDataOf((await app.inject('/')).body) as { home: HomeResponse };
    expect(home.events).toEqual(whole.events);
    expect(home.sections.slice(0, 2)).toEqual(whole.sections.slice(0, 2));
    expect(home.sections.slice(2).map((section) => section.templates)).toEqual(
      whole.sections.slice(2).map(() => []),
    );
    expect(home.sections.map(({ templates: _, ...row }) => row)).toEqual(
      whole.sections.map(({ templates: _, ...row }) => row),
    );
  });

  it("comes with the catalog's lists, so its style links are in the page and the script asks nothing", async () => {
    const lists = catalogListsSchema.parse((await app.inject(catalogApi.lists)).json());
    expect(lists.styles.length).toBeGreaterThan(0);
    for (const url of ['/', '/category/Birthday', '/style/Elegant']) {
      const html = (await app.inject(url)).body;
      expect((pageDataOf(html) as { lists: unknown }).lists, url).toEqual(lists);
      for (const style of lists.styles) {
        expect(rootOf(html), url).toContain(`href="/style/${encodeURIComponent(style.name)}"`);
      }
    }
  });

  it('sends a rendered page with brotli at quality 6, smaller than the compression plugin would', async () => {
    const served = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(served.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(served.rawPayload);
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
    expect(served.rawPayload.length).toBeLessThan(atQuality(4));
    expect(Math.abs(served.rawPayload.length - atQuality(6))).toBeLessThan(200);
  });

  it('renders in the language the visitor chose, right to left in Arabic', async () => {
    const response = await app.inject({ url: '/', cookies: { [LANGUAGE_COOKIE]: 'ar' } });
    expect(response.body).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(response.body)).toContain(ar.home.heroTitle);
    const unknown = await app.inject({ url: '/', cookies: { [LANGUAGE_COOKIE]: 'xx' } });
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
  });

  it("names a template in the page's language, and in English where it has no translation", async () => {
    const arabic = rootOf((await app.inject({ url: '/', cookies: { [LANGUAGE_COOKIE]: 'ar' } })).body);
    expect(arabic).toContain('عهود ذهبية');
    expect(arabic).not.toContain('Golden Vows');
    expect(arabic).toContain('Birthday Card 1');
    const russian = rootOf((await app.inject({ url: '/', cookies: { [LANGUAGE_COOKIE]: 'ru' } })).body);
    expect(russian).toContain('Золотые клятвы');
    const english = rootOf((await app.inject('/')).body);
    expect(english).toContain('Golden Vows');
    expect(english).not.toContain('عهود ذهبية');
  });

  it("renders a search's first results on home, with the grid's first page in its data, in English and Arabic", async () => {
    const english = await app.inject('/?q=Golden');
    const root = rootOf(english.body);
    expect(root).toContain('data-testid="template-grid"');
    expect(root).toContain('Golden Vows');
    expect(english.body).toMatch(/<link rel="preload" as="image" imageSrcSet="[^"]*thumb-1x/);
    const data = pageDataOf(english.body) as { templates?: { filters: unknown; firstPage: unknown } };
    expect(data.templates?.filters).toEqual({ q: 'Golden' });
    expect(data.templates?.firstPage).toEqual(
      (await app.inject({ url: catalogApi.templates, query: { q: 'Golden', page: '1' } })).json(),
    );
    const arabic = rootOf(
      (await app.inject({ url: '/?q=Golden', cookies: { [LANGUAGE_COOKIE]: 'ar' } })).body,
    );
    expect(arabic).toContain('data-testid="template-grid"');
    expect(arabic).toContain('عهود ذهبية');
  });

  /** The JSON block of a page's first-screen data. */
  function pageDataOf(html: string): Record<string, unknown> {
    const json = /<script type="application\/json" id="winc-page-data">(.*?)<\/script>/s.exec(html)?.[1];
    return json ? (JSON.parse(json) as Record<string, unknown>) : {};
  }

  it('renders a category page with its first templates, their pictures preloaded and its answers in it', async () => {
    const html = (await app.inject('/category/Birthday')).body;
    const root = rootOf(html);
    expect(root).toContain('Birthday Card 1');
    expect(root).toContain('<img src="/media/templates/birthday-01/thumb');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" imageSrcSet="[^"]*birthday-01\/thumb-1x/);
    expect(head.match(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g)).toHaveLength(1);
    // What the page's queries would ask for, so the script asks nothing more.
    const data = pageDataOf(html) as {
      categoryPage: { name: string; answer: unknown };
      templates: { filters: unknown; firstPage: unknown };
    };
    expect(data.categoryPage.name).toBe('Birthday');
    expect(data.categoryPage.answer).toEqual((await app.inject('/api/catalog/categories/Birthday')).json());
    expect(data.templates.filters).toEqual({ category: 'Birthday' });
    expect(data.templates.firstPage).toEqual(
      (await app.inject('/api/catalog/templates?category=Birthday&page=1')).json(),
    );
  });

  it("renders a style page's grid for the URL's filters, and an unknown name without data", async () => {
    const html = (await app.inject('/style/Elegant?category=%20Wedding%20&q=')).body;
    const data = pageDataOf(html) as { stylePage: { name: string }; templates: { filters: unknown } };
    expect(data.stylePage.name).toBe('Elegant');
    expect(data.templates.filters).toEqual({ category: 'Wedding', style: 'Elegant' });
    expect(rootOf(html)).toContain('Golden Vows');
    expect(rootOf(html)).not.toContain('Birthday Card');

    const unknown = await app.inject('/category/No%20Such%20Category');
    expect(unknown.statusCode).toBe(200);
    expect(rootOf(unknown.body)).not.toBe('');
    expect(Object.keys(pageDataOf(unknown.body) as object)).toEqual(['lists']);
  });

  it('renders a category page and a share link, and leaves the pages that need the session to the script', async () => {
    expect(rootOf((await app.inject('/category/Birthday')).body)).not.toBe('');
    const unknownCard = (await app.inject('/c/AAAAAAAAAAAAAAAAAAAAAA')).body;
    expect(rootOf(unknownCard)).toContain('<header');
    expect(unknownCard.match(/<script/g)).toHaveLength(1);
    for (const url of ['/my-wincs', '/checkout', '/profile', '/account-info', '/admin']) {
      expect(rootOf((await app.inject(url)).body), url).toBe('');
    }
  });

  it("renders the pricing page with the server's payment note and the AI its plans offer, as the API answers them", async () => {
    const options = (await app.inject('/api/payments/options')).json<{ provider: string }>();
    const config = (await app.inject('/api/config')).json<{ aiProviders: unknown }>();
    const html = (await app.inject('/pricing')).body;
    const note = { 'test-mode': 'pricing-test-mode', unavailable: 'pricing-unavailable' }[options.provider];
    expect(note).toBeDefined();
    expect(rootOf(html)).toContain(`data-testid="${note}"`);
    expect(pageDataOf(html)).toEqual({
      pricing: { paymentOptions: options, aiProviders: config.aiProviders },
    });
  });

  /** The pages beyond the catalog's that show their first screen without the session, and what it says. */
  const appPages: [string, (strings: typeof en) => string[]][] = [
    ['/signin', (strings) => [strings.auth.signIn.title, strings.auth.signIn.submit]],
    ['/signup', (strings) => [strings.auth.signUp.title, strings.auth.signUp.submit]],
    ['/reset-password', (strings) => [strings.auth.reset.title]],
    ['/choose-password?token=x', (strings) => [strings.auth.choosePassword.title]],
    ['/help', (strings) => [strings.help.title, strings.help.formTitle]],
    ['/faqs', (strings) => [strings.faq.title, strings.faq.contactTitle]],
    ['/pricing', (strings) => [strings.pricing.title, strings.pricing.plans.free.name]],
  ];

  it('renders the sign-in, sign-up, password, help, FAQ and pricing pages with their first screen, in English and Arabic', async () => {
    for (const [language, strings] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const [url, shown] of appPages) {
        const html = (await app.inject({ url, cookies: { [LANGUAGE_COOKIE]: language } })).body;
        expect(html, url).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        const root = rootOf(html);
        for (const text of shown(strings))
          expect(root, `${url} (${language})`).toContain(asReactWrites(text));
        // The app's code, the page's own with it, is named in the page to come once it has been painted.
        const modules = /<template id="winc-page-modules">(.*?)<\/template>/s.exec(html)?.[1] ?? '';
        const page = url.slice(1).split('?')[0]!;
        expect(modules, url).toMatch(new RegExp(`href="/assets/${page}\\.route-[^"]+\\.js"`));
      }
    }
  });
});
