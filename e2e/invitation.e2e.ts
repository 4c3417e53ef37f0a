import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLinkOf } from '../shared/invitations/invitation-rules.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { paths } from '../web/config/paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { localeText } from './support/locale-text.ts';
import { openAppPage } from './support/open-page.ts';
import { signUpFromShare } from './support/guest-card.ts';
import { verificationLink } from './support/mailbox.ts';
import { signUpInPage } from './support/page-api.ts';

/**
 * An invitation from the host's phone to a guest's calendar, in English and in Arabic: a host opens a Wedding
 * template, which starts as an invitation titled after it; fills the event (an end before the start is refused
 * on the end field first); saves; sees it labelled on the overview; Edit brings the event back; pays with
 * credits. In Arabic the host is signed in from the start; in English they make it as a guest and sign up from
 * Share, so the event crosses the sign-in wall with the card. On the way the host sets how guests reply (a
 * deadline, plus-ones, a meal question, a capacity), which the form shows again when reopened. The link,
 * opened on a phone elsewhere in the world with no account, shows the event under the opened card on the
 * event's day in its zone and the guest's own time, the place's map link, the notes as written, calendar
 * links carrying the page's link, and a .ics with the event.
 */

const PHONE = { width: 390, height: 844 };
/** The event's zone, and a guest's clock that reads the next day at its start. */
const EVENT_ZONE = 'Asia/Riyadh';
const GUEST_ZONE = 'Pacific/Auckland';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const EVENTS: Record<
  'en' | 'ar',
  { title: string; place: string; notes: string; meal: [prompt: string, string, string] }
> = {
  en: {
    title: 'Lina & Omar’s wedding',
    place: 'Al Faisaliah Hotel, Riyadh',
    notes: 'Dress code: formal\nParking behind the hall',
    meal: ['Meal', 'Fish', 'Lamb'],
  },
  ar: {
    title: 'زفاف لينا وعمر',
    place: 'فندق الفيصلية، الرياض',
    notes: 'اللباس رسمي\nالمواقف خلف القاعة',
    meal: ['الطبق', 'سمك', 'لحم'],
  },
};

/** An instant in a zone as this browser's `Intl` writes it in the language (the day: `June 20`, `20 يونيو`). */
function inZone(
  page: Page,
  language: Language,
  instant: string,
  zone: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' },
): Promise<string> {
  return page.evaluate(
    ({ language, instant, zone, options }) =>
      new Intl.DateTimeFormat(language, { ...options, timeZone: zone }).format(new Date(instant)),
    { language, instant, zone, options },
  );
}

describe.each([
  { language: 'en', signsUp: 'from share' },
  { language: 'ar', signsUp: 'first' },
] as const)('an invitation on a phone ($language, signing up $signsUp)', ({ language, signsUp }) => {
  const t = localeText(language);
  const event = EVENTS[language];

  it(
    'a host makes a wedding invitation, pays, and a guest elsewhere sees the event and takes it to a calendar',
    { timeout: 240_000 },
    async () => {
      // Mail links name http://localhost:PORT: the host's visit stays on that host (one cookie jar).
      const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
      const host = await contextIn(browser, language, {
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
        timezoneId: EVENT_ZONE,
      });
      const year = new Date().getFullYear() + 1;
      const startsAt = `${year}-06-20T18:30`;
      // 18:30 in Riyadh (UTC+3 all year).
      const startUtc = new Date(Date.UTC(year, 5, 20, 15, 30)).toISOString();
      let link = '';
      try {
        const page = await host.newPage();
        if (signsUp === 'first') {
          await openAppPage(page, `${origin}/`);
          await signUpInPage(page, server.baseUrl, `host-${language}`);
        }

        await openAppPage(page, `${origin}${paths.category('Wedding')}`);
        await page.getByTestId('template-card').first().click();
        await page.getByRole('button', { name: t('editor.createAction') }).click();
        const editor = page.getByRole('dialog', { name: t('editor.titleCreate') });
        await editor.waitFor();

        // A wedding starts as an invitation, titled after its template, in this phone's zone.
        const invitationKind = editor.getByRole('radio', { name: t('invitation.kind.invitation') });
        expect(await invitationKind.isChecked()).toBe(true);
        const fields = editor.getByTestId('event-fields');
        const title = fields.getByRole('textbox', { name: t('invitation.editor.title') });
        expect(await title.inputValue()).not.toBe('');
        const zone = fields.getByRole('combobox', { name: t('invitation.editor.timeZone') });
        expect(await zone.inputValue()).toBe(EVENT_ZONE);

        await title.fill(event.title);
        await fields.getByLabel(t('invitation.editor.startsAt')).fill(startsAt);
        const end = fields.getByLabel(t('invitation.editor.endsAt'));
        await end.fill(`${year}-06-20T17:00`);
        await fields.getByRole('textbox', { name: t('invitation.editor.place') }).fill(event.place);
        expect(await fields.getByTestId('event-map-link').getAttribute('href')).toBe(mapLinkOf(event.place));
        await fields.getByRole('textbox', { name: t('invitation.editor.notes') }).fill(event.notes);
        await editor.getByRole('textbox', { name: t('editor.senderName'), exact: true }).fill('Lina');
        await editor.getByRole('textbox', { name: t('editor.recipientName'), exact: true }).fill('Sara');
        await editor
          .getByRole('textbox', { name: t('editor.message'), exact: true })
          .fill(language === 'ar' ? 'يسعدنا حضورك' : 'We would love you to be there');
        await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();

        // An end before the start: the end field says so, is marked and takes the focus; nothing is saved.
        const next = editor.getByRole('button', { name: t('editor.next') });
        await next.click();
        const endError = editor
          .getByRole('alert')
          .filter({ hasText: t('invitation.errors.ends-before-start') });
        await endError.waitFor();
        expect(await end.getAttribute('aria-invalid')).toBe('true');
        expect(await end.getAttribute('aria-describedby')).toBe(await endError.getAttribute('id'));
        expect(await end.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(new URL(page.url()).pathname).toBe(paths.category('Wedding'));

        await end.fill(`${year}-06-20T23:00`);
        expect(await endError.count()).toBe(0);
        await next.click();
        await page.waitForURL(/\/overview\/[\w-]+$/);
        const cardId = page.url().split('/').pop()!;
        await page.getByTestId('invitation-label').waitFor();

        // Edit brings the saved event back into the same form.
        await page.getByRole('button', { name: t('overview.edit') }).click();
        const edit = page.getByRole('dialog', { name: t('editor.titleEdit') });
        await edit.waitFor();
        expect(await edit.getByRole('radio', { name: t('invitation.kind.invitation') }).isChecked()).toBe(
          true,
        );
        expect(await edit.getByLabel(t('invitation.editor.startsAt')).inputValue()).toBe(startsAt);
        expect(await edit.getByRole('textbox', { name: t('invitation.editor.title') }).inputValue()).toBe(
          event.title,
        );

        // How guests reply: a deadline, one plus-one each, a meal to choose, room for 80.
        const replies = edit.getByTestId('reply-settings');
        const rsvpBy = `${year}-06-18T12:00`;
        await replies.getByLabel(t('invitation.editor.replies.rsvpBy')).fill(rsvpBy);
        await replies.getByLabel(t('invitation.editor.replies.maxPlusOnes')).selectOption('1');
        await replies.getByRole('button', { name: t('invitation.editor.replies.addQuestion') }).click();
        const question = replies.getByTestId('reply-question');
        const choice = (number: number) =>
          question.getByRole('textbox', { name: t('invitation.editor.replies.choice', { number }) });
        await question
          .getByRole('textbox', { name: t('invitation.editor.replies.prompt') })
          .fill(event.meal[0]);
        await question
          .locator('label')
          .filter({ hasText: t('invitation.editor.replies.kinds.choice') })
          .click();
        await choice(1).fill(event.meal[1]);
        await choice(2).fill(event.meal[2]);
        await replies.getByRole('spinbutton', { name: t('invitation.editor.replies.capacity') }).fill('80');
        await edit.getByRole('button', { name: t('editor.next') }).click();
        await page.waitForURL(`**/overview/${cardId}`);

        // Saved with the card: the form reopens with them.
        await page.getByRole('button', { name: t('overview.edit') }).click();
        await edit.waitFor();
        expect(await replies.getByLabel(t('invitation.editor.replies.rsvpBy')).inputValue()).toBe(rsvpBy);
        expect(await replies.getByLabel(t('invitation.editor.replies.maxPlusOnes')).inputValue()).toBe('1');
        expect(
          await question.getByRole('textbox', { name: t('invitation.editor.replies.prompt') }).inputValue(),
        ).toBe(event.meal[0]);
        expect([await choice(1).inputValue(), await choice(2).inputValue()]).toEqual(event.meal.slice(1));
        expect(
          await replies
            .getByRole('spinbutton', { name: t('invitation.editor.replies.capacity') })
            .inputValue(),
        ).toBe('80');
        await edit.getByRole('button', { name: t('editor.next') }).click();
        await page.waitForURL(`**/overview/${cardId}`);

        // Paid with credits, as any card: a guest signs up on the way, and the card (its event with it) is theirs.
        if (signsUp === 'from share') {
          const email = await signUpFromShare(page, t, `host-${language}`);
          await page.goto(await verificationLink(server.baseUrl, email));
        } else {
          await page.getByRole('button', { name: t('overview.share') }).click();
        }
        await page.waitForURL('**/checkout');
        await page.getByTestId('pay-with-credits').click();
        await page.getByTestId('confirm-payment').click();
        const share = page.getByRole('dialog', { name: t('share.title') });
        await share.waitFor();
        link = await share.getByTestId('share-link').inputValue();
        expect(link).toBe(`${origin}/c/${cardId}`);
      } finally {
        await host.close();
      }

      // A guest on the other side of the world, no account, no cookie.
      const guest = await browser.newContext({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
        timezoneId: GUEST_ZONE,
        acceptDownloads: true,
      });
      try {
        const phone = await guest.newPage();
        await openAppPage(phone, link);
        await phone.getByText(t('invitation.event.eyebrow'), { exact: true }).waitFor();
        // The event shows once the card has been opened.
        expect(await phone.getByTestId('invitation-event').count()).toBe(0);
        await phone.getByTestId('card-cover').click();
        const block = phone.getByTestId('invitation-event');
        await block.waitFor();
        await block.getByRole('heading', { name: event.title }).waitFor();

        // On the event's day in its zone (in Auckland it is already the next day), with the guest's time too.
        const when = await block.getByTestId('invitation-when').innerText();
        expect(when).toContain(await inZone(phone, language, startUtc, EVENT_ZONE));
        expect(when).not.toContain(await inZone(phone, language, startUtc, GUEST_ZONE));
        expect(await block.getByTestId('invitation-your-time').innerText()).toContain(
          await inZone(phone, language, startUtc, GUEST_ZONE, { day: 'numeric' }),
        );

        const map = block.getByTestId('invitation-map-link');
        expect(await map.getAttribute('href')).toBe(mapLinkOf(event.place));
        expect(await map.getAttribute('target')).toBe('_blank');
        expect(await map.getAttribute('rel')).toContain('noopener');
        expect(await block.getByTestId('invitation-notes').innerText()).toBe(event.notes);

        // Google and Outlook get the event with this page's link.
        const google = new URL((await block.getByTestId('invitation-google').getAttribute('href'))!);
        expect(google.searchParams.get('text')).toBe(event.title);
        expect(google.searchParams.get('details')).toBe(link);
        const outlook = new URL((await block.getByTestId('invitation-outlook').getAttribute('href'))!);
        expect(outlook.searchParams.get('startdt')).toBe(startUtc);
        expect(outlook.searchParams.get('body')).toBe(link);

        // The calendar file, downloaded as a guest would.
        const [download] = await Promise.all([
          phone.waitForEvent('download'),
          block.getByTestId('invitation-ics').click(),
        ]);
        const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n[ \t]/g, '');
        expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
        expect(ics).toContain(`SUMMARY:${event.title}`);
      } finally {
        await guest.close();
      }
    },
  );
});
