import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { APP_CODE, holdAppCode, openAppPage, waitForTakeOver, watchErrors } from './support/open-page.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { accountsApi, appInfoApi, cardsApi, myWincsApi, repliesApi } from '../shared/api-paths.ts';
import { LANGUAGE_COOKIE } from '../shared/i18n/languages.ts';
import { paths } from '../web/config/paths.ts';
import { signedInOwner } from './support/card-owner.ts';

/**
 * My WINCS as its owner uses it (SPEC §2): a new account with one paid card finds it in the grid, opens its
 * details, edits the message and adds a photo, shares it, and deletes it after the confirmation; a signed-out
 * visit is sent to sign in.
 */

const t = localeText('en');
let server: AppServer;
let browser: Browser;
let folder: string;
let photoPath: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  folder = mkdtempSync(join(tmpdir(), 'winc-my-wincs-e2e-'));
  photoPath = join(folder, 'bo.png');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } })
    .png()
    .toFile(photoPath);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('My WINCS', () => {
  it('shows a paid card, edits it, shares it and deletes it', { timeout: 180_000 }, async () => {
    // Mail links name http://localhost:PORT: the whole visit uses that host, so the session cookie fits.
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
    const context = await contextIn(browser, 'en', {
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      // A verified account, signed in by its verification link.
      await page.goto(`${origin}/`);
      await signUpInPage(page, server.baseUrl, 'my-wincs');

      // One paid card and one unpaid: only the paid one is a WINC in the list.
      const templateId = await firstTemplateId(server.baseUrl);
      const draft = {
        templateId,
        senderName: 'Ana',
        recipientName: 'Bo',
        message: 'Happy birthday, Bo!',
        selectedVoice: 'female',
      };
      const created = await callApi(page, 'POST', cardsApi.create, draft);
      expect(created.status).toBe(201);
      const cardId = created.json!.id as string;
      expect((await callApi(page, 'POST', cardsApi.unlock(cardId))).status).toBe(200);
      const unpaid = await callApi(page, 'POST', cardsApi.create, { ...draft, recipientName: 'Cy' });
      expect(unpaid.status).toBe(201);

      await page.goto(`${origin}/my-wincs`);
      await page.getByRole('heading', { level: 1, name: t('myWincs.title') }).waitFor();
      const grid = page.getByTestId('my-wincs-grid');
      await grid.waitFor();
      expect(await grid.getByTestId('my-winc').count()).toBe(1);
      expect(await grid.getByTestId('my-winc').innerText()).toContain(t('myWincs.to', { name: 'Bo' }));
      const filter = page.getByRole('group', { name: t('myWincs.filterLabel') });
      expect(await filter.getByRole('button', { name: t('common.all') }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      // Card Details: From, To and the message.
      await grid.getByTestId('my-winc').click();
      const details = page.getByRole('dialog', { name: t('myWincs.details.title') });
      await details.waitFor();
      expect(await details.getByTestId('details-from').innerText()).toBe('Ana');
      expect(await details.getByTestId('details-to').innerText()).toBe('Bo');
      expect(await details.getByTestId('details-message').innerText()).toBe('Happy birthday, Bo!');
      expect(await details.getByTestId('details-image').count()).toBe(0);

      // Edit: the card editor's one form (the create modal's), titled 'Edit Card' with 'Save Changes'; a new
      // message and a photo, saved.
      await details.getByRole('button', { name: t('myWincs.details.edit') }).click();
      const editor = page.getByRole('dialog', { name: t('myWincs.edit.title') });
      await editor.getByTestId('card-form').waitFor();
      const message = editor.getByRole('textbox', { name: t('editor.message'), exact: true });
      expect(await message.inputValue()).toBe('Happy birthday, Bo!');
      expect(
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).inputValue(),
      ).toBe('Ana');
      expect(
        await editor
          .getByRole('button', { name: t('editor.voices.female'), exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await message.fill('   ');
      await editor.getByRole('button', { name: t('myWincs.edit.save') }).click();
      await editor
        .getByRole('alert')
        .filter({ hasText: t('card.messageRequired') })
        .waitFor();
      expect(await message.evaluate((el) => el === document.activeElement)).toBe(true);
      await message.fill('Thirty already? See you at the party 🎉');
      await editor.getByTestId('recipient-image-input').setInputFiles(photoPath);
      await editor.getByTestId('recipient-image').getByText('bo.png').waitFor();
      await editor.getByRole('button', { name: t('myWincs.edit.save') }).click();
      // Once the photo is in, the dialog closes by itself with the saved card: no button to press.
      await page
        .getByTestId('toast')
        .filter({ hasText: t('myWincs.edit.success') })
        .waitFor({ timeout: 60_000 });
      await editor.waitFor({ state: 'detached' });
      await expect
        .poll(() => details.getByTestId('details-message').innerText())
        .toBe('Thirty already? See you at the party 🎉');
      const image = details.getByTestId('details-image');
      await expect
        .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(640);
      const saved = await callApi(page, 'GET', cardsApi.card(cardId));
      expect(saved.json).toMatchObject({
        message: 'Thirty already? See you at the party 🎉',
        senderName: 'Ana',
        recipientName: 'Bo',
        isPaid: true,
      });
      expect(saved.json!.recipientImageUrl).toMatch(/^\/media\/cards\//);

      // Share: the share dialog with the card's link.
      await details.getByRole('button', { name: t('myWincs.details.share') }).click();
      const share = page.getByTestId('share-dialog');
      await share.waitFor();
      expect(await share.getByTestId('share-link').inputValue()).toBe(`${origin}/c/${cardId}`);
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'detached' });

      // Delete: the confirmation first; Cancel keeps the card, Delete removes it.
      await details.getByRole('button', { name: t('myWincs.details.delete') }).click();
      const confirm = page.getByRole('dialog', { name: t('myWincs.delete.title') });
      await confirm.getByText(t('myWincs.delete.question')).waitFor();
      await confirm.getByRole('button', { name: t('myWincs.delete.cancel') }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await details.isVisible()).toBe(true);
      await details.getByRole('button', { name: t('myWincs.details.delete') }).click();
      await confirm.getByRole('button', { name: t('myWincs.delete.confirm'), exact: true }).click();
      await page
        .getByTestId('toast')
        .filter({ hasText: t('myWincs.delete.success') })
        .waitFor();
      await details.waitFor({ state: 'detached' });
      await page.getByText(t('myWincs.empty.title')).waitFor();
      expect(await page.getByTestId('my-winc').count()).toBe(0);
      expect((await callApi(page, 'GET', cardsApi.card(cardId))).status).toBe(404);

      // The unpaid card is not a WINC yet, but it is not lost: 'Not shared yet' leads back to its overview.
      const drafts = page.getByTestId('drafts');
      expect(await drafts.getByTestId('draft').count()).toBe(1);
      expect(await drafts.getByTestId('draft').innerText()).toContain(t('myWincs.to', { name: 'Cy' }));
      await drafts.getByTestId('draft').click();
      await page.waitForURL(`${origin}/overview/${unpaid.json!.id as string}`);
      await page.goBack();

      // The empty state leads back Home.
      await page.getByRole('link', { name: t('myWincs.empty.action') }).click();
      await page.waitForURL(`${origin}/`);
    } finally {
      await context.close();
    }
  });

  it('moves nothing on a phone when its drafts answer after its cards', { timeout: 120_000 }, async () => {
    const owner = await signedInOwner(server.baseUrl);
    const templateId = await firstTemplateId(server.baseUrl);
    await owner.buyPremium();
    await owner.unlock(await owner.createCard(templateId));
    await owner.createCard(templateId);
    const context = await contextIn(browser, 'en', { viewport: { width: 390, height: 844 }, isMobile: true });
    await owner.signIn(context, server.baseUrl);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The drafts come second, as they may: the strip they fill sits above the grid of cards. Opened from
    // another page of the app's (a page opened signed in carries both answers).
    await page.route(`**${myWincsApi.drafts}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`${server.baseUrl}${paths.profile()}`);
    await page.getByRole('button', { name: t('profile.signOut') }).waitFor();
    const draftsAsked = page.waitForRequest((request) => request.url().endsWith(myWincsApi.drafts));
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, paths.myWincs());
    await draftsAsked;
    await page.getByTestId('drafts').waitFor();
    await page.getByTestId('my-wincs-grid').waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  it(
    'comes with the cards drawn by the server, in Arabic, opens a card tapped before the take-over, and asks the API for none of it',
    { timeout: 120_000 },
    async () => {
      const ar = localeText('ar');
      const owner = await signedInOwner(server.baseUrl);
      await owner.unlock(await owner.createCard(await firstTemplateId(server.baseUrl)));
      const context = await contextIn(browser, 'ar', {
        viewport: { width: 390, height: 844 },
        isMobile: true,
      });
      await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'ar', url: server.baseUrl }]);
      await owner.signIn(context, server.baseUrl);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      const firstScreen = [
        accountsApi.me,
        appInfoApi.get,
        myWincsApi.list,
        myWincsApi.drafts,
        repliesApi.newCounts,
      ] as string[];
      try {
        // The app's live stream opens once the page has been taken over and its effects have run.
        const liveStream = page.waitForRequest((request) => request.url().endsWith(accountsApi.meEvents));
        const releaseAppCode = await holdAppCode(page);
        const served = await page.goto(`${server.baseUrl}${paths.myWincs()}`);
        const html = await served!.text();
        expect(html).toContain('<html lang="ar" dir="rtl">');
        // The tile is in the page before any script runs, and a tap on it then is answered once the app has
        // taken the page over: the tile opens its details.
        expect(html).toContain('data-testid="my-winc"');
        expect(await page.getByTestId('my-winc').innerText()).toContain(ar('myWincs.to', { name: 'Bo' }));
        await page.getByTestId('my-winc').click();
        releaseAppCode();
        await waitForTakeOver(page);
        await page.getByRole('dialog', { name: ar('myWincs.details.title') }).waitFor();
        await liveStream;
        expect(asked.filter((path) => firstScreen.includes(path))).toEqual([]);
        expect(errors).toEqual([]);
        await page.unroute(APP_CODE);

        // The profile comes drawn too, with who is signed in.
        asked.length = 0;
        const profile = await (await openAppPage(page, `${server.baseUrl}${paths.profile()}`))!.text();
        expect(profile).toContain(ar('profile.title'));
        expect(profile).toContain(owner.email);
        expect(asked.filter((path) => firstScreen.includes(path))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('sends a signed-out visitor to sign in', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.baseUrl}/my-wincs`);
      await page.waitForURL('**/signin');
      expect(await page.getByTestId('my-wincs-grid').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
