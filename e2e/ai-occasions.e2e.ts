import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../shared/i18n/languages.ts';
import { paths } from '../web/config/paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { localeText } from './support/locale-text.ts';
import { openAppPage } from './support/open-page.ts';
import { shootWidths } from './support/screenshots.ts';

/**
 * The AI dialog on a wedding template, as a guest on a 390 px phone meets it in each language: the template
 * opens as an invitation and the dialog starts on 'Invitation', which writes the text from the event (its
 * place is in it); made a card instead, it starts on 'Wedding' and writes to the couple; a detail typed in
 * another language is not pasted but named under the text as not woven in.
 */

const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const story: Record<Language, { couple: string; sender: string; place: string; foreign: string }> = {
  en: { couple: 'Jo & Sam', sender: 'Ana', place: 'Rose Garden Hall', foreign: 'любит рыбалку' },
  ar: { couple: 'سارة وأحمد', sender: 'ليلى', place: 'قاعة الياسمين', foreign: 'loves fishing' },
  ru: { couple: 'Аня и Саша', sender: 'Женя', place: 'Зал «Сирень»', foreign: 'loves fishing' },
};

describe.each<Language>(['en', 'ar', 'ru'])('the AI dialog on a wedding template (%s)', (language) => {
  const t = localeText(language);

  it(
    'writes an invitation from the event, then a wedding message to the couple',
    { timeout: 120_000 },
    async () => {
      const context = await contextIn(browser, language, PHONE_CONTEXT);
      const page = await context.newPage();
      try {
        await openAppPage(page, `${server.baseUrl}${paths.category('Wedding')}`);
        await page.getByTestId('template-card').first().click();
        await page.getByRole('button', { name: t('editor.createAction') }).click();
        const editor = page.getByRole('dialog', { name: t('editor.titleCreate') });
        await editor.waitFor();
        const { couple, sender, place, foreign } = story[language];
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill(sender);
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill(couple);
        const fields = editor.getByTestId('event-fields');
        await fields.getByRole('textbox', { name: t('invitation.editor.place') }).fill(place);

        const dialog = page.getByRole('dialog', { name: t('editor.ai.title') });
        const result = dialog.getByTestId('ai-message-text');
        await editor.getByRole('button', { name: t('editor.ai.open') }).click();
        await dialog.waitFor();
        expect(await dialog.getByLabel(t('editor.ai.occasion')).inputValue()).toBe('Invitation');
        await dialog.getByRole('button', { name: t('editor.ai.generate') }).click();
        await dialog.getByRole('button', { name: t('editor.ai.use') }).waitFor();
        expect(await result.innerText()).toContain(place);
        await shootWidths(page, `ai-invitation-${language}`, dialog);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        await editor.getByTestId('card-kind').getByText(t('invitation.kind.card')).click();
        expect(await editor.getByRole('radio', { name: t('invitation.kind.card') }).isChecked()).toBe(true);
        await editor.getByRole('button', { name: t('editor.ai.open') }).click();
        await dialog.waitFor();
        expect(await dialog.getByLabel(t('editor.ai.occasion')).inputValue()).toBe('Wedding');
        await dialog.getByLabel(t('editor.ai.details')).fill(foreign);
        await dialog.getByRole('button', { name: t('editor.ai.generate') }).click();
        await dialog.getByRole('button', { name: t('editor.ai.use') }).waitFor();
        const text = await result.innerText();
        expect(text).not.toContain(foreign);
        expect(await dialog.getByTestId('ai-message-not-woven').innerText()).toContain(foreign);
        await shootWidths(page, `ai-wedding-${language}`, dialog);
      } finally {
        await context.close();
      }
    },
  );
});
