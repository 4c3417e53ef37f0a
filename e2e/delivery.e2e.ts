import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLinks } from '../server/platform/mail/mail-templates.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/testing/smtp-sink.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { verificationLinkIn } from './support/mailbox.ts';
import { openAppPage } from './support/open-page.ts';
import { shootWidths } from './support/screenshots.ts';

/**
 * "Email it to them" on a 390 px phone, in English and Arabic, against a real SMTP server: a signed-in sender
 * with a paid card types the recipient's address in the share dialog; the server receives exactly one mail, in
 * the card's language, with the card's preview inline (a `cid:` image that is a real JPEG), a plain-text part
 * and the one-click unsubscribe headers. The card's details in My WINCS, open all along, show "sent", and
 * "opened" once the recipient follows the mail's link in a browser of their own. An address the server refuses
 * for good shows "bounced" with the server's words and the way out: copy the link instead.
 */

const PHONE = { width: 390, height: 844 };
const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce' } as const;
const SHOTS = process.env.WINC_SCREENSHOT_DIR;
/** The sink refuses these mailboxes with 550, as a server does a mailbox that does not exist. */
const REFUSED = /^nobody-/;

const MESSAGES: Record<'en' | 'ar', string> = {
  en: 'Happy birthday, Bo!',
  ar: 'عيد ميلاد سعيد يا بو!',
};

let server: AppServer;
let sink: SmtpSink;
let browser: Browser;
let templateId: string;

beforeAll(async () => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  sink = await startSmtpSink({ refuses: (address) => REFUSED.test(address) });
  [server, browser] = await Promise.all([startAppServer({ env: { SMTP_URL: sink.url } }), launchBrowser()]);
  templateId = await firstTemplateId(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

const mailsTo = (address: string) => sink.mails.filter((mail) => mail.to.includes(address));

/** The mail's HTML as a mail app shows it: its `cid:` image drawn from the mail's own image part. */
function htmlWithInlineImages(mail: ReceivedMail): string {
  return mail.html.replace(/cid:([^"'\s)]+)/g, (whole, cid: string) => {
    const image = mail.images.find((part) => part.contentId === cid);
    return image ? `data:${image.contentType};base64,${image.bytes.toString('base64')}` : whole;
  });
}

describe.each<'en' | 'ar'>(['en', 'ar'])('a card emailed to its recipient (%s)', (language) => {
  const t = localeText(language);
  let owner: CardOwner;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    owner = await signedInOwner(server.baseUrl, verificationLinkIn(sink));
    context = await contextIn(browser, language, PHONE_CONTEXT);
    await owner.signIn(context, server.baseUrl);
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  /** My WINCS with the card's details open; answers the details dialog. */
  async function openDetails() {
    await openAppPage(page, `${server.baseUrl}/my-wincs`);
    await page.getByTestId('my-winc').first().click();
    const details = page.getByRole('dialog', { name: t('myWincs.details.title') });
    await details.waitFor();
    return details;
  }

  /** The share dialog from the details, the address typed and sent; back on the details afterwards. */
  async function emailFromShareDialog(details: ReturnType<Page['getByRole']>, address: string) {
    await details.getByRole('button', { name: t('myWincs.details.share') }).click();
    const share = page.getByTestId('share-dialog');
    await share.waitFor();
    await share.getByLabel(t('delivery.field.label')).fill(address);
    await share.getByRole('button', { name: t('delivery.field.send') }).click();
    await share
      .getByTestId('email-delivery-status')
      .getByText(t('delivery.field.scheduled', { address }), { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
  }

  it(
    'mails the card once, in its language, and the log shows sent, then opened, live',
    { timeout: 180_000 },
    async () => {
      await owner.unlock(await owner.createCard(templateId, language, { message: MESSAGES[language] }));
      const address = `bo-${language}-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const details = await openDetails();
      await emailFromShareDialog(details, address);

      const mail = await sink.waitFor((received) => received.to.includes(address), 60_000);
      // In the card's language.
      expect(mail.subject).toBe(t('delivery.mail.subject', { sender: 'Ana' }));
      expect(mail.text).toContain(t('delivery.mail.intro', { sender: 'Ana' }));
      expect(mail.html).toContain(t('delivery.mail.button'));
      // The card's preview inline: the HTML names a `cid:` image the mail carries, and it is a real JPEG.
      const cid = /src="cid:([^"]+)"/.exec(mail.html)?.[1];
      expect(cid).toBeDefined();
      const image = mail.images.find((part) => part.contentId === cid);
      expect(image?.contentType).toBe('image/jpeg');
      expect(image?.disposition).toBe('inline');
      const decoded = await sharp(image!.bytes).metadata();
      expect(decoded.format).toBe('jpeg');
      expect(decoded.width).toBeGreaterThan(100);
      // One-click unsubscribe (RFC 8058), and a plain-text part with the card's link.
      expect(mail.headers.get('list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+>$/);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const link = extractLinks(mail.text).find((candidate) => candidate.includes('/c/'));
      expect(link).toBeDefined();

      // The log, open all along: sent.
      const log = details.getByTestId('delivery-log');
      await log.getByTestId('delivery-event-sent').waitFor();
      expect(await log.getByTestId('delivery-event-sent').innerText()).toContain(t('delivery.log.sent'));

      // The recipient follows the mail's link in a browser of their own and opens the card.
      const recipient = await contextIn(browser, language, PHONE_CONTEXT);
      try {
        const theirs = await recipient.newPage();
        await openAppPage(theirs, `${server.baseUrl}${new URL(link!).pathname}`);
        await theirs.getByTestId('card-cover').click();
        await theirs.getByTestId('card-open').waitFor();
      } finally {
        await recipient.close();
      }
      // Opened, without a reload.
      await log.getByTestId('delivery-event-opened').waitFor();
      expect(await log.getByTestId('delivery-event-opened').innerText()).toContain(t('delivery.log.opened'));
      expect(await log.getByTestId('delivery-copy-link').count()).toBe(0);
      await shootWidths(page, `delivery-log-sent-opened-${language}`, log);
      // The mail as a phone's mail app shows it: nothing wider than the screen (a long link wraps).
      const mailPage = await context.newPage();
      try {
        await mailPage.setContent(htmlWithInlineImages(mail), { waitUntil: 'load' });
        expect(await mailPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );
        await shootWidths(mailPage, `delivery-mail-${language}`);
      } finally {
        await mailPage.close();
      }
      // Exactly one mail reached the address.
      expect(mailsTo(address)).toHaveLength(1);
    },
  );

  it(
    'shows a refused address as bounced, with the reason and "copy the link instead"',
    { timeout: 120_000 },
    async () => {
      const address = `nobody-${language}-${crypto.randomBytes(4).toString('hex')}@example.com`;
      const details = await openDetails();
      await emailFromShareDialog(details, address);

      const log = details.getByTestId('delivery-log');
      const bounced = log.getByTestId('delivery-event-bounced');
      await bounced.waitFor();
      // The server's English words, isolated from the line's direction (in Arabic they keep their order).
      expect(await bounced.innerText()).toContain('\u2068550 5.1.1 No such user here\u2069');
      const copy = log.getByTestId('delivery-copy-link');
      expect(await copy.innerText()).toBe(t('delivery.log.copyInstead'));
      await shootWidths(page, `delivery-log-bounced-${language}`, log);
      expect(mailsTo(address)).toHaveLength(0);
    },
  );
});
