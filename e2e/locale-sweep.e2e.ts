import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../shared/cards/cards.contract.ts';
import { catalogListsSchema } from '../shared/catalog/catalog.contract.ts';
import { NEW_DROPS_CATEGORY } from '../shared/constants.ts';
import { LANGUAGE_HEADER, LANGUAGE_NAMES, type Language } from '../shared/i18n/languages.ts';
import { LATIN_NAMES, latinWords } from '../shared/i18n/latin-names.ts';
import ar from '../shared/i18n/locales/ar.json';
import en from '../shared/i18n/locales/en.json';
import ru from '../shared/i18n/locales/ru.json';
import { textAt, type Messages } from '../shared/i18n/translator.ts';
import { routePatterns } from '../web/config/paths.ts';
import {
  adminApi,
  appInfoApi,
  cardsApi,
  catalogApi,
  invitationsApi,
  mailboxApi,
  paymentsApi,
} from '../shared/api-paths.ts';
import { guestListSchema } from '../shared/invitations/guests.contract.ts';
import { mailboxListSchema } from '../shared/mailbox/mailbox.contract.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { openAppPage } from './support/open-page.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { allTemplates } from './support/catalog-templates.ts';
import { text } from './support/locale-text.ts';
import { callApi, signUpInPage } from './support/page-api.ts';

/**
 * Every page of the app in Arabic and in Russian on a 390 px phone, signed out and signed in, and a shared
 * card's page: no English word of the interface shows (text, title, placeholders, accessible names), and no
 * page is wider than the screen. What people and the catalog wrote (names, messages, template names) is data,
 * not interface, and may be in any script.
 */

const PHONE = { width: 390, height: 844 };
const LOCALES: Record<Language, Messages> = { en, ar, ru };

let server: AppServer;
let origin: string;
let browser: Browser;
/**
 * Words of the data the pages show, lower case: the catalog's names and descriptions in every language, the
 * languages' own names, the mails, the accounts' names and addresses.
 */
const dataWords = new Set<string>();

const adminEmail = (language: Language) => `sweep-admin-${language}@example.com`;

function strings(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : strings(value, `${prefix}${key}.`),
  );
}

/**
 * The English words of the interface that a page in `language` must not show: the words of every English
 * string whose translation differs, but names (LATIN_NAMES) and short words ('to', 'of').
 */
function englishWords(language: Language): Set<string> {
  const names = new Set([...LATIN_NAMES].map((name) => name.toLowerCase()));
  const words = new Set<string>();
  for (const [key, english] of strings(en)) {
    if (textAt(LOCALES[language], key) === english) continue;
    for (const word of latinWords(english)) {
      const lower = word.toLowerCase();
      if (lower.length >= 3 && !names.has(lower)) words.add(lower);
    }
  }
  return words;
}

/** Counts the words of these texts as data. */
function addData(...texts: (string | undefined)[]) {
  for (const value of texts) for (const word of latinWords(value ?? '')) dataWords.add(word.toLowerCase());
}

/** Every text in an API answer. */
function addDataOf(answer: unknown) {
  if (typeof answer === 'string') addData(answer);
  else if (answer !== null && typeof answer === 'object') Object.values(answer).forEach(addDataOf);
}

beforeAll(async () => {
  server = await startAppServer({ env: { ADMIN_EMAILS: `${adminEmail('ar')},${adminEmail('ru')}` } });
  // Mail links name http://localhost:PORT: the visit stays on that host, so the session cookie applies.
  origin = server.baseUrl.replace('127.0.0.1', 'localhost');
  // Hidden scrollbars, as on a phone: the layout is the screen's full width.
  browser = await launchBrowser(['--hide-scrollbars']);
  // The language picker names each language in itself.
  addData(...Object.values(LANGUAGE_NAMES));
  const lists = catalogListsSchema.parse(await (await fetch(`${server.baseUrl}${catalogApi.lists}`)).json());
  for (const item of [...lists.categories, ...lists.styles, ...lists.events])
    addData(item.name, item.translations.ar, item.translations.ru);
  for (const template of await allTemplates(server.baseUrl))
    addData(
      template.name,
      template.description,
      ...Object.values(template.translations.name),
      ...Object.values(template.translations.description),
    );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each<{ language: Language }>([{ language: 'ar' }, { language: 'ru' }])(
  'every page in $language',
  ({ language }) => {
    const english = englishWords(language);
    const t = (key: string) => text(language, key);
    /** The path patterns visited, to check that none of the router's is left out. */
    const visited = new Set<string>();

    /** The English interface words the page shows now, outside the data. */
    async function englishShown(page: Page): Promise<string[]> {
      const shown = await page.evaluate(() => {
        const parts = [document.title, document.body.innerText];
        for (const element of document.querySelectorAll('[placeholder], [aria-label], img[alt]')) {
          if (!element.checkVisibility({ visibilityProperty: true })) continue;
          for (const name of ['placeholder', 'aria-label', 'alt'])
            parts.push(element.getAttribute(name) ?? '');
        }
        return parts.join('\n');
      });
      return [...new Set(latinWords(shown))].filter((word) => {
        const lower = word.toLowerCase();
        return english.has(lower) && !dataWords.has(lower);
      });
    }

    /** Opens a path (or checks the page as it is), then: no English, no sideways scroll. */
    async function sweep(page: Page, pattern: string, path?: string) {
      visited.add(pattern);
      if (path !== undefined) await openAppPage(page, `${origin}${path}`);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), { message: `${path} lang` })
        .toBe(language);
      // Until the page has its data it may show skeletons: the words must be gone once it settles.
      await expect
        .poll(() => englishShown(page), { timeout: 8_000, message: `English on ${page.url()}` })
        .toEqual([]);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(PHONE.width);
    }

    it('signed out, then signed in, and a shared card', { timeout: 240_000 }, async () => {
      const context = await contextIn(browser, language, {
        viewport: PHONE,
        locale: language,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const lists = catalogListsSchema.parse(await (await fetch(`${origin}${catalogApi.lists}`)).json());
      const category = lists.categories[0]!.name;
      const style = lists.styles[0]!.name;

      await sweep(page, routePatterns.home, '/');
      await sweep(page, routePatterns.category, `/category/${encodeURIComponent(NEW_DROPS_CATEGORY)}`);
      await sweep(page, routePatterns.category, `/category/${encodeURIComponent(category)}`);
      await sweep(page, routePatterns.style, `/style/${encodeURIComponent(style)}`);
      await sweep(page, routePatterns.help, '/help');
      await sweep(page, routePatterns.faqs, '/faqs');
      await sweep(page, routePatterns.pricing, '/pricing');
      await sweep(page, routePatterns.signin, '/signin');
      await sweep(page, routePatterns.signup, '/signup');
      await sweep(page, routePatterns.resetPassword, '/reset-password');
      await sweep(page, routePatterns.choosePassword, '/choose-password?token=unknown&next=%2F');
      // The mails listed are data too, in the language each was sent in.
      const mails = mailboxListSchema.parse(await (await fetch(`${origin}${mailboxApi.list}`)).json());
      for (const mail of mails.mails) addData(mail.subject, mail.to);
      await sweep(page, routePatterns.mailbox, '/mailbox');
      await sweep(page, '*', '/no-such-page');
      // Pages for members only, signed out: what they say instead.
      await sweep(page, routePatterns.profile, '/profile');
      await sweep(page, routePatterns.checkout, '/checkout');

      // A guest's card: its overview.
      const senderName = language === 'ar' ? 'سارة' : 'Саша';
      const recipientName = language === 'ar' ? 'ليلى' : 'Лена';
      const message = language === 'ar' ? 'عيد ميلاد سعيد!' : 'С днём рождения!';
      const templateId = (await allTemplates(server.baseUrl))[0]!.id;
      // The card is in the page's language, as the editor makes it (the sender's UI language).
      const inLanguage = { [LANGUAGE_HEADER]: language };
      const cardInput = { templateId, senderName, recipientName, message, selectedVoice: 'female', language };
      const guestCard = await callApi(page, 'POST', cardsApi.create, cardInput, inLanguage);
      expect(guestCard.status).toBe(201);
      await sweep(page, routePatterns.overview, `/overview/${cardSchema.parse(guestCard.json).id}`);

      // Signed in (an admin, so the catalog admin area shows too).
      await signUpInPage(page, origin, 'sweep', adminEmail(language));
      addData(adminEmail(language), 'Ana');
      await sweep(page, routePatterns.home, '/');
      await sweep(page, routePatterns.profile, '/profile');
      await sweep(page, routePatterns.accountInfo, '/account-info');
      await sweep(page, routePatterns.pricing, '/pricing');
      // The admin area also lists what the public catalog hides (inactive categories, events and templates).
      for (const path of [adminApi.catalog, adminApi.templates])
        addDataOf((await callApi(page, 'GET', path)).json);
      await sweep(page, routePatterns.admin, '/admin');
      // An invitation: My WINCS and the overview label it, its recipient page shows the event once opened.
      const invitation = {
        title: language === 'ar' ? 'حفل تخرج ليلى' : 'Выпускной Лены',
        startsAt: `${new Date().getFullYear() + 1}-06-20T18:30`,
        timeZone: 'Asia/Riyadh',
        place: language === 'ar' ? 'قاعة النخيل، الرياض' : 'Зал «Пальма», Эр-Рияд',
        notes: language === 'ar' ? 'اللباس رسمي' : 'Форма одежды — вечерняя',
      };
      addData(invitation.title, invitation.place, invitation.notes);
      const created = await callApi(page, 'POST', cardsApi.create, { ...cardInput, invitation }, inLanguage);
      expect(created.status).toBe(201);
      const card = cardSchema.parse(created.json);
      await sweep(page, routePatterns.myWincs, '/my-wincs');
      await sweep(page, routePatterns.overview, `/overview/${card.id}`);
      await page.getByRole('button', { name: t('overview.share') }).click();
      await page.waitForURL('**/checkout');
      await sweep(page, routePatterns.checkout);

      const order = await callApi(page, 'POST', paymentsApi.checkout, {
        planId: 'plus',
        billingCycle: 'monthly',
      });
      expect(order.status).toBe(200);
      await sweep(page, routePatterns.testCheckout, new URL(String(order.json?.url), origin).pathname);

      // The recipient's page of a paid card, opened by someone without an account.
      expect((await callApi(page, 'POST', cardsApi.unlock(card.id))).status).toBe(200);

      // The invitation's guest list, one guest having answered, and its dialog that adds guests.
      const guestNames = language === 'ar' ? ['نورة', 'خالد'] : ['Ольга', 'Иван'];
      addData(...guestNames, 'guest-sweep@example.com');
      const listed = await callApi(page, 'POST', invitationsApi.guests(card.id), {
        guests: [{ name: guestNames[0], email: 'guest-sweep@example.com' }, { name: guestNames[1] }],
      });
      expect(listed.status).toBe(201);
      const [answering] = listed.json!.guests as Array<{ linkPath: string }>;
      const token = decodeURIComponent(answering!.linkPath.split('/').pop()!);
      expect((await callApi(page, 'PUT', invitationsApi.answer(token), { status: 'yes' })).status).toBe(200);
      await sweep(page, routePatterns.guestList, `/my-wincs/${card.id}/guests`);
      await page.getByRole('button', { name: t('guestList.add.open') }).click();
      await page.getByRole('dialog', { name: t('guestList.add.title') }).waitFor();
      await sweep(page, routePatterns.guestList);
      const recipient = await contextIn(browser, language, {
        viewport: PHONE,
        locale: language,
        isMobile: true,
      });
      const recipientPage = await recipient.newPage();
      await sweep(recipientPage, '/c/:cardId', `/c/${card.id}`);
      await recipientPage.getByTestId('card-cover').click();
      await recipientPage.getByTestId('invitation-event').waitFor();
      await recipientPage.getByTestId('rsvp-form').waitFor();
      await sweep(recipientPage, '/c/:cardId');
      // The own link of the guest who has not answered: the invitation greeting them, their reply, then their answer.
      const guestLink = guestListSchema
        .parse(listed.json)
        .guests.find((guest) => guest.name === guestNames[1])!.linkPath;
      await sweep(recipientPage, '/i/:token', guestLink);
      await recipientPage.getByTestId('card-cover').click();
      await recipientPage.getByTestId('rsvp-form').waitFor();
      await sweep(recipientPage, '/i/:token');
      await recipientPage.getByRole('radio', { name: t('invitation.rsvp.status.yes') }).check();
      await recipientPage.getByTestId('rsvp-send').click();
      await recipientPage.getByTestId('rsvp-summary').waitFor();
      await sweep(recipientPage, '/i/:token');
      await recipient.close();
      await context.close();

      expect([...visited].sort()).toEqual(
        [...Object.values(routePatterns), '*', '/c/:cardId', '/i/:token'].sort(),
      );
    });
  },
);

describe('the footer', () => {
  it('offers the local mailbox only where this visitor can read it', async () => {
    const context = await contextIn(browser, 'ru', { viewport: PHONE });
    const page = await context.newPage();
    const link = () => page.locator('footer').getByRole('link', { name: text('ru', 'mailbox.navLink') });
    await openAppPage(page, `${origin}/`);
    await expect.poll(() => link().count()).toBe(1);

    // A server whose mailbox is closed (as for a visitor from elsewhere): the same page without the link.
    const closed = await startAppServer({ env: { SEED_DEMO_CATALOG: 'false', LOCAL_MAILBOX: 'off' } });
    try {
      const info = (await (await fetch(`${closed.baseUrl}${appInfoApi.get}`)).json()) as {
        localMailbox: boolean;
      };
      expect(info.localMailbox).toBe(false);
      const settingsAnswered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === appInfoApi.get,
      );
      await openAppPage(page, `${closed.baseUrl}/`);
      await settingsAnswered;
      await page
        .locator('footer')
        .getByRole('link', { name: text('ru', 'nav.faqs') })
        .waitFor();
      // The footer has drawn what the server's settings say.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      expect(await link().count()).toBe(0);
    } finally {
      await context.close();
      await closed.stop();
    }
  });
});
