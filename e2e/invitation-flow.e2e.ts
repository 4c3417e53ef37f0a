import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationsApi, voiceApi } from '../shared/api-paths.ts';
import { guestInvitationSchema } from '../shared/invitations/guests.contract.ts';
import { paths } from '../web/config/paths.ts';
import { startSmtpSink, type SmtpSink } from '../server/testing/smtp-sink.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { localeText } from './support/locale-text.ts';
import { verificationLinkIn } from './support/mailbox.ts';
import { openAppPage } from './support/open-page.ts';
import { signUpInPage } from './support/page-api.ts';
import { copyGuestLink, rowOf } from './support/guest-list-page.ts';

/**
 * The whole invitation as one story on a 390 px phone, in English and in Arabic, nothing made behind the
 * user's back but the host's account: the host makes a wedding invitation in the editor (the event, one
 * plus-one per guest, a "Meal" question with two choices), pastes three guests into the list (one with an
 * email), pays with credits and copies that guest's link. The guest opens it in a browser of their own, hears
 * the greeting that names them, answers yes with a named plus-one and a meal, and downloads the .ics. The host's
 * list, open all along, shows the answer without a reload. The host moves the start; the guest's mailbox then
 * holds the update as a calendar REQUEST for the same event, SEQUENCE 1, with the guest as ATTENDEE.
 *
 * The server sends its mail to a local SMTP server, as a deployment does: the local outbox keeps no calendar
 * part, and a mail app's view of the update is what this story ends on.
 */

const PHONE = { width: 390, height: 844 };
/** The event starts this many days after tomorrow: no reminder falls due while the story runs. */
const DAYS_AFTER_TOMORROW = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Where the story's screenshots go, to be looked at (none unless `WINC_SCREENSHOT_DIR` names a folder). */
const SHOTS = process.env.WINC_SCREENSHOT_DIR;

const STORIES = {
  en: {
    title: 'Lina & Omar’s wedding',
    place: 'The Plaza Hotel, New York',
    zone: 'America/New_York',
    /** The host's phone is elsewhere: the zone is typed, not the device's. */
    hostZone: 'Europe/Berlin',
    guests: ['Leila Haddad', 'Omar Nasser', 'Sara Klein'],
    plusOne: 'Sami',
    meal: ['Meal', 'Fish', 'Lamb'],
  },
  ar: {
    title: 'زفاف لينا وعمر',
    place: 'فندق الفيصلية، الرياض',
    zone: 'Asia/Riyadh',
    hostZone: 'Africa/Cairo',
    guests: ['ليلى حداد', 'عمر ناصر', 'سارة كلاين'],
    plusOne: 'سامي',
    meal: ['الطبق', 'سمك', 'لحم'],
  },
} as const;

let server: AppServer;
let sink: SmtpSink;
let browser: Browser;

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([startAppServer({ env: { SMTP_URL: sink.url } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

/** `YYYY-MM-DD` of the day `days` after today in `zone`. */
function dayIn(zone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + days * DAY_MS));
}

/** The instant of a wall-clock time (`YYYY-MM-DDTHH:mm`) in `zone`. */
function instantOf(wallClock: string, zone: string): Date {
  const [year, month, day, hours, minutes] = wallClock.split(/[-T:]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, zone).getTime());
}

/** The one event of a calendar text, parsed back as a calendar app reads it. */
function eventOf(text: string): { method: string | null; event: ICAL.Event } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const method = calendar.getFirstPropertyValue('method');
  return {
    method: typeof method === 'string' ? method : null,
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}

/** A guest's row in the host's list, by name. */
describe.each(['en', 'ar'] as const)(
  'an invitation from the editor to the guest’s calendar (%s)',
  (language) => {
    const t = localeText(language);
    const story = STORIES[language];
    const [leila, ...others] = story.guests;
    const [mealPrompt, fish, lamb] = story.meal;
    const shot = async (page: Page, name: string) => {
      if (!SHOTS) return;
      // The picture shows where the page settles, not a fade half-way (the open card fades in).
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      await page.screenshot({ path: `${SHOTS}/${language}-${name}.png` });
    };

    it(
      'the host invites by paste and pays, the guest answers and takes it to a calendar, a new time is mailed',
      { timeout: 300_000 },
      async () => {
        // Mail links name http://localhost:PORT: the host's visit stays on that host (one cookie jar).
        const origin = server.baseUrl.replace('127.0.0.1', 'localhost');
        const day = dayIn(story.zone, 1 + DAYS_AFTER_TOMORROW);
        const startsAt = `${day}T18:30`;
        const movedTo = `${day}T20:00`;
        const leilaEmail = `leila-${crypto.randomBytes(4).toString('hex')}@example.com`;

        const host = await contextIn(browser, language, {
          viewport: PHONE,
          isMobile: true,
          hasTouch: true,
          reducedMotion: 'reduce',
          timezoneId: story.hostZone,
        });
        await host.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
        try {
          const page = await host.newPage();
          await openAppPage(page, `${origin}/`);
          await signUpInPage(page, server.baseUrl, `flow-${language}`, undefined, verificationLinkIn(sink));

          // 1. A Wedding template opens as an invitation; the host fills the event and how guests reply.
          await openAppPage(page, `${origin}${paths.category('Wedding')}`);
          await page.getByTestId('template-card').first().click();
          await page.getByRole('button', { name: t('editor.createAction') }).click();
          const editor = page.getByRole('dialog', { name: t('editor.titleCreate') });
          await editor.waitFor();
          expect(await editor.getByRole('radio', { name: t('invitation.kind.invitation') }).isChecked()).toBe(
            true,
          );
          const fields = editor.getByTestId('event-fields');
          await fields.getByRole('textbox', { name: t('invitation.editor.title') }).fill(story.title);
          await fields.getByLabel(t('invitation.editor.startsAt')).fill(startsAt);
          await fields.getByRole('combobox', { name: t('invitation.editor.timeZone') }).fill(story.zone);
          await fields.getByRole('textbox', { name: t('invitation.editor.place') }).fill(story.place);

          const replies = editor.getByTestId('reply-settings');
          await replies.getByLabel(t('invitation.editor.replies.maxPlusOnes')).selectOption('1');
          await replies.getByRole('button', { name: t('invitation.editor.replies.addQuestion') }).click();
          const question = replies.getByTestId('reply-question');
          await question
            .getByRole('textbox', { name: t('invitation.editor.replies.prompt') })
            .fill(mealPrompt);
          await question
            .locator('label')
            .filter({ hasText: t('invitation.editor.replies.kinds.choice') })
            .click();
          const choice = (number: number) =>
            question.getByRole('textbox', { name: t('invitation.editor.replies.choice', { number }) });
          await choice(1).fill(fish);
          await choice(2).fill(lamb);

          // A new card is signed with the account's name; the host signs it as Lina.
          const sender = editor.getByRole('textbox', { name: t('editor.senderName'), exact: true });
          expect(await sender.inputValue()).toBe('Ana');
          await sender.fill('Lina');
          await editor
            .getByRole('textbox', { name: t('editor.recipientName'), exact: true })
            .fill(language === 'ar' ? 'ضيوفنا' : 'Our guests');
          await editor
            .getByRole('textbox', { name: t('editor.message'), exact: true })
            .fill(language === 'ar' ? 'يسعدنا حضورك' : 'We would love you to be there');
          await editor.getByRole('button', { name: t('editor.voices.female'), exact: true }).click();
          await fields
            .getByLabel(t('invitation.editor.startsAt'))
            .evaluate((input) => input.scrollIntoView({ block: 'center' }));
          await shot(page, '01-editor-event');
          await replies.scrollIntoViewIfNeeded();
          await shot(page, '02-editor-replies');
          await editor.getByRole('button', { name: t('editor.next') }).click();
          await page.waitForURL(/\/overview\/[\w-]+$/);
          const cardId = page.url().split('/').pop()!;

          // Three guests pasted, one with an email, on the list the overview leads to.
          await page.getByRole('link', { name: t('overview.guests') }).click();
          await page.waitForURL(`**${paths.guestList(cardId)}`);
          await page.getByTestId('guest-list-empty').waitFor();
          await page
            .getByRole('button', { name: t('guestList.add.open') })
            .first()
            .click();
          const dialog = page.getByRole('dialog', { name: t('guestList.add.title') });
          await dialog.getByText(t('guestList.add.modes.paste'), { exact: true }).click();
          await dialog
            .getByRole('textbox', { name: t('guestList.add.pasteLabel') })
            .fill([`${leila}, ${leilaEmail}`, ...others].join('\n'));
          await dialog.getByRole('button', { name: t('guestList.add.submit') }).click();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => page.getByTestId('guest').count()).toBe(3);

          // Paid with credits; the share dialog closes on My WINCS, whose card leads back to its guests.
          await page
            .getByTestId('guest-list-unpaid')
            .getByRole('button', { name: t('guestList.unpaid.action') })
            .click();
          await page.waitForURL('**/checkout');
          await page.getByTestId('pay-with-credits').click();
          await page.getByTestId('confirm-payment').click();
          const share = page.getByRole('dialog', { name: t('share.title') });
          await share.waitFor();
          await share.getByRole('button', { name: t('common.close') }).click();
          await page.waitForURL('**/my-wincs');
          await page.getByTestId('my-winc').first().click();
          await page
            .getByRole('dialog', { name: t('myWincs.details.title') })
            .getByRole('link', { name: t('myWincs.details.guests') })
            .click();
          await page.waitForURL(`**${paths.guestList(cardId)}`);
          await rowOf(page, leila).waitFor();
          expect(await page.getByTestId('guest-list-unpaid').count()).toBe(0);

          // Leila's own link, copied as the host would to send it.
          const link = await copyGuestLink(page, leila, {
            copy: t('guestList.actions.copy'),
            copied: t('guestList.actions.copied'),
          });
          expect(link).toMatch(new RegExp(`^${origin}/i/[\\w-]{22,}$`));
          await shot(page, '03-guest-list');

          // 2. Leila, on a phone that has never been here.
          const guest = await contextIn(browser, language, {
            viewport: PHONE,
            isMobile: true,
            hasTouch: true,
            reducedMotion: 'reduce',
            acceptDownloads: true,
          });
          let uid = '';
          try {
            const phone = await guest.newPage();
            // Her page names her greeting's clip (the invitation as her link reads it); the clip is then played.
            const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
            const ownInvitation = phone.waitForResponse(
              (response) => new URL(response.url()).pathname === invitationsApi.invitation(token),
            );
            const clips: { path: string; status: number }[] = [];
            phone.on('response', (response) => {
              const path = new URL(response.url()).pathname;
              if (path.startsWith(voiceApi.clip.route.replace(':file', '')))
                clips.push({ path, status: response.status() });
            });
            await openAppPage(phone, link);
            await phone
              .getByRole('heading', { level: 1, name: t('invitation.preview.title', { name: leila }) })
              .waitFor();
            const ownClip = guestInvitationSchema.parse(await (await ownInvitation).json()).card
              .greetingAudioUrl;
            expect(ownClip).toMatch(/\.mp3$/);

            // The greeting names her: her clip is answered and the captions say her name.
            await phone.getByTestId('card-cover').tap();
            await phone.getByTestId('card-open').waitFor();
            const caption = phone.getByTestId('card-voice-caption');
            await expect.poll(() => caption.innerText(), { timeout: 30_000 }).toContain(leila);
            await expect
              .poll(() => clips.some(({ path, status }) => path === ownClip && [200, 206].includes(status)))
              .toBe(true);
            await shot(phone, '04-guest-greeting');

            // Yes, with one named plus-one and a meal.
            const reply = phone.getByTestId('invitation-reply');
            await reply.getByRole('radio', { name: t('invitation.rsvp.status.yes') }).check();
            await reply.getByLabel(t('invitation.rsvp.headcount.label')).selectOption('2');
            await reply.getByLabel(t('invitation.rsvp.plusOnes.name', { number: 1 })).fill(story.plusOne);
            await reply.getByRole('radio', { name: fish }).check();
            await reply.getByRole('button', { name: t('invitation.rsvp.send') }).click();
            const summary = reply.getByTestId('rsvp-summary');
            await expect.poll(() => summary.getAttribute('data-state')).toBe('yes');
            expect(await summary.innerText()).toContain(story.plusOne);
            await shot(phone, '05-guest-answered');

            // The .ics, downloaded and read back as a calendar app reads it.
            const block = phone.getByTestId('invitation-event');
            const [download] = await Promise.all([
              phone.waitForEvent('download'),
              block.getByTestId('invitation-ics').click(),
            ]);
            const { event } = eventOf(await readFile(await download.path(), 'utf8'));
            expect(event.summary).toBe(story.title);
            expect(event.sequence).toBe(0);
            expect(event.startDate.toJSDate().toISOString()).toBe(
              instantOf(startsAt, story.zone).toISOString(),
            );
            uid = event.uid;
            expect(uid).not.toBe('');
          } finally {
            await guest.close();
          }

          // 3. The host's list, open all along, shows her answer.
          const row = rowOf(page, leila);
          await row.getByText(t('guestList.states.yes'), { exact: true }).waitFor();
          expect(await row.innerText()).toContain(story.plusOne);
          expect(await row.innerText()).toContain(fish);
          await shot(page, '06-host-list-answered');

          // 4. The host moves the start from My WINCS' Edit.
          await page.getByRole('link', { name: t('guestList.back') }).click();
          await page.waitForURL('**/my-wincs');
          await page.getByTestId('my-winc').first().click();
          await page
            .getByRole('dialog', { name: t('myWincs.details.title') })
            .getByRole('button', { name: t('myWincs.details.edit') })
            .click();
          const edit = page.getByRole('dialog', { name: t('editor.titleEdit') });
          const start = edit.getByTestId('event-fields').getByLabel(t('invitation.editor.startsAt'));
          expect(await start.inputValue()).toBe(startsAt);
          await start.fill(movedTo);
          await shot(page, '07-editor-moved');
          await edit.getByRole('button', { name: t('myWincs.edit.save') }).click();
          await edit.waitFor({ state: 'detached' });

          // Her mailbox holds the update: the same event, SEQUENCE 1, the new start, her as ATTENDEE.
          const update = await sink.waitFor(
            (mail) =>
              mail.to.includes(leilaEmail) && mail.calendars.some(({ method }) => method === 'REQUEST'),
            60_000,
          );
          const part = update.calendars.find(({ method }) => method === 'REQUEST')!;
          const { method, event } = eventOf(part.content);
          expect(method).toBe('REQUEST');
          expect(event.uid).toBe(uid);
          expect(event.sequence).toBe(1);
          expect(event.startDate.toJSDate().toISOString()).toBe(instantOf(movedTo, story.zone).toISOString());
          expect(event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase())).toEqual([
            `mailto:${leilaEmail}`,
          ]);
        } finally {
          await host.close();
        }
      },
    );
  },
);
