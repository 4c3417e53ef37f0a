import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { openCreateEditor } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { NEW_USER_CREDITS } from '../shared/accounts/accounts.contract.ts';

/**
 * Making a card, once per language: a guest opens a template → preview → 'Personalize' → the create modal's
 * checks one at a time in SPEC §5's order → voice toggling → text styles → Next → the overview (cover, open,
 * close) → Edit brings the modal back filled → a changed message shows on the overview → Share as a guest
 * asks to sign in or up. Texts come from the locale files.
 */

const texts = localeText;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 5_000 });
}

describe.each(['en', 'ar'] as const)('card editor and overview (%s)', (language) => {
  const t = texts(language);

  it('a guest creates a card, previews it, edits it and is asked to sign in to share', async () => {
    const context = await contextIn(browser, language, {
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      // A template outside New Drops opens the preview directly.
      const editor = await openCreateEditor(page, server.baseUrl, t);
      // The one card form, which My WINCS' edit dialog shows too (my-wincs.e2e.ts).
      await editor.getByTestId('card-form').waitFor();
      await editor.getByText(t('editor.requiredNote')).waitFor();
      // A birthday starts as a card. Invitation shows the event, titled after the template; the keyboard moves
      // back to Card (a radio group), which hides it again, and the card is saved as a card.
      const cardKind = editor.getByRole('radio', { name: t('invitation.kind.card') });
      const invitationKind = editor.getByRole('radio', { name: t('invitation.kind.invitation') });
      expect(await cardKind.isChecked()).toBe(true);
      expect(await editor.getByTestId('event-fields').count()).toBe(0);
      await editor.getByTestId('card-kind').getByText(t('invitation.kind.invitation')).click();
      expect(await invitationKind.isChecked()).toBe(true);
      const eventTitle = editor.getByRole('textbox', { name: t('invitation.editor.title') });
      expect(await eventTitle.inputValue()).not.toBe('');
      await invitationKind.focus();
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      expect(await cardKind.isChecked()).toBe(true);
      expect(await editor.getByTestId('event-fields').count()).toBe(0);
      const next = editor.getByRole('button', { name: t('editor.next') });
      const sender = editor.getByRole('textbox', { name: t('editor.senderName'), exact: true });
      const recipient = editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true });
      const message = editor.getByRole('textbox', { name: t('editor.message'), exact: true });
      const female = editor.getByRole('button', { name: t('editor.voices.female'), exact: true });
      const male = editor.getByRole('button', { name: t('editor.voices.male'), exact: true });

      await next.click();
      await expectAlert(page, t('card.senderRequired'));
      expect(await sender.evaluate((el) => el === document.activeElement)).toBe(true);
      await sender.fill('  Ana  ');
      await next.click();
      await expectAlert(page, t('card.recipientRequired'));
      await recipient.fill('Bo');
      await next.click();
      await expectAlert(page, t('card.messageRequired'));
      await message.fill('   ');
      await next.click();
      await expectAlert(page, t('card.messageRequired'));
      await message.fill('Happy birthday, Bo!');
      await next.click();
      await expectAlert(page, t('card.voiceRequired'));

      await female.click();
      expect(await female.getAttribute('aria-pressed')).toBe('true');
      await female.click();
      expect(await female.getAttribute('aria-pressed')).toBe('false');
      await next.click();
      await expectAlert(page, t('card.voiceRequired'));
      await male.click();
      expect(await male.getAttribute('aria-pressed')).toBe('true');

      await editor.getByLabel(t('editor.font')).selectOption('Georgia');
      await editor.getByLabel(t('editor.size')).fill('22');
      await editor.getByRole('button', { name: t('editor.swatch', { color: '#BE123C' }) }).click();
      const preview = editor.getByTestId('editor-preview');
      await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(190, 18, 60)');
      expect(await preview.evaluate((el) => getComputedStyle(el).fontSize)).toBe('22px');

      await next.click();
      await page.waitForURL(/\/overview\/[\w-]+$/);
      const cardId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: t('overview.title') }).waitFor();
      await page.getByText(t('overview.subtitle')).waitFor();
      expect(await page.locator('[aria-current="step"]').innerText()).toContain(t('auth.steps.preview'));

      const cover = page.getByTestId('card-cover');
      await cover.getByText(t('overview.clickMe')).waitFor();
      await cover.getByText(t('overview.clickToOpen')).click();
      const opened = page.getByTestId('card-open');
      await opened.getByText(t('overview.to', { name: 'Bo' })).waitFor();
      await page.getByText(t('overview.subtitleOpen')).waitFor();
      const shown = opened.getByTestId('card-message');
      expect(await shown.innerText()).toBe('Happy birthday, Bo!');
      expect(await shown.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(190, 18, 60)');
      expect(await shown.evaluate((el) => getComputedStyle(el).fontSize)).toBe('22px');
      expect(await opened.innerText()).toContain(t('overview.from', { name: 'Ana' }));
      await opened.getByRole('button', { name: t('overview.closeCard') }).click();
      await cover.waitFor();

      // Edit: back on Home with the modal filled with the saved card.
      await page.getByRole('button', { name: t('overview.edit') }).click();
      const edit = page.getByRole('dialog', { name: t('editor.titleEdit') });
      await edit.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(
        await edit.getByRole('textbox', { name: t('editor.senderName'), exact: true }).inputValue(),
      ).toBe('Ana');
      expect(
        await edit.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).inputValue(),
      ).toBe('Bo');
      expect(await edit.getByLabel(t('editor.font')).inputValue()).toBe('Georgia');
      expect(
        await edit
          .getByRole('button', { name: t('editor.voices.male'), exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await edit.getByRole('textbox', { name: t('editor.message'), exact: true }).fill('Happy 30th, Bo!');
      await edit.getByRole('button', { name: t('editor.next') }).click();
      await page.waitForURL(`**/overview/${cardId}`);
      await page.getByTestId('card-cover').click();
      await page.getByTestId('card-message').filter({ hasText: 'Happy 30th, Bo!' }).waitFor();

      // Browser Back from the overview also reopens the modal on Home.
      await page.goBack();
      await page.getByRole('dialog', { name: t('editor.titleEdit') }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.goForward();
      await page.getByTestId('card-cover').waitFor();

      // Share as a guest: the membership modal says what sharing needs (a free sign-up, with the new member's
      // credits), with Sign In / Sign Up carrying the card.
      await page.getByRole('button', { name: t('overview.share') }).click();
      const premium = page.getByRole('dialog', { name: t('overview.premiumTitle') });
      const needed = t('overview.signUpToShare_other', { count: NEW_USER_CREDITS });
      if (language === 'en') expect(needed).toBe('Sign up free to share — you get 100 credits');
      await premium.getByText(needed).waitFor();
      expect(await premium.innerText()).not.toMatch(/premium Winc Member|عضوًا مميزًا/);
      await premium.getByRole('button', { name: t('overview.signUp') }).waitFor();
      await premium.getByRole('button', { name: t('overview.signIn') }).click();
      await page.waitForURL('**/signin');
      expect(await page.evaluate(() => (window.history.state as { usr?: unknown }).usr)).toMatchObject({
        cardId,
        returnToCheckout: true,
      });
      // The sign-in screen shows the create flow because it carries a card.
      await page.getByTestId('create-flow-steps').waitFor();
    } finally {
      await context.close();
    }
  });
});
