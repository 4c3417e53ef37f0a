import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationsApi, revealApi } from '../shared/api-paths.ts';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { GuestList } from '../shared/invitations/guests.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { localOf } from '../shared/time/zoned-time.ts';
import { metaOf } from '../server/testing/html-meta.ts';
import { startSmtpSink, type SmtpSink } from '../server/testing/smtp-sink.ts';
import { paths } from '../web/config/paths.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { verificationLinkIn } from './support/mailbox.ts';
import { openAppPage } from './support/open-page.ts';
import { shootWidths } from './support/screenshots.ts';
import { waitForReplySent } from './support/reply-sent.ts';

/**
 * A card that opens at a chosen moment (DESIGN §1.22), on a 390 px phone in English and Arabic: the sender
 * pays, chooses "Reveal on…" two minutes ahead in Riyadh's time (their browser is in New York) and types the
 * recipient's address; the link is sealed with both times and its preview says when; once the server's test
 * clock passes the moment the card opens and the recipient's mail arrives, once; the recipient opens the
 * mail's link and answers, and the sender's delivery log shows sent, opened and replied as they happen.
 */

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;
const ZONE = 'Asia/Riyadh';
const SENDER_ZONE = 'America/New_York';
const VIEWER_ZONE = 'Europe/Berlin';
const MINUTE = 60_000;
/** How long to keep looking for a second mail: more than two of the job runner's polls (5 s). */
const SECOND_MAIL_WATCH_MS = 12_000;
const SHOTS = process.env.WINC_SCREENSHOT_DIR;

let server: AppServer;
let sink: SmtpSink;
let browser: Browser;
let owner: CardOwner;
let templateId: string;
let clockDir: string;
let clockFile: string;
/** How far the server's clock runs ahead of the real one (what the test clock's file holds). */
let offsetMs = 0;

const serverNow = () => Date.now() + offsetMs;
function moveServerClock(byMs: number): void {
  offsetMs += byMs;
  writeFileSync(clockFile, String(offsetMs));
}

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  clockDir = mkdtempSync(path.join(tmpdir(), 'winc-clock-'));
  clockFile = path.join(clockDir, 'offset-ms');
  writeFileSync(clockFile, '0');
  sink = await startSmtpSink();
  [server, browser] = await Promise.all([
    startAppServer({ env: { SMTP_URL: sink.url, WINC_TEST_CLOCK_FILE: clockFile } }),
    launchBrowser(),
  ]);
  templateId = await firstTemplateId(server.baseUrl);
  owner = await signedInOwner(server.baseUrl, verificationLinkIn(sink));
  // Four cards to pay for: more than a new account's credits.
  await owner.buyPremium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

/** `YYYY-MM-DD` of the next last Sunday of March after `now`: the night Europe's clocks skip an hour. */
function nextSpringForward(now: number): string {
  for (let year = new Date(now).getUTCFullYear(); ; year++) {
    const day = new Date(Date.UTC(year, 2, 31));
    day.setUTCDate(31 - day.getUTCDay());
    if (day.getTime() > now) return day.toISOString().slice(0, 10);
  }
}

/** A moment as the page formats it, in the browser (its ICU), in a zone and a language. */
const formatIn = (page: Page, instant: number, zone: string, language: Language) =>
  page.evaluate(
    ([at, timeZone, lang]) =>
      new Intl.DateTimeFormat(lang, {
        timeZone,
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(at)),
    [instant, zone, language] as const,
  );

describe.each<Language>(['en', 'ar'])('a card revealed at a chosen moment (%s)', (language) => {
  const t = localeText(language);
  const address = `bo-${language}-${Date.now()}@example.com`;
  let card: Card;
  let sender: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    card = await owner.unlock(await owner.createCard(templateId, language));
    sender = await contextIn(browser, language, { ...PHONE, timezoneId: SENDER_ZONE });
    await owner.signIn(sender, server.baseUrl);
    page = await sender.newPage();
  });

  afterAll(async () => {
    await sender?.close();
  });

  it("shows an invitation's guest the sealed cover, greeting them by name, until the moment", async () => {
    const title = language === 'ar' ? 'حفلة في الحديقة' : 'Garden party';
    const card = await owner.createCard(templateId, language, {
      recipientName: 'Everyone',
      invitation: {
        title,
        startsAt: localOf(new Date(serverNow() + 30 * 24 * 60 * MINUTE), 'Europe/London'),
        timeZone: 'Europe/London',
      },
    });
    const headers = { cookie: owner.cookie, origin: server.baseUrl, 'content-type': 'application/json' };
    const added = await fetch(`${server.baseUrl}${invitationsApi.guests(card.id)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ guests: [{ name: 'Leila' }] }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const guestLink = ((await added.json()) as GuestList).guests[0]!.linkPath;
    await owner.unlock(card);
    const revealAt = Math.ceil((serverNow() + 10 * MINUTE) / MINUTE) * MINUTE;
    const set = await fetch(`${server.baseUrl}${revealApi(card.id)}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ reveal: { at: localOf(new Date(revealAt), ZONE), timeZone: ZONE } }),
    });
    expect(set.status, await set.clone().text()).toBe(200);

    const guest = await contextIn(browser, language, { ...PHONE, timezoneId: VIEWER_ZONE });
    try {
      const link = await guest.newPage();
      await openAppPage(link, `${server.baseUrl}${guestLink}`);
      await link.getByTestId('sealed-opens-on').waitFor();
      expect(await link.getByRole('heading', { level: 1 }).innerText()).toBe(
        t('reveal.sealed.heading', { name: 'Leila' }),
      );
      expect(await link.getByTestId('sealed-opens-on').innerText()).toBe(
        t('reveal.sealed.opensOn', { when: await formatIn(link, revealAt, ZONE, language), zone: ZONE }),
      );
      expect(await link.locator('body').innerText()).not.toContain(title);
      await shootWidths(link, `reveal-sealed-guest-${language}`);

      moveServerClock(revealAt - serverNow() + 5_000);
      await openAppPage(link, `${server.baseUrl}${guestLink}`);
      await link.getByTestId('card-cover').waitFor();
    } finally {
      await guest.close();
    }
  });

  it('seals the link until the moment, then opens it and mails it once', { timeout: 240_000 }, async () => {
    // Two minutes ahead of the server's clock, on a whole minute, as the sender types it in Riyadh's time.
    const revealAt = Math.ceil((serverNow() + 2 * MINUTE) / MINUTE) * MINUTE;
    const wallClock = localOf(new Date(revealAt), ZONE);

    await openAppPage(page, `${server.baseUrl}${paths.myWincs()}?card=${card.id}`);
    const details = page.getByTestId('card-details');
    await details.getByRole('button', { name: t('myWincs.details.share') }).click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.waitFor();

    await dialog.getByTestId('reveal-mode-later').check();
    const at = dialog.getByTestId('reveal-at');
    const zone = dialog.getByTestId('reveal-zone');
    const describedBy = async () =>
      Promise.all(
        ((await at.getAttribute('aria-describedby')) ?? '')
          .split(' ')
          .filter(Boolean)
          .map((id) => page.locator(`[id="${id}"]`).innerText()),
      );

    // 02:30 on the night Berlin's clocks skip to 03:00: saved at 03:30, and the field says why.
    await at.fill(`${nextSpringForward(serverNow())}T02:30`);
    await zone.fill('Europe/Berlin');
    await dialog.getByTestId('reveal-save').click();
    const adjusted = dialog.getByTestId('reveal-adjusted');
    await adjusted.waitFor();
    const moved = t('reveal.share.adjusted', { zone: 'Europe/Berlin', when: '03:30' });
    expect(await adjusted.innerText()).toBe(moved);
    expect(await at.inputValue()).toBe(`${nextSpringForward(serverNow())}T03:30`);
    expect(await describedBy()).toEqual([moved]);
    await shootWidths(page, `reveal-dialog-adjusted-${language}`, dialog.getByTestId('reveal-choice'));

    // More than a year ahead: the server's refusal, on the date and time field.
    const nextYear = new Date(serverNow() + 400 * 24 * 60 * MINUTE);
    await at.fill(localOf(nextYear, ZONE));
    await zone.fill(ZONE);
    await dialog.getByTestId('reveal-save').click();
    await expect.poll(() => at.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy()).toEqual([t('errors.reveal-too-far')]);
    await shootWidths(page, `reveal-dialog-refused-${language}`, dialog.getByTestId('reveal-choice'));

    await at.fill(wallClock);
    await dialog.getByTestId('reveal-save').click();
    const summary = dialog.getByTestId('reveal-summary');
    await expect.poll(() => dialog.getByTestId('reveal-form').count()).toBe(0);
    const inZone = await formatIn(page, revealAt, ZONE, language);
    const inSenders = await formatIn(page, revealAt, SENDER_ZONE, language);
    expect(await summary.innerText()).toContain(t('reveal.share.summary', { when: inZone, zone: ZONE }));
    expect(await dialog.getByTestId('reveal-summary-yours').innerText()).toBe(
      t('reveal.sealed.yourTime', { when: inSenders }),
    );

    // The address field says when the mail goes.
    expect(await dialog.getByTestId('email-delivery-note').innerText()).toBe(t('reveal.share.emailAtReveal'));
    await dialog.getByTestId('email-delivery-address').fill(address);
    await dialog
      .getByTestId('email-delivery')
      .getByRole('button', { name: t('delivery.field.send') })
      .click();
    await expect
      .poll(() => dialog.getByTestId('email-delivery-status').innerText())
      .toBe(t('delivery.field.scheduled', { address }));

    // Nothing of the dialog sticks out of the phone's screen.
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shootWidths(page, `reveal-dialog-${language}`);
    await shootWidths(page, `reveal-dialog-form-${language}`, dialog.getByTestId('reveal-choice'));

    // My WINCS says when it opens, on the tile and in the details.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await details.getByTestId('details-opens-on').innerText()).toContain(
      t('reveal.sealed.opensOn', { when: inZone, zone: ZONE }),
    );
    await shootWidths(page, `reveal-details-${language}`);
    // Loaded afresh, the page comes from the server, which does not know the sender's zone: the moment is
    // written in it once the app has taken the page over.
    await openAppPage(page, `${server.baseUrl}${paths.myWincs()}`);
    const tile = page.locator(`[data-testid="my-winc"][data-card-id="${card.id}"]`);
    await expect
      .poll(() => tile.getByTestId('my-winc-opens-on').innerText())
      .toBe(t('reveal.myWincs.opensOn', { when: inSenders }));
    await shootWidths(page, `reveal-my-wincs-${language}`);

    // The link, in a fresh browser elsewhere: sealed, in Riyadh's time and the viewer's.
    const recipient = await contextIn(browser, language, { ...PHONE, timezoneId: VIEWER_ZONE });
    try {
      const link = await recipient.newPage();
      await openAppPage(link, `${server.baseUrl}${paths.recipientCard(card.id)}`);
      const opensOn = link.getByTestId('sealed-opens-on');
      expect(await opensOn.innerText()).toBe(t('reveal.sealed.opensOn', { when: inZone, zone: ZONE }));
      expect(await link.getByTestId('sealed-your-time').innerText()).toBe(
        t('reveal.sealed.yourTime', { when: await formatIn(link, revealAt, VIEWER_ZONE, language) }),
      );
      expect(await link.getByTestId('card-cover').count()).toBe(0);
      await shootWidths(link, `reveal-sealed-link-${language}`);

      // Its preview says when, in the card's language and the reveal's zone.
      const html = await (await fetch(`${server.baseUrl}${paths.recipientCard(card.id)}`)).text();
      expect(metaOf(html, 'og:title')).toBe(
        t('reveal.preview.title', { name: card.recipientName, when: inZone }),
      );
      expect(metaOf(html, 'og:description')).toContain(ZONE);
      expect(html).not.toContain(card.message);
      expect(sink.mails.filter((mail) => mail.to.includes(address))).toHaveLength(0);

      // Past the moment on the server: the mail goes, once.
      moveServerClock(revealAt - serverNow() + 5_000);
      const mail = await sink.waitFor((received) => received.to.includes(address), 60_000);
      const mailedAt = Date.now();
      expect(mail.text).toContain(paths.recipientCard(card.id));

      // The sender watches the card's delivery log while the recipient opens the mail's link (the card
      // opens now) and answers: sent, then opened, then replied, without a reload.
      await openAppPage(page, `${server.baseUrl}${paths.myWincs()}?card=${card.id}`);
      const log = page.getByTestId('card-details').getByTestId('delivery-log');
      await log.getByTestId('delivery-event-sent').waitFor({ timeout: 20_000 });
      const mailLink = /https?:\/\/\S+\/c\/[\w-]+/.exec(mail.text)![0];
      await openAppPage(link, mailLink.replace(/^https?:\/\/[^/]+/, server.baseUrl));
      await link.getByTestId('card-cover').tap();
      expect(await link.getByTestId('sealed-opens-on').count()).toBe(0);
      await log.getByTestId('delivery-event-opened').waitFor({ timeout: 20_000 });
      const words = language === 'ar' ? 'وصلتني في وقتها، شكرًا!' : 'It came right on time, thank you!';
      await link.getByTestId('reply-text').fill(words);
      await link
        .getByTestId('reply-counter')
        .getByText(`${[...words].length} / 500`)
        .waitFor();
      await link.getByTestId('reply-send-text').click();
      await waitForReplySent(link);
      await log.getByTestId('delivery-event-replied').waitFor({ timeout: 20_000 });
      const kinds = await log
        .locator('[data-testid^="delivery-event-"]')
        .evaluateAll((events) => events.map((event) => event.getAttribute('data-testid')));
      expect(kinds.filter((kind) => kind !== 'delivery-event-scheduled')).toEqual([
        'delivery-event-sent',
        'delivery-event-opened',
        'delivery-event-replied',
      ]);
      await shootWidths(page, `reveal-delivery-log-${language}`, log);

      // Still one mail, a few of the job runner's polls after the first.
      const watched = Date.now() - mailedAt;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SECOND_MAIL_WATCH_MS - watched)));
      expect(sink.mails.filter((received) => received.to.includes(address))).toHaveLength(1);
    } finally {
      await recipient.close();
    }
  });
});
