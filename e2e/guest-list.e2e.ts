import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsApi, invitationsApi } from '../shared/api-paths.ts';
import { LANGUAGE_HEADER, type Language } from '../shared/i18n/languages.ts';
import { paths } from '../web/config/paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { waitForMail } from './support/mailbox.ts';
import { shootWidths } from './support/screenshots.ts';
import { openAppPage } from './support/open-page.ts';
import { callApi, signUpInPage } from './support/page-api.ts';
import { copyGuestLink, rowOf } from './support/guest-list-page.ts';

/**
 * The host's guest list on a phone, in English and in Arabic: a signed-in host with an invitation not paid
 * yet finds its guests from the overview, pastes three guests (a bad email refused on its line, nothing
 * added, nothing lost from the field), fixes it, uploads a CSV file and types one guest by hand (a name
 * already invited refused on its field), pays, and comes back to the list from My WINCS; copies one
 * guest's personal link; that guest answers from another browser, and the list shows the answer without a
 * reload. The host then records an answer given in person, filters and searches the list, removes a guest,
 * and messages those who have not answered (the mailbox holds it for the one with an address). The list and
 * the dialog with its refused lines pass an axe audit.
 */

const PHONE = { width: 390, height: 844 };

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const GUESTS: Record<'en' | 'ar', { title: string; names: string[]; meal: string }> = {
  en: {
    title: 'Lina & Omar’s wedding',
    names: ['Leila Haddad', 'Omar Nasser', 'Sara Klein', 'Nadia Saleh', 'Yusuf Ali'],
    meal: 'Fish',
  },
  ar: {
    title: 'زفاف لينا وعمر',
    names: ['ليلى حداد', 'عمر ناصر', 'سارة كلاين', 'نادية صالح', 'يوسف علي'],
    meal: 'سمك',
  },
};

/** A guest's row in the list, by name. */
describe.each(['en', 'ar'] as const)(
  'the guest list on a phone (%s)',
  (language: Language & ('en' | 'ar')) => {
    const t = localeText(language);
    const { title, names, meal } = GUESTS[language];
    const [leila, omar, sara, fromFile, byHand] = names as [string, string, string, string, string];

    it(
      'adds guests by paste, pays, copies a link, and sees a guest answer live',
      { timeout: 240_000 },
      async () => {
        // Mail links name http://localhost:PORT: the host's visit stays on that host (one cookie jar).
        const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
        const host = await contextIn(browser, language, {
          viewport: PHONE,
          isMobile: true,
          hasTouch: true,
          reducedMotion: 'reduce',
        });
        await host.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
        try {
          const page = await host.newPage();
          await openAppPage(page, `${origin}/`);
          await signUpInPage(page, server.baseUrl, `guest-list-${language}`);

          // An invitation, made as the editor makes it: one meal question, one plus-one per guest.
          const created = await callApi(
            page,
            'POST',
            cardsApi.create,
            {
              templateId: await firstTemplateId(server.baseUrl),
              senderName: 'Lina',
              recipientName: language === 'ar' ? 'ضيوفنا' : 'Our guests',
              message: language === 'ar' ? 'يسعدنا حضورك' : 'We would love you to be there',
              selectedVoice: 'female',
              language,
              invitation: {
                title,
                startsAt: `${new Date().getFullYear() + 1}-06-20T18:30`,
                timeZone: 'Asia/Riyadh',
                maxPlusOnes: 1,
                questions: [
                  {
                    id: 'meal',
                    kind: 'choice',
                    prompt: language === 'ar' ? 'الطبق' : 'Meal',
                    choices: [meal, language === 'ar' ? 'لحم' : 'Lamb'],
                  },
                ],
              },
            },
            { [LANGUAGE_HEADER]: language },
          );
          expect(created.status).toBe(201);
          const cardId = created.json!.id as string;

          // Not paid yet: the overview leads to its guests, and the list says the links wait for the payment.
          await openAppPage(page, `${origin}${paths.overview(cardId)}`);
          await page.getByRole('link', { name: t('overview.guests') }).click();
          await page.waitForURL(`**${paths.guestList(cardId)}`);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await page.getByTestId('guest-list-empty').waitFor();
          const unpaid = page.getByTestId('guest-list-unpaid');
          await unpaid.getByText(t('guestList.unpaid.body')).waitFor();

          // Three guests pasted; the second line's email is wrong: its line says so and nothing is added.
          await page
            .getByRole('button', { name: t('guestList.add.open') })
            .first()
            .click();
          const dialog = page.getByRole('dialog', { name: t('guestList.add.title') });
          await dialog.waitFor();
          await dialog.getByText(t('guestList.add.modes.paste'), { exact: true }).click();
          const pasted = dialog.getByRole('textbox', { name: t('guestList.add.pasteLabel') });
          const lines = [`${leila}, leila@example.com, 1`, `${omar}, omar@@example, 0`, `${sara}`];
          await pasted.fill(lines.join('\n'));
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          const issue = t('guestList.add.line', {
            line: 2,
            message: t('guestList.add.issues.invalid-email'),
          });
          await dialog.getByTestId('guest-import-issues').getByText(issue).waitFor();
          expect(await pasted.inputValue()).toBe(lines.join('\n'));
          expect(await pasted.getAttribute('aria-invalid')).toBe('true');
          expect(await page.getByTestId('guest').count()).toBe(0);

          lines[1] = `${omar}, omar@example.com, 0`;
          await pasted.fill(lines.join('\n'));
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => page.getByTestId('guest').count()).toBe(3);
          expect(await page.getByTestId('guest-limit').innerText()).toBe(
            t(`guestList.limit_${new Intl.PluralRules(language).select(20)}`, { guests: 3, count: 20 }),
          );

          // A CSV file as Excel saves it (UTF-8 with a BOM, a header row), sent as its bytes.
          await page
            .getByRole('button', { name: t('guestList.add.open') })
            .first()
            .click();
          await dialog.getByText(t('guestList.add.modes.file'), { exact: true }).click();
          await dialog.getByLabel(t('guestList.add.fileLabel')).setInputFiles({
            name: 'guests.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(`\uFEFFName,Email,Plus-ones\r\n${fromFile},nadia@example.com,2\r\n`, 'utf8'),
          });
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          await dialog.waitFor({ state: 'detached' });
          await rowOf(page, fromFile).waitFor();

          // One guest by hand: a name already invited is refused on the name field, another is added.
          await page
            .getByRole('button', { name: t('guestList.add.open') })
            .first()
            .click();
          await dialog.getByText(t('guestList.add.modes.one'), { exact: true }).click();
          const name = dialog.getByRole('textbox', { name: t('guestList.add.name') });
          await name.fill(sara);
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          await dialog
            .getByRole('alert')
            .filter({ hasText: t('guestList.add.alreadyInvited') })
            .waitFor();
          expect(await name.getAttribute('aria-invalid')).toBe('true');
          await name.fill(byHand);
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => page.getByTestId('guest').count()).toBe(5);

          // Paid as any card: the checkout's share dialog closes on My WINCS, whose card leads to its guests.
          await unpaid.getByRole('button', { name: t('guestList.unpaid.action') }).click();
          await page.waitForURL('**/checkout');
          await page.getByTestId('pay-with-credits').click();
          await page.getByTestId('confirm-payment').click();
          const share = page.getByRole('dialog', { name: t('share.title') });
          await share.waitFor();
          await share.getByRole('button', { name: t('common.close') }).click();
          await page.waitForURL('**/my-wincs');
          await page.getByTestId('my-winc').first().click();
          const details = page.getByRole('dialog', { name: t('myWincs.details.title') });
          await details.getByRole('link', { name: t('myWincs.details.guests') }).click();
          await page.waitForURL(`**${paths.guestList(cardId)}`);
          await rowOf(page, leila).waitFor();
          expect(await page.getByTestId('guest-list-unpaid').count()).toBe(0);

          // Leila's personal link, copied: absolute, her own.
          const link = await copyGuestLink(page, leila, {
            copy: t('guestList.actions.copy'),
            copied: t('guestList.actions.copied'),
          });
          expect(link).toMatch(new RegExp(`^${origin}/i/[\\w-]{22,}$`));
          const token = decodeURIComponent(link.split('/').pop()!);

          // Leila answers from her own browser, with no account; the host's list shows it without a reload.
          const guest = await browser.newContext({ viewport: PHONE, isMobile: true });
          try {
            const phone = await guest.newPage();
            await phone.goto(`${origin}/`);
            const answer = await callApi(phone, 'PUT', invitationsApi.answer(token), {
              status: 'yes',
              headcount: 2,
              plusOneNames: ['Sami'],
              answers: { meal },
              note: language === 'ar' ? 'مبروك!' : 'Congratulations!',
            });
            expect(answer.status).toBe(200);
          } finally {
            await guest.close();
          }
          const row = rowOf(page, leila);
          await row.getByText(t('guestList.states.yes'), { exact: true }).waitFor();
          expect(await row.innerText()).toContain('Sami');
          expect(await row.innerText()).toContain(meal);
          expect(await page.getByTestId('guest-totals-yes').innerText()).toContain('1');
          expect(await seriousViolations(page)).toEqual([]);

          // Omar told the host in person that he cannot come.
          await rowOf(page, omar)
            .getByRole('button', { name: t('guestList.actions.record') })
            .click();
          const record = page.getByRole('dialog', { name: t('guestList.record.title', { name: omar }) });
          await record.getByText(t('guestList.states.no'), { exact: true }).click();
          await record.getByRole('button', { name: t('guestList.record.save') }).click();
          await record.waitFor({ state: 'detached' });
          await rowOf(page, omar).getByText(t('guestList.answeredByYou')).waitFor();

          // The filters and the search narrow the list.
          const filters = page.getByRole('group', { name: t('guestList.filters.label') });
          await filters.locator('[data-filter="yes"]').click();
          await expect.poll(() => page.getByTestId('guest').count()).toBe(1);
          expect(await filters.locator('[data-filter="yes"]').getAttribute('aria-pressed')).toBe('true');
          await filters.locator('[data-filter="all"]').click();
          const search = page.getByRole('searchbox', { name: t('guestList.search.label') });
          await search.fill(sara.split(' ')[0]!);
          await expect.poll(() => page.getByTestId('guest').count()).toBe(1);
          await search.fill('');
          await expect.poll(() => page.getByTestId('guest').count()).toBe(5);

          // Sara removed, after the confirmation that says her link stops working.
          await rowOf(page, sara)
            .getByRole('button', { name: t('guestList.actions.remove') })
            .click();
          const remove = page.getByRole('dialog', { name: t('guestList.remove.title', { name: sara }) });
          await remove.getByText(t('guestList.remove.body')).waitFor();
          await remove.getByRole('button', { name: t('guestList.remove.confirm') }).click();
          await expect.poll(() => page.getByTestId('guest').count()).toBe(4);
          expect(await rowOf(page, sara).count()).toBe(0);

          // A message to those who have not answered: Nadia (an email, from the file) and Yusuf (none).
          await page.evaluate(() => window.scrollTo(0, 0));
          await shootWidths(page, `guest-list-actions-${language}`);
          await page.getByRole('button', { name: t('guestList.message.open') }).click();
          const message = page.getByRole('dialog', { name: t('guestList.message.title') });
          const audiences = message.getByRole('group', { name: t('guestList.message.audience') });
          // Each audience says how many guests with an address it reaches.
          const reaches = { all: 3, pending: 1, yes: 1, maybe: 0 };
          for (const [audience, count] of Object.entries(reaches)) {
            const option = audiences
              .locator('label')
              .filter({ hasText: t(`guestList.message.audiences.${audience}`) });
            expect(await option.innerText()).toContain(
              t(`guestList.message.reach_${new Intl.PluralRules(language).select(count)}`, { count }),
            );
          }
          await shootWidths(page, `message-empty-${language}`);
          // Nobody who said maybe has an address: the form says so and cannot send.
          await audiences.getByText(t('guestList.message.audiences.maybe'), { exact: true }).click();
          await message.getByTestId('message-guests-nobody').waitFor();
          const send = message.getByRole('button', { name: t('guestList.message.send') });
          expect(await send.isDisabled()).toBe(true);
          await audiences.getByText(t('guestList.message.audiences.pending'), { exact: true }).click();
          await send.click();
          const text = message.getByRole('textbox', { name: t('guestList.message.text') });
          await message.getByText(t('guestList.message.errors.required')).waitFor();
          expect(await text.getAttribute('aria-invalid')).toBe('true');
          await shootWidths(page, `message-error-${language}`);
          expect(await seriousViolations(page)).toEqual([]);
          const words =
            language === 'ar' ? 'يُرجى الرد قبل نهاية الشهر.' : 'Please answer by the end of the month.';
          await text.fill(words);
          const sentAt = Date.now() - 1000;
          await send.click();
          await message
            .getByRole('status')
            .getByText(t(`guestList.message.sent_${new Intl.PluralRules(language).select(1)}`, { count: 1 }))
            .waitFor();
          await shootWidths(page, `message-sent-${language}`);
          const mail = await waitForMail(server.baseUrl, 'nadia@example.com', 'host-message', sentAt);
          expect(mail.text).toContain(words);
          expect(mail.links.some((each) => each.includes('/i/'))).toBe(true);
          await message.getByRole('button', { name: t('guestList.message.done') }).click();
          await message.waitFor({ state: 'detached' });

          // She turns this invitation's mails off from the mail (one click): her row says so, without a reload.
          const nadiaToken = new URL(mail.links.find((each) => each.includes('/i/'))!).pathname.slice(
            '/i/'.length,
          );
          const unsubscribed = await fetch(`${server.baseUrl}${invitationsApi.unsubscribe(nadiaToken)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'List-Unsubscribe=One-Click',
          });
          expect(unsubscribed.status).toBe(200);
          await page.getByText(t('guestList.mailOptedOut')).waitFor();

          // The export is the server's CSV of this list.
          const csv = page.getByRole('link', { name: t('guestList.export') });
          expect(await csv.getAttribute('href')).toBe(invitationsApi.exportGuests(cardId));
        } finally {
          await host.close();
        }
      },
    );
  },
);
