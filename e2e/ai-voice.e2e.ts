import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { openCreateEditor } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';

/**
 * The card speaks and writes, as a guest on a phone uses it, in English and in Arabic (right-to-left), with
 * no AI keys configured: 'AI Generate' → the dialog's defaults → generating → generated → 'Generate Another
 * Message' gives another text → 'Use This Message' fills the Message field; then 'Hear it' plays the
 * greeting in the chosen voice to its end, with its words as captions (Esc leaves the AI dialog, not the
 * card); the overview's opening tap plays the greeting with captions, then the message read aloud.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const names = {
  en: { sender: 'Sam', recipient: 'Alex' },
  ar: { sender: 'سامي', recipient: 'ليلى' },
} as const;

describe.each(['en', 'ar'] as const)('AI message and voice in the editor (%s)', (language) => {
  const t = localeText(language);

  it('writes a message with AI, writes another, uses it, and plays the greeting', async () => {
    const context = await contextIn(browser, language, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    try {
      const editor = await openCreateEditor(page, server.baseUrl, t);
      await editor
        .getByRole('textbox', { name: t('editor.senderName'), exact: true })
        .fill(names[language].sender);
      await editor
        .getByRole('textbox', { name: t('editor.recipientName'), exact: true })
        .fill(names[language].recipient);
      expect(await editor.getByLabel(t('editor.language.label')).inputValue()).toBe(language);

      await editor.getByRole('button', { name: t('editor.ai.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('editor.ai.title') });
      await dialog.waitFor();
      expect(await dialog.getByLabel(t('editor.ai.tone')).inputValue()).toBe('Heartfelt & Emotional');
      expect(await dialog.getByLabel(t('editor.ai.relationship')).inputValue()).toBe('Close Friend');
      const details = dialog.getByLabel(t('editor.ai.details'));
      await details.fill(language === 'ar' ? 'تحب الرسم' : 'loves hiking');
      await dialog.getByText(`${language === 'ar' ? 9 : 12}/500`).waitFor();

      await dialog.getByRole('button', { name: t('editor.ai.generate') }).click();
      const use = dialog.getByRole('button', { name: t('editor.ai.use') });
      await use.waitFor();
      const result = dialog.getByTestId('ai-message-text');
      const first = await result.innerText();
      expect(first).toContain(names[language].recipient);
      if (language === 'ar') expect(first).toMatch(/[\u0600-\u06FF]{3}/);
      expect(await result.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');

      await dialog.getByRole('button', { name: t('editor.ai.another') }).click();
      await expect.poll(() => result.innerText(), { timeout: 10_000 }).not.toBe(first);
      await use.waitFor();
      const second = await result.innerText();
      await use.click();
      await dialog.waitFor({ state: 'detached' });
      const message = editor.getByRole('textbox', { name: t('editor.message'), exact: true });
      expect((await message.inputValue()).replace(/\s+/g, ' ')).toBe(second.replace(/\s+/g, ' '));

      // Esc closes the AI dialog only: the card being written stays open, as it was.
      await editor.getByRole('button', { name: t('editor.ai.open') }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await editor.isVisible()).toBe(true);
      expect((await message.inputValue()).replace(/\s+/g, ' ')).toBe(second.replace(/\s+/g, ' '));

      await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
      const hear = editor.getByTestId('hear-greeting');
      await hear.click();
      await editor.getByTestId('greeting-caption').waitFor({ timeout: 30_000 });
      expect(await editor.getByTestId('greeting-caption').innerText()).toContain(names[language].recipient);
      const ended = await editor.getByTestId('greeting-audio').evaluate(
        (audio: HTMLAudioElement) =>
          new Promise<{ ended: boolean; duration: number }>((resolve) => {
            const done = () => resolve({ ended: audio.ended, duration: audio.duration });
            if (audio.ended) done();
            else audio.addEventListener('ended', done, { once: true });
          }),
      );
      expect(ended.ended).toBe(true);
      expect(ended.duration).toBeGreaterThan(1);
      await hear.getByText(t('editor.hearIt.play')).waitFor();

      // On the overview the card speaks as it opens: the greeting with its captions, then the message.
      await editor.getByRole('checkbox', { name: t('editor.readAloud.label') }).check();
      await editor.getByRole('button', { name: t('editor.next') }).click();
      await page.waitForURL(/\/overview\/[\w-]+$/);
      await page.getByTestId('card-cover').click();
      const caption = page.getByTestId('card-voice-caption');
      await expect.poll(() => caption.innerText(), { timeout: 15_000 }).toContain(names[language].recipient);
      expect(await caption.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await expect.poll(() => caption.innerText(), { timeout: 15_000 }).toBe('');
      const mute = page.getByTestId('card-voice-mute');
      await mute.click();
      expect(await mute.getAttribute('aria-pressed')).toBe('true');
    } finally {
      await context.close();
    }
  });
});
