import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  catalogListsSchema,
  homeResponseSchema,
  stylePageSchema,
} from '../shared/catalog/catalog.contract.ts';
import type { CatalogLists, HomeResponse } from '../shared/catalog/catalog.contract.ts';
import {
  BASED_ON_RANK_CATEGORY,
  CATALOG_PAGE_SIZE,
  HOME_ROW_LIMIT,
  TEMPLATE_HIGHLIGHT_MS,
} from '../shared/constants.ts';
import { templatePictures } from '../shared/catalog/catalog.rules.ts';
import { localizedName } from '../shared/i18n/languages.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer } from './support/app-server.ts';
import type { AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { text } from './support/locale-text.ts';
import { allTemplates } from './support/catalog-templates.ts';
import { catalogApi } from '../shared/api-paths.ts';
import { openAppPage } from './support/open-page.ts';

/**
 * The catalog in the browser, once per language: home (sections, event filter), a category page with infinite
 * scroll, a style page with its category filter, a search without results, and the New Drops jump. Texts come
 * from the locale files so the Arabic run checks Arabic; the English values are pinned to SPEC's wording.
 * Which data to use (an event with templates, a page with more than one page) is asked from the API, so the
 * test does not depend on the demo catalog's exact contents.
 */

const SELECTORS = {
  card: '[data-testid="template-card"]',
  section: '[data-testid="home-section"]',
  eventFilter: '[data-testid="event-filter"]',
  grid: '[data-testid="template-grid"]',
  empty: '[data-testid="empty-state"]',
} as const;

const DESKTOP = { width: 1280, height: 800 };
/** Two columns of cards: the first page of 12 does not reach the bottom, so page 2 needs a real scroll. */
const PHONE = { width: 390, height: 844 };

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let server: AppServer;
let browser: Browser;

async function api<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}

async function cardIds(scope: Page | Locator): Promise<string[]> {
  return scope
    .locator(SELECTORS.card)
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-template-id') ?? ''));
}

beforeAll(async () => {
  // One server for the file: its first start generates the demo catalog, which is the slow part.
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<{ language: Language }>([{ language: 'en' }, { language: 'ar' }])(
  'catalog in the browser ($language)',
  ({ language }) => {
    let context: BrowserContext;
    let home: HomeResponse;
    let lists: CatalogLists;
    const t = (key: string, values?: Record<string, string>) => text(language, key, values);
    const name = (item: { name: string; translations: { ar?: string; ru?: string } }) =>
      localizedName(item.name, item.translations, language);

    beforeAll(async () => {
      context = await contextIn(browser, language, {
        viewport: DESKTOP,
        locale: language === 'ar' ? 'ar' : 'en-US',
      });
      [home, lists] = await Promise.all([
        api(catalogApi.home, homeResponseSchema),
        api(catalogApi.lists, catalogListsSchema),
      ]);
    });

    afterAll(async () => {
      await context?.close();
    });

    async function open(path: string, viewport = DESKTOP): Promise<Page> {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      // A page the server rendered is taken over by its script after it has been painted: the tests click and
      // type once it has.
      await openAppPage(page, `${server.baseUrl}${path}`);
      return page;
    }

    it('uses the language and text direction of the chosen locale', async () => {
      const page = await open('/');
      await page.locator(SELECTORS.section).first().waitFor();
      // The choice is in the device's storage only (no cookie yet): the server's page comes in English, and
      // the app switches once it has taken the page over.
      await expect
        .poll(() =>
          page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
        )
        .toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      await page.close();
    });

    it('home: New Drops first, then at least 12 category rows of at most 25 templates', async () => {
      const page = await open('/');
      const sections = page.locator(SELECTORS.section);
      await sections.first().waitFor();
      await expect.poll(() => sections.count()).toBe(home.sections.length);

      expect(await sections.first().getAttribute('data-section-kind')).toBe('new-drops');
      const kinds = await sections.evaluateAll((all) => all.map((s) => s.getAttribute('data-section-kind')));
      expect(kinds.filter((kind) => kind === 'category').length).toBeGreaterThanOrEqual(12);
      expect(kinds.slice(1).every((kind) => kind === 'category')).toBe(true);

      for (const [index, section] of (await sections.all()).entries()) {
        // A row below the first screen draws its cards as it nears the viewport.
        await section.scrollIntoViewIfNeeded();
        await section.locator(SELECTORS.card).first().waitFor();
        const ids = await cardIds(section);
        expect(ids.length, `row ${index}`).toBeGreaterThan(0);
        expect(ids.length, `row ${index}`).toBeLessThanOrEqual(HOME_ROW_LIMIT);
        // The rows show the API's rows in the API's order (category ordering is the shared rule's job).
        expect(ids, `row ${index}`).toEqual(home.sections[index]?.templates.map((template) => template.id));
      }
      await page.close();
    });

    it('home: choosing an event shows its WINCS grid; choosing it again clears it', async () => {
      // An event that has templates, so the grid has cards to show.
      let chosen: { event: HomeResponse['events'][number]; ids: string[] } | undefined;
      for (const event of home.events) {
        const templates = await allTemplates(server.baseUrl, { event: event.id });
        if (templates.length > 0) {
          chosen = { event, ids: templates.map((template) => template.id) };
          break;
        }
      }
      expect(chosen, 'an active event with templates').toBeDefined();
      const { event, ids } = chosen!;
      const eventName = name(event);
      if (language === 'en') expect(t('home.eventTitle', { event: 'Birthday' })).toBe('Birthday WINCS');

      const page = await open('/');
      const button = page
        .locator(SELECTORS.eventFilter)
        .getByRole('button', { name: eventName, exact: true });
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');

      const title = page.getByRole('heading', {
        name: t('home.eventTitle', { event: eventName }),
        exact: true,
      });
      await title.waitFor();
      const grid = page.locator(SELECTORS.grid);
      await grid.locator(SELECTORS.card).first().waitFor();
      const shown = await cardIds(grid);
      expect(shown.length).toBeGreaterThan(0);
      expect(ids).toEqual(expect.arrayContaining(shown));
      expect(await page.locator(SELECTORS.section).count()).toBe(0);

      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await title.waitFor({ state: 'detached' });
      await page.locator(SELECTORS.section).first().waitFor();
      await page.close();
    });

    it("category page: 'Explore More' opens it and infinite scroll loads the next pages", async () => {
      const page = await open('/', PHONE);
      const sectionIndex = home.sections.findIndex((section) => section.kind === 'category');
      const target = home.sections[sectionIndex]!;
      const section = page.locator(SELECTORS.section).nth(sectionIndex);
      await section.waitFor();
      if (language === 'en') expect(t('home.exploreMore')).toMatch(/^Explore More/);
      await section
        .getByRole('link', {
          name: new RegExp(escapeRegExp(t('home.exploreMore').replace(/\s*[>›<‹]$/, '')), 'i'),
        })
        .or(
          section.getByRole('link', {
            name: t('home.exploreMoreLabel', { section: name(target.category!) }),
          }),
        )
        .first()
        .click();
      await page.waitForURL(
        (url) => decodeURIComponent(url.pathname) === `/category/${target.category!.name}`,
      );
      await page.locator(SELECTORS.card).first().waitFor();

      // Infinite scroll needs more than one page; 'Based on Rank' lists every template when no single
      // category has enough.
      let categoryName = target.category!.name;
      if (target.total <= CATALOG_PAGE_SIZE) {
        const big = home.sections.find((s) => s.kind === 'category' && s.total > CATALOG_PAGE_SIZE);
        categoryName = big?.category?.name ?? BASED_ON_RANK_CATEGORY;
        await openAppPage(page, `${server.baseUrl}/category/${encodeURIComponent(categoryName)}`);
      }
      const expected = (await allTemplates(server.baseUrl, { category: categoryName })).map(
        (template) => template.id,
      );
      expect(expected.length).toBeGreaterThan(CATALOG_PAGE_SIZE);

      const grid = page.locator(SELECTORS.grid);
      await grid.locator(SELECTORS.card).first().waitFor();
      await expect.poll(() => grid.locator(SELECTORS.card).count()).toBe(CATALOG_PAGE_SIZE);
      // Nothing more loads while the reader stays at the top…
      await page.waitForTimeout(1_500);
      expect(await grid.locator(SELECTORS.card).count()).toBe(CATALOG_PAGE_SIZE);

      // …and scrolling to the bottom loads page after page until the listing is complete, without repeats.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return grid.locator(SELECTORS.card).count();
          },
          { timeout: 30_000, interval: 400 },
        )
        .toBe(expected.length);
      expect(await cardIds(grid)).toEqual(expected);
      await page.close();
    });

    it("the footer's link to every template names the page for what it holds, never 'Based on Rank'", async () => {
      const page = await open('/');
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: t('catalog.allTemplates'), exact: true })
        .click();
      await page.waitForURL(
        (url) => decodeURIComponent(url.pathname) === `/category/${BASED_ON_RANK_CATEGORY}`,
      );
      await page.getByRole('heading', { level: 1, name: t('catalog.allTemplates') }).waitFor();
      await page.locator(SELECTORS.card).first().waitFor();
      expect(await page.title()).toBe(`${t('catalog.allTemplates')} · Winc`);
      expect(await page.locator('body').innerText()).not.toMatch(/based on rank/i);
      await page.close();
    });

    it('style page: its category filter narrows the grid to one category', async () => {
      // A style whose templates span at least two categories, so the filter has something to narrow.
      let chosen: { style: CatalogLists['styles'][number]; category: string } | undefined;
      for (const style of lists.styles) {
        const stylePage = await api(catalogApi.style(style.name), stylePageSchema);
        if (stylePage.categories.length >= 2) {
          chosen = { style, category: stylePage.categories[0]!.name };
          break;
        }
      }
      expect(chosen, 'a style present in two categories').toBeDefined();
      const { style, category } = chosen!;
      const categoryItem = lists.categories.find((c) => c.name === category)!;

      const page = await open(`/style/${encodeURIComponent(style.name)}`);
      await page
        .getByRole('heading', { name: name(style), exact: true })
        .first()
        .waitFor();
      const grid = page.locator(SELECTORS.grid);
      await grid.locator(SELECTORS.card).first().waitFor();
      const allIds = (await allTemplates(server.baseUrl, { style: style.name })).map(
        (template) => template.id,
      );
      // A wide screen may already have loaded page 2 (its end is within reach), so compare what is shown.
      const before = await cardIds(grid);
      expect(before.length).toBeGreaterThanOrEqual(Math.min(CATALOG_PAGE_SIZE, allIds.length));
      expect(before).toEqual(allIds.slice(0, before.length));

      if (language === 'en') expect(t('catalog.categoryFilter')).toBe('Filter by category');
      const filter = page.getByLabel(t('catalog.categoryFilter'), { exact: true }).first();
      await filter.waitFor();
      const option = name(categoryItem);
      if ((await filter.evaluate((element) => element.tagName)) === 'SELECT') {
        await filter.selectOption({ label: option });
      } else {
        await filter
          .getByRole('button', { name: option, exact: true })
          .or(filter.getByRole('link', { name: option, exact: true }))
          .or(filter.getByRole('radio', { name: option, exact: true }))
          .first()
          .click();
      }
      await page.waitForURL((url) => url.searchParams.get('category') === category);

      const inCategory = (await allTemplates(server.baseUrl, { style: style.name, category })).map(
        (template) => template.id,
      );
      expect(inCategory.length).toBeGreaterThan(0);
      expect(inCategory.length).toBeLessThan(allIds.length);
      // The previous grid may stay on screen while the filtered one loads; wait for the filtered one.
      await expect
        .poll(async () => {
          const shown = await cardIds(grid);
          return shown.length > 0 && shown.every((id) => inCategory.includes(id));
        })
        .toBe(true);
      const after = await cardIds(grid);
      expect(after).toEqual(inCategory.slice(0, after.length));
      await page.close();
    });

    it('search without results says "Can\'t Find for Anything..."', async () => {
      if (language === 'en') {
        expect(t('header.searchPlaceholder')).toBe('Search WINCS...');
        expect(t('home.empty.noResults')).toBe("Can't Find for Anything...");
        expect(t('home.empty.noResultsHint')).toBe('Try Different keywords...');
      }
      const page = await open('/');
      await page.locator(SELECTORS.section).first().waitFor();
      const label = t('header.searchPlaceholder');
      const search = page
        .getByRole('searchbox', { name: label, exact: true })
        .or(page.getByRole('textbox', { name: label, exact: true }))
        .filter({ visible: true })
        .first();
      await search.fill('zqxwv no such template 9137');
      await search.press('Enter');

      const empty = page.locator(SELECTORS.empty);
      await empty.filter({ hasText: t('home.empty.noResults') }).waitFor();
      expect(await empty.textContent()).toContain(t('home.empty.noResultsHint'));
      expect(await page.locator(SELECTORS.card).count()).toBe(0);
      await page.close();
    });

    it("'Personalize' shows without scrolling in a template's preview on a 360×740 phone", async () => {
      const page = await open('/', { width: 360, height: 740 });
      await page
        .locator(`${SELECTORS.section}[data-section-kind="category"] ${SELECTORS.card}`)
        .first()
        .click();
      const personalize = page.getByRole('dialog').getByRole('button', { name: t('editor.createAction') });
      await personalize.waitFor();
      const box = (await personalize.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      await personalize.click();
      await page.getByRole('dialog', { name: t('editor.titleCreate') }).waitFor();
      await page.close();
    });

    it('a New Drops template opens its category, scrolled to it and highlighted for 2 s, then its editor', async () => {
      const newDrops = home.sections[0]!;
      expect(newDrops.kind).toBe('new-drops');
      const template = newDrops.templates[0]!;

      const page = await open('/');
      const card = page
        .locator(SELECTORS.section)
        .first()
        .locator(`${SELECTORS.card}[data-template-id="${template.id}"]`);
      await card.click();
      await page.waitForURL(
        (url) => decodeURIComponent(url.pathname) === `/category/${template.categoryName}`,
      );

      const target = page.locator(`${SELECTORS.grid} ${SELECTORS.card}[data-template-id="${template.id}"]`);
      await page
        .locator(
          `${SELECTORS.grid} ${SELECTORS.card}[data-template-id="${template.id}"][data-highlighted="true"]`,
        )
        .waitFor({ timeout: 15_000 });
      const highlightedAt = Date.now();
      const inView = await target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      expect(inView, 'the highlighted card is scrolled into view').toBe(true);

      await page
        .locator(
          `${SELECTORS.grid} ${SELECTORS.card}[data-template-id="${template.id}"]:not([data-highlighted="true"])`,
        )
        .waitFor({ timeout: TEMPLATE_HIGHLIGHT_MS + 5_000 });
      const highlightedFor = Date.now() - highlightedAt;
      expect(highlightedFor).toBeGreaterThan(TEMPLATE_HIGHLIGHT_MS - 1_000);
      expect(highlightedFor).toBeLessThan(TEMPLATE_HIGHLIGHT_MS + 1_500);

      // Then the card editor opens on that template, without another click.
      const editor = page.getByRole('dialog', { name: t('editor.titleCreate') });
      await editor.waitFor({ timeout: 10_000 });
      // A new card is in the page's language, and so is its cover.
      expect(await editor.locator('header img').getAttribute('src')).toBe(
        templatePictures(template, language).coverUrl,
      );
      await page.close();
    });
  },
);
