import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { openCreateEditor } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { openAppPage } from './support/open-page.ts';
import { shootWidths } from './support/screenshots.ts';
import { boxOf } from './support/boxes.ts';

/**
 * What a new user meets on a 390 px phone, in each language: after sign-up the "verify your email" panel is on
 * screen with its heading focused; the AI dialog shows the whole generated message, and the Message field
 * shows it whole once used; the toast on Overview covers no button or link and takes no focus; Home's banner
 * of the card left unshared keeps its sentence readable (at least 60% of the screen wide), and the search
 * field's placeholder fits in it. Measures are taken before each screenshot, then checked.
 */

const PHONE = { width: 390, height: 844 };
/** A phone, scrolling at once (the pages scroll smoothly otherwise: a measure would catch them half-way). */
const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } as const;

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser(['--hide-scrollbars'])]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const names: Record<Language, { sender: string; recipient: string; details: string }> = {
  en: { sender: 'Sam', recipient: 'Alex', details: 'loves hiking, just moved to Lisbon' },
  ar: { sender: 'سامي', recipient: 'ليلى', details: 'تحب الرسم وانتقلت للتو إلى دبي' },
  ru: { sender: 'Саша', recipient: 'Маша', details: 'любит походы, недавно переехала в Казань' },
};

describe.each<Language>(['en', 'ar', 'ru'])('a new user on a phone (%s)', (language) => {
  const t = localeText(language);
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await contextIn(browser, language, PHONE_CONTEXT);
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows the verify-your-email panel in view, its heading focused, after sign-up', async () => {
    const signUp = await contextIn(browser, language, PHONE_CONTEXT);
    try {
      const form = await signUp.newPage();
      await openAppPage(form, `${server.baseUrl}/signup`);
      await form.getByLabel(t('auth.fields.name')).fill(names[language].sender);
      await form.getByLabel(t('auth.fields.email')).fill(`phone-${language}-${Date.now()}@example.com`);
      await form.getByLabel(t('auth.fields.password'), { exact: true }).fill('correct horse 42');
      // The phone's keyboard pushed the form up while it was filled: the page is at its end when Sign Up is
      // tapped, and the panel that replaces the longer form starts above the screen.
      await form.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await form.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
      const heading = form
        .getByTestId('verify-email-notice')
        .getByRole('heading', { name: t('auth.verify.title') });
      await heading.waitFor();

      const seen = () =>
        heading.evaluate((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          // Below the sticky header and any notice, above the screen's bottom.
          const above = [
            document.querySelector('header')!,
            ...document.querySelectorAll('[data-testid="toast"]'),
          ];
          const clear = Math.max(...above.map((cover) => cover.getBoundingClientRect().bottom));
          return {
            inView: top >= clear && bottom <= window.innerHeight,
            focused: document.activeElement === element,
          };
        });
      try {
        await expect.poll(seen).toEqual({ inView: true, focused: true });
      } finally {
        await shootWidths(form, `phone-verify-panel-${language}`);
      }
    } finally {
      await signUp.close();
    }
  });

  /** The editor of a new card from a template, its sender and recipient filled. */
  async function editorWithNames() {
    const editor = await openCreateEditor(page, server.baseUrl, t);
    await editor
      .getByRole('textbox', { name: t('editor.senderName'), exact: true })
      .fill(names[language].sender);
    await editor
      .getByRole('textbox', { name: t('editor.recipientName'), exact: true })
      .fill(names[language].recipient);
    return editor;
  }

  it('shows the whole generated message in the AI dialog, then in the Message field', async () => {
    const editor = await editorWithNames();
    await editor.getByRole('button', { name: t('editor.ai.open') }).click();
    const dialog = page.getByRole('dialog', { name: t('editor.ai.title') });
    await dialog.getByLabel(t('editor.ai.details')).fill(names[language].details);
    await dialog.getByRole('button', { name: t('editor.ai.generate') }).click();
    const use = dialog.getByRole('button', { name: t('editor.ai.use') });
    await use.waitFor();

    // The generated text must be whole inside what the dialog's scrolling part shows.
    const whole = () =>
      dialog.getByTestId('ai-message-text').evaluate((element) => {
        let scroller = element.parentElement;
        while (scroller && getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement;
        const shown = scroller!.getBoundingClientRect();
        const text = element.getBoundingClientRect();
        return text.top >= shown.top && text.bottom <= shown.bottom;
      });
    try {
      await expect.poll(whole).toBe(true);
    } finally {
      await shootWidths(page, `phone-ai-result-${language}`);
    }

    await use.click();
    await dialog.waitFor({ state: 'detached' });
    const message = editor.getByRole('textbox', { name: t('editor.message'), exact: true });
    const field = await message.evaluate((element) => ({
      content: element.scrollHeight,
      visible: element.clientHeight,
    }));
    await shootWidths(page, `phone-message-field-${language}`, message);
    expect(field.content).toBeLessThanOrEqual(field.visible + 1);
  });

  it('puts the toast on Overview where it covers no button or link, and leaves the focus alone', async () => {
    const editor = await editorWithNames();
    await editor
      .getByRole('textbox', { name: t('editor.message'), exact: true })
      .fill(names[language].details);
    await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
    await editor.getByRole('button', { name: t('editor.next') }).click();
    await page.waitForURL(/\/overview\/[\w-]+$/);
    await page.getByRole('button', { name: t('overview.share') }).waitFor();
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();

    const found = await toast.evaluate((element) => {
      const own = element.getBoundingClientRect();
      const overlaps = (box: DOMRect) =>
        box.left < own.right && own.left < box.right && box.top < own.bottom && own.top < box.bottom;
      const covered = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], input, select'),
      ]
        .filter((control) => !element.contains(control) && control.checkVisibility())
        .filter((control) => overlaps(control.getBoundingClientRect()))
        .map((control) => control.getAttribute('aria-label') ?? control.innerText.trim());
      return { covered, focusInToast: element.contains(document.activeElement) };
    });
    await shootWidths(page, `phone-overview-toast-${language}`);
    expect(found).toEqual({ covered: [], focusInToast: false });
  });

  it("keeps Home's unshared-card banner and search placeholder readable", async () => {
    await openAppPage(page, `${server.baseUrl}/`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const banner = page.getByTestId('latest-draft');
    await banner.waitFor();
    const sentence = await boxOf(
      banner.getByText(t('myWincs.drafts.waiting', { name: names[language].recipient })),
    );
    const search = page.getByPlaceholder(t('home.searchPlaceholder'));
    const placeholder = await search.evaluate(async (input: HTMLInputElement) => {
      await document.fonts.ready;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        text: Math.ceil(context.measureText(input.placeholder).width),
        room: input.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd),
      };
    });
    await shootWidths(page, `phone-home-drafts-${language}`);
    expect(sentence.right - sentence.left).toBeGreaterThanOrEqual(0.6 * PHONE.width);
    expect(placeholder.text).toBeLessThanOrEqual(placeholder.room);
  });
});
