import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, appInfoApi, catalogApi, invitationsApi } from '../shared/api-paths.ts';
import type { HomeResponse } from '../shared/catalog/catalog.contract.ts';
import type { GuestList } from '../shared/invitations/guests.contract.ts';
import { LANGUAGE_COOKIE } from '../shared/i18n/languages.ts';
import { TAKEN_OVER_ATTRIBUTE } from '../shared/pages/page-data.contract.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { OWNER_PASSWORD, signedInOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { text } from './support/locale-text.ts';
import { APP_CODE, holdAppCode, openAppPage, watchErrors } from './support/open-page.ts';

/**
 * The first visit (docs/decisions/0018-first-paint.md): the server's page shows before any script runs, the
 * app then takes it over without a hydration error and without asking again for what the page carried, in
 * the visitor's language.
 */

let server: AppServer;
let browser: Browser;
let firstTemplate: string;

/** A request for a catalog answer (the home, a page's heading and grid, the lists), which a page carries. */
function isCatalogRequest(pathname: string): boolean {
  return pathname === catalogApi.lists || pathname.startsWith(`${catalogApi.lists}/`);
}

/** Waits until the page's entry has run and asked for the app's code. */
async function appCodeAskedFor(page: Page): Promise<void> {
  await page
    .locator('head > link[rel="modulepreload"][href*="/assets/start-app-"]')
    .waitFor({ state: 'attached' });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const home = (await (await fetch(`${server.baseUrl}/api/catalog/home`)).json()) as HomeResponse;
  firstTemplate = home.sections.find((section) => section.templates.length > 0)!.templates[0]!.name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first visit', () => {
  it('shows home, its rows and first pictures before any script runs', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('en', 'home.heroTitle'),
    );
    await page.getByText(firstTemplate, { exact: true }).first().waitFor();
    const firstPicture = page.locator('main ul img').first();
    await firstPicture.waitFor();
    await expect(
      firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).resolves.toBe(true);
    await expect(firstPicture.evaluate((img) => getComputedStyle(img).opacity)).resolves.toBe('1');
    // A search made before the script has taken the page over is not lost: the form goes to `/?q=`.
    const search = page.getByRole('searchbox', { name: text('en', 'home.searchLabel'), exact: true });
    await search.fill('balloons');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'balloons');
    await context.close();
  });

  it("comes in the first round trip of a phone's new connection", async () => {
    // The document, as served with brotli, within TCP's first window (10 segments of 1,460 bytes): a page
    // any larger waits a whole round trip more, and so does everything the page then asks for.
    const served = await new Promise<number>((resolve, reject) => {
      http
        .get(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'br' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve(bytes));
        })
        .on('error', reject);
    });
    expect(served).toBeLessThan(14_600);
  });

  it('takes home over without a hydration error, then asks once for the cards of the rows below', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await openAppPage(page, `${server.baseUrl}/`);
    // A category row's template opens its preview (a New Drop's opens its category).
    await page
      .locator('[data-testid="home-section"][data-section-kind="category"] [data-testid="template-card"]')
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The page carried its first rows' cards; the last row's come with the whole answer, as it is neared.
    const lastRow = page.getByTestId('home-section').last();
    await lastRow.scrollIntoViewIfNeeded();
    await lastRow.getByTestId('template-card').first().waitFor();
    expect(errors).toEqual([]);
    expect(requests.filter(isCatalogRequest)).toEqual([catalogApi.home]);
    await context.close();
  });

  it('starts what waited for the take-over one part at a time, each in an idle moment of its own', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // Counts the browser's idle moments, and notes with each request how many had come by the time it left.
    await context.addInitScript(() => {
      const page = window as unknown as { idleMoments: number; requestsAt: [string, number][] };
      page.idleMoments = 0;
      page.requestsAt = [];
      const requestIdle = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (callback, options) =>
        requestIdle((deadline) => {
          page.idleMoments++;
          callback(deadline);
        }, options);
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : input.toString();
        page.requestsAt.push([new URL(url, location.href).pathname, page.idleMoments]);
        return fetch(input, init);
      };
    });
    const page = await context.newPage();
    await openAppPage(page, `${server.baseUrl}/`);
    const waited = [accountsApi.me, appInfoApi.get, catalogApi.home];
    const requestsAt = async () =>
      new Map(
        await page.evaluate(() => (window as unknown as { requestsAt: [string, number][] }).requestsAt),
      );
    await expect
      .poll(async () => {
        const started = await requestsAt();
        return waited.filter((pathname) => !started.has(pathname));
      })
      .toEqual([]);
    const started = await requestsAt();
    const moments = waited.map((pathname) => started.get(pathname));
    expect(moments.every((moment) => moment !== undefined && moment > 0)).toBe(true);
    // Started together, the requests and the renders of their first change would be one long task on a phone.
    expect(new Set(moments).size).toBe(moments.length);
    await context.close();
  });

  it('takes a category page over without a hydration error or a request for its answers', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const served = await openAppPage(page, `${server.baseUrl}/category/Birthday`);
    // Its first templates are in the page before any script runs.
    expect(await served!.text()).toContain('data-testid="template-card"');
    await page.getByTestId('template-card').first().click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    expect(requests.filter(isCatalogRequest)).toEqual([]);
    await context.close();
  });

  it('comes in the language the visitor chose, right to left in Arabic, takes it over as it is, then adds its typeface', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ar', url: server.baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const served = await openAppPage(page, `${server.baseUrl}/`);
    const html = await served!.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      text('ar', 'home.heroTitle'),
    );
    // Its typefaces come once the first screen is painted, as in every language: not in the page.
    expect(html).not.toContain('.woff2');
    await page.waitForFunction(() =>
      [...document.fonts].some(
        (face) => face.family.includes('Noto Kufi Arabic') && face.status === 'loaded',
      ),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves none of the first screen's pictures as they load and the app takes over, in both directions", async () => {
    for (const language of ['en', 'ar'] as const) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: server.baseUrl }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const moved: string[] = [];
        Object.assign(window, { movedPictures: moved });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { sources: Array<{ node?: Node }> }
          >)
            for (const source of entry.sources)
              if (source.node instanceof HTMLImageElement) moved.push(source.node.currentSrc);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openAppPage(page, `${server.baseUrl}/`);
      const firstCards = page.getByTestId('home-section').first().getByTestId('template-card');
      // Loaded: the first cards' pictures have replaced their shimmer.
      for (const card of (await firstCards.all()).slice(0, 2))
        await card.locator('.skeleton-shimmer').waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      expect(
        await page.evaluate(() => (window as unknown as { movedPictures: string[] }).movedPictures),
      ).toEqual([]);
      await context.close();
    }
  });

  it('signs in with the form filled in and sent before the app took the page over, once it has', async () => {
    const owner = await signedInOwner(server.baseUrl);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pages.push(request.url());
    });
    // The app's code is held back until the visitor has filled the form in and sent it.
    const release = await holdAppCode(page);
    await page.goto(`${server.baseUrl}/signin`);
    // The entry has run and asked for the app's code: the page is the server's, not yet taken over.
    await appCodeAskedFor(page);
    await page.getByLabel(text('en', 'auth.fields.email')).fill(owner.email);
    await page.getByLabel(text('en', 'auth.fields.password'), { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: text('en', 'auth.signIn.submit'), exact: true }).click();
    expect(await page.locator(`html[${TAKEN_OVER_ATTRIBUTE}]`).count()).toBe(0);
    release();
    await page.getByText(text('en', 'auth.signedIn')).waitFor();
    // Signed in: the header has the account's menu (shown on wide screens).
    await page.getByTestId('user-menu-button').waitFor({ state: 'attached' });
    // Sent through the app: the browser never sent the form itself (a reload with the password in its address).
    expect(pages).toEqual([`${server.baseUrl}/signin`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("words a form's mistakes in the visitor's language when it was sent before the app took the page over, or at once after", async () => {
    const context = await contextIn(browser, 'ar', { viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ar', url: server.baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const release = await holdAppCode(page);
    await page.goto(`${server.baseUrl}/signin`);
    await appCodeAskedFor(page);
    await page.getByLabel(text('ar', 'auth.fields.email')).fill('not-an-address');
    await page.getByLabel(text('ar', 'auth.fields.password'), { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: text('ar', 'auth.signIn.submit'), exact: true }).click();
    release();
    // Checked once the app has taken the page over, with the form's own rules and words.
    await page.getByText(text('ar', 'auth.invalidEmail')).waitFor();
    expect(await page.getByLabel(text('ar', 'auth.fields.email')).inputValue()).toBe('not-an-address');

    // The Help Center's form, sent empty the moment the app has taken its page over.
    await page.goto(`${server.baseUrl}/help`);
    await page.locator(`html[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: text('ar', 'help.submit'), exact: true }).click();
    await page.getByText(text('ar', 'help.errors.emailRequired')).waitFor();
    await page.getByText(text('ar', 'help.errors.descriptionRequired')).waitFor();

    // Filled in before the app took its page over: what was typed stays once the form renders again.
    await page.unroute(APP_CODE);
    const releaseHelp = await holdAppCode(page);
    await page.goto(`${server.baseUrl}/help`);
    await appCodeAskedFor(page);
    const email = page.getByLabel(`${text('ar', 'help.email')} *`);
    const description = page.getByLabel(`${text('ar', 'help.description')} *`);
    await email.fill('maria@example.com');
    await description.fill('My card is blank');
    releaseHelp();
    await page.locator(`html[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await page.getByLabel(`${text('ar', 'help.phone')} ${text('ar', 'help.optional')}`).fill('+1 555 0100');
    expect(await email.inputValue()).toBe('maria@example.com');
    expect(await description.inputValue()).toBe('My card is blank');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells the server a language chosen before it could know, and switches to it', async () => {
    const context = await contextIn(browser, 'ru', { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openAppPage(page, `${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: text('ru', 'home.heroTitle') }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('ru');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches a page the server rendered before the device told it its language', async () => {
    // The device's last page told the server (the cookie) only after this page had been asked for without it,
    // as when a visitor moves on before that page had an idle moment: the page comes in English.
    const context = await contextIn(browser, 'ar', { viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ar', url: server.baseUrl }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const renderedWithout = await (await fetch(`${server.baseUrl}/`)).text();
    expect(renderedWithout).toContain('<html lang="en"');
    await page.route(`${server.baseUrl}/`, (route) =>
      route.fulfill({ body: renderedWithout, contentType: 'text/html; charset=utf-8' }),
    );
    await openAppPage(page, `${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: text('ar', 'home.heroTitle') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a shared card's cover before any script, then asks for the card once, with its page", async () => {
    const owner = await signedInOwner(server.baseUrl);
    await owner.buyPremium();
    const card = await owner.unlock(await owner.createCard(await firstTemplateId(server.baseUrl)));

    // Before any script: the card's cover, where the closed card will be.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const stillPage = await still.newPage();
    await stillPage.goto(`${server.baseUrl}/c/${card.id}`);
    const cover = stillPage.locator(`main img[src="${card.templateImageUrl}"]`);
    await expect(
      cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).resolves.toBe(true);
    await still.close();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const cardRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/public/cards/${card.id}`)
        cardRequests.push(request.url());
    });
    await page.goto(`${server.baseUrl}/c/${card.id}`, { waitUntil: 'networkidle' });
    await page.getByTestId('card-cover').waitFor();
    expect(cardRequests).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a guest's invitation cover before any script, then asks for their invitation once, with its page", async () => {
    const owner = await signedInOwner(server.baseUrl);
    await owner.buyPremium();
    const card = await owner.createCard(await firstTemplateId(server.baseUrl), 'en', {
      invitation: {
        title: 'Garden party',
        startsAt: `${new Date().getFullYear() + 1}-06-05T16:00`,
        timeZone: 'UTC',
      },
    });
    const added = await fetch(`${server.baseUrl}${invitationsApi.guests(card.id)}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ guests: [{ name: 'Leila' }] }),
    });
    const { linkPath } = ((await added.json()) as GuestList).guests[0]!;
    await owner.unlock(card);

    // Before any script: the invitation's cover, where the closed card will be.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const stillPage = await still.newPage();
    await stillPage.goto(`${server.baseUrl}${linkPath}`);
    const cover = stillPage.locator(`main img[src="${card.templateImageUrl}"]`);
    await expect(
      cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).resolves.toBe(true);
    await still.close();
    // The page asks for the guest's invitation once (its preload, reused), and takes the page over cleanly.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === invitationsApi.invitation(linkPath.slice('/i/'.length)))
        asked.push(request.url());
    });
    await openAppPage(page, `${server.baseUrl}${linkPath}`);
    await page
      .getByRole('heading', { level: 1, name: text('en', 'invitation.preview.title', { name: 'Leila' }) })
      .waitFor();
    await page.getByTestId('card-cover').waitFor();
    expect(asked).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
