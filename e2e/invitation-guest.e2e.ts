import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationsApi, repliesApi, voiceApi } from '../shared/api-paths.ts';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import type { GuestList } from '../shared/invitations/guests.contract.ts';
import type { InvitationInput } from '../shared/invitations/invitation.contract.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { shootWidths } from './support/screenshots.ts';
import { waitForReplySent } from './support/reply-sent.ts';
import { openAppPage } from './support/open-page.ts';

/**
 * A guest's side of an invitation (DESIGN §1.20) on a 390 px phone, in English and in Arabic, with no account:
 * a host's paid invitation with a guest list (made through the API); the guest opens their own link in a
 * fresh browser, hears the greeting that names them (the clip is fetched and answered, the captions say their
 * name), answers yes with one plus-one and a meal (a reply without an answer is refused on its field first),
 * sees their answer, changes it to no, and after a reload their answer is still there. On the invitation's
 * open group link another guest answers with their name, gets a link of their own to copy, and the same phone
 * coming back sees that answer rather than a blank form. The guest's thank-you from their link reaches the
 * host signed with their name.
 */

const PHONE = { width: 390, height: 844 };

const NAMES: Record<'en' | 'ar', { guest: string; plusOne: string; openGuest: string; everyone: string }> = {
  en: { guest: 'Leila', plusOne: 'Sam', openGuest: 'Omar', everyone: 'our friends' },
  ar: { guest: 'ليلى', plusOne: 'سامي', openGuest: 'عمر', everyone: 'أصدقاءنا' },
};

const MEALS: Record<'en' | 'ar', [string, string]> = {
  en: ['Fish', 'Vegetarian'],
  ar: ['سمك', 'نباتي'],
};

let server: AppServer;
let browser: Browser;
let templateId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  templateId = await firstTemplateId(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A paid invitation in `language` of a host on Premium, with these guests added by the host. */
async function paidInvitation(
  owner: CardOwner,
  language: 'en' | 'ar',
  guests: { name: string }[],
): Promise<{ card: Card; list: GuestList }> {
  const year = new Date().getFullYear() + 1;
  const invitation: InvitationInput = {
    title: language === 'ar' ? 'حفلة في الحديقة' : 'Garden party',
    startsAt: `${year}-06-05T16:00`,
    timeZone: 'Europe/London',
    place: 'Kew Gardens, London',
    rsvpBy: `${year}-06-01T12:00`,
    maxPlusOnes: 2,
    questions: [
      {
        id: 'meal',
        kind: 'choice',
        prompt: language === 'ar' ? 'وجبتك' : 'Your meal',
        choices: MEALS[language],
      },
    ],
    showGuestList: true,
  };
  const card = await owner.createCard(templateId, language, {
    recipientName: NAMES[language].everyone,
    invitation,
  });
  const added = await fetch(`${server.baseUrl}${invitationsApi.guests(card.id)}`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ guests }),
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const list = (await added.json()) as GuestList;
  await owner.unlock(card);
  return { card, list };
}

async function hostList(owner: CardOwner, card: Card): Promise<GuestList> {
  const response = await fetch(`${server.baseUrl}${invitationsApi.guests(card.id)}`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as GuestList;
}

/** A phone that has never been here, its pages in `language`. */
function freshPhone(language: Language): Promise<BrowserContext> {
  return contextIn(browser, language, {
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
  });
}

/** Opens the card on the page from its cover; answers the reply's section shown under it. */
async function openCard(page: Page) {
  await page.getByTestId('card-cover').tap();
  await page.getByTestId('card-open').waitFor();
  const reply = page.getByTestId('invitation-reply');
  await reply.waitFor();
  return reply;
}

/** The serious and critical WCAG 2.1 A/AA violations axe finds in the reply (the accessibility suite's bar). */
async function violationsIn(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('[data-testid="invitation-reply"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe.each(['en', 'ar'] as const)('a guest answers an invitation on a phone (%s)', (language) => {
  const t = localeText(language);
  const names = NAMES[language];
  const [, vegetarian] = MEALS[language];

  it(
    'their own link greets them by name, takes yes with a plus-one and a meal, then no, and keeps it',
    { timeout: 180_000 },
    async () => {
      const owner = await signedInOwner(server.baseUrl);
      await owner.buyPremium();
      const { card, list } = await paidInvitation(owner, language, [{ name: names.guest }]);
      const link = `${server.baseUrl}${list.guests[0]!.linkPath}`;

      const context = await freshPhone(language);
      try {
        const page = await context.newPage();
        const clips: { path: string; status: number }[] = [];
        page.on('response', (response) => {
          const path = new URL(response.url()).pathname;
          if (path.startsWith(voiceApi.clip.route.replace(':file', '')))
            clips.push({ path, status: response.status() });
        });
        await openAppPage(page, link);
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        await page
          .getByRole('heading', { level: 1, name: t('invitation.preview.title', { name: names.guest }) })
          .waitFor();
        expect(await page.title()).toContain(names.guest);

        // The voice greets this guest, not the card's recipient: its clip is answered, its captions name them.
        const reply = await openCard(page);
        const caption = page.getByTestId('card-voice-caption');
        await expect.poll(() => caption.innerText(), { timeout: 30_000 }).toContain(names.guest);
        expect(await caption.innerText()).not.toContain(names.everyone);
        await expect.poll(() => clips.some(({ status }) => status === 200 || status === 206)).toBe(true);
        // The guest's own clip, not the one the card's recipient would hear.
        expect(clips.map(({ path }) => path)).not.toContain(card.greetingAudioUrl);
        await page.getByTestId('invitation-event').waitFor();

        // Sent without an answer: the answer's group says so, is marked, and takes the focus.
        await reply.getByRole('button', { name: t('invitation.rsvp.send') }).click();
        const statusGroup = reply.getByRole('radiogroup', { name: t('invitation.rsvp.status.legend') });
        const statusError = reply
          .getByRole('alert')
          .filter({ hasText: t('invitation.rsvp.errors.status-required') });
        await statusError.waitFor();
        expect(await statusGroup.getAttribute('aria-invalid')).toBe('true');
        expect(await statusGroup.getAttribute('aria-describedby')).toBe(await statusError.getAttribute('id'));
        const yes = reply.getByRole('radio', { name: t('invitation.rsvp.status.yes') });
        expect(await yes.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await violationsIn(page)).toEqual([]);

        // Their mails, in the invitation's language until they choose: Russian, saved at once, answer or not.
        const mailLanguage = reply.getByLabel(t('invitation.rsvp.mailLanguage.label'));
        expect(await mailLanguage.inputValue()).toBe(language);
        await shootWidths(page, `reply-form-${language}`, reply);
        await mailLanguage.selectOption('ru');
        await reply
          .getByRole('status')
          .filter({ hasText: t('invitation.rsvp.mailLanguage.saved') })
          .waitFor();

        // Yes, with one plus-one (named) and a meal.
        await yes.check();
        expect(await statusError.count()).toBe(0);
        await reply.getByLabel(t('invitation.rsvp.headcount.label')).selectOption('2');
        await reply.getByLabel(t('invitation.rsvp.plusOnes.name', { number: 1 })).fill(names.plusOne);
        await reply.getByRole('radio', { name: vegetarian }).check();
        await reply.getByRole('button', { name: t('invitation.rsvp.send') }).click();
        const summary = reply.getByTestId('rsvp-summary');
        await summary.waitFor();
        expect(await summary.getAttribute('data-state')).toBe('yes');
        await reply
          .getByRole('status')
          .filter({ hasText: t('invitation.rsvp.sent') })
          .waitFor();
        const said = await summary.innerText();
        expect(said).toContain(t('invitation.rsvp.summary.yes'));
        expect(said).toContain(names.plusOne);
        expect(said).toContain(vegetarian);
        // Those coming, as the host shows them: this guest now.
        expect(await reply.getByTestId('rsvp-coming').innerText()).toContain(names.guest);
        expect(await violationsIn(page)).toEqual([]);

        // Changed to no: the form comes back with the answer as it stands.
        await reply.getByRole('button', { name: t('invitation.rsvp.change') }).click();
        expect(await reply.getByRole('radio', { name: t('invitation.rsvp.status.yes') }).isChecked()).toBe(
          true,
        );
        await reply.getByRole('radio', { name: t('invitation.rsvp.status.no') }).check();
        await reply.getByRole('button', { name: t('invitation.rsvp.update') }).click();
        await expect.poll(() => reply.getByTestId('rsvp-summary').getAttribute('data-state')).toBe('no');
        expect(await reply.getByTestId('rsvp-summary').innerText()).toContain(
          t('invitation.rsvp.summary.no'),
        );

        // The host sees it; a reload shows the answer as it stands.
        const [guest] = (await hostList(owner, card)).guests;
        expect([guest!.state, guest!.answeredBy]).toEqual(['no', 'guest']);
        expect(guest!.openedAt).not.toBeNull();
        await openAppPage(page, link);
        const again = await openCard(page);
        await expect.poll(() => again.getByTestId('rsvp-summary').getAttribute('data-state')).toBe('no');
        expect(await again.getByLabel(t('invitation.rsvp.mailLanguage.label')).inputValue()).toBe('ru');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          PHONE.width,
        );

        // A thank-you from their own link reaches the host, signed with the guest's name.
        const panel = page.getByTestId('reply-panel');
        await panel.waitFor({ timeout: 30_000 });
        await panel.getByText(t('replies.reply.privacy', { sender: card.senderName })).waitFor();
        const words = language === 'ar' ? 'لا أستطيع الحضور، لكن شكرًا!' : "Can't make it, but thank you!";
        await panel.getByTestId('reply-text').fill(words);
        await panel.getByTestId('reply-send-text').click();
        await waitForReplySent(page);
        const thanked = page.getByTestId('reply-sent');
        await shootWidths(page, `guest-reply-sent-${language}`, thanked);
        const replies = await fetch(`${server.baseUrl}${repliesApi.ofCard(card.id)}`, {
          headers: { cookie: owner.cookie },
        });
        expect(replies.status).toBe(200);
        expect(((await replies.json()) as { replies: unknown[] }).replies).toEqual([
          expect.objectContaining({ kind: 'text', text: words, name: names.guest }),
        ]);
      } finally {
        await context.close();
      }
    },
  );

  it(
    "the open group link takes an answer with the guest's name and gives them their own link",
    { timeout: 180_000 },
    async () => {
      const owner = await signedInOwner(server.baseUrl);
      await owner.buyPremium();
      const { card } = await paidInvitation(owner, language, [{ name: names.guest }]);
      const context = await freshPhone(language);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
      try {
        const page = await context.newPage();
        await openAppPage(page, `${server.baseUrl}/c/${card.id}`);
        const reply = await openCard(page);
        const name = reply.getByRole('textbox', { name: t('invitation.rsvp.name') });
        await name.fill(names.openGuest);
        await reply.getByRole('radio', { name: t('invitation.rsvp.status.maybe') }).check();
        await reply.getByRole('button', { name: t('invitation.rsvp.send') }).click();
        await expect.poll(() => reply.getByTestId('rsvp-summary').getAttribute('data-state')).toBe('maybe');

        // Their own link, to change the answer later, copied with a tap.
        const own = reply.getByRole('textbox', { name: t('invitation.rsvp.ownLink.label') });
        const ownLink = await own.inputValue();
        expect(ownLink).toMatch(new RegExp(`^${server.baseUrl}/i/[\\w-]{22}$`));
        await reply.getByRole('button', { name: t('invitation.rsvp.ownLink.copy') }).click();
        await reply.getByText(t('invitation.rsvp.ownLink.copied')).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ownLink);
        const added = (await hostList(owner, card)).guests.find((guest) => guest.name === names.openGuest);
        expect([added?.state, added?.addedBy, added?.linkPath]).toEqual([
          'maybe',
          'open-link',
          new URL(ownLink).pathname,
        ]);

        // The same phone on the group's link again: its answer, not a blank form.
        await openAppPage(page, `${server.baseUrl}/c/${card.id}`);
        const again = await openCard(page);
        await expect.poll(() => again.getByTestId('rsvp-summary').getAttribute('data-state')).toBe('maybe');
        expect(await again.getByRole('textbox', { name: t('invitation.rsvp.name') }).count()).toBe(0);
        expect(
          await again.getByRole('textbox', { name: t('invitation.rsvp.ownLink.label') }).inputValue(),
        ).toBe(ownLink);
      } finally {
        await context.close();
      }
    },
  );
});
