import { cardSchema, type Card } from '../../shared/cards/cards.contract.ts';
import type { Locator, Page } from 'playwright-core';
import { cardsApi } from '../../shared/api-paths.ts';
import { openAppPage } from './open-page.ts';

/** The id of the first template on the home page of a running server. */
export async function firstTemplateId(origin: string): Promise<string> {
  const home = (await (await fetch(`${origin}/api/catalog/home`)).json()) as {
    sections: Array<{ templates: Array<{ id: string }> }>;
  };
  const id = home.sections.flatMap((section) => section.templates)[0]?.id;
  if (!id) throw new Error('The server lists no template');
  return id;
}

/**
 * A fresh guest with a card, as the browser has after 'Next': the card, and the cookie and origin a browser
 * would send with its uploads. `origin` is where requests go (the server, or a proxy in front of it).
 */
export async function guestWithCard(
  origin: string,
  templateId: string,
): Promise<{ card: Card; headers: Record<string, string> }> {
  const response = await fetch(`${origin}${cardsApi.create}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      templateId,
      senderName: 'Sam',
      recipientName: 'Alex',
      message: 'Happy birthday!',
      selectedVoice: 'male',
    }),
  });
  if (response.status !== 201) throw new Error(`card: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { card: cardSchema.parse(await response.json()), headers: { cookie, origin } };
}

/**
 * Opens the Create modal of the first template outside New Drops, as a visitor does from Home, once the app
 * has taken the server's page over: a click before that reaches no handler.
 */
export async function openCreateEditor(page: Page, origin: string, t: (key: string) => string) {
  await openAppPage(page, `${origin}/`);
  await page
    .locator('[data-testid="home-section"][data-section-kind="category"] [data-testid="template-card"]')
    .first()
    .click();
  await page.getByRole('button', { name: t('editor.createAction') }).click();
  const editor = page.getByRole('dialog', { name: t('editor.titleCreate') });
  await editor.waitFor();
  return editor;
}

/**
 * Records a voice message of about 1.6 s in the open `editor` (from the browser's microphone: Chromium's fake
 * one in tests) and keeps it, up to its file showing in the field.
 */
export async function recordVoiceMessage(page: Page, editor: Locator, t: (key: string) => string) {
  await editor.getByTestId('voice-record').click();
  await editor.getByTestId('voice-timer').waitFor();
  await page.waitForTimeout(1_600);
  await editor.getByRole('button', { name: t('cardMedia.voice.stop') }).click();
  await editor.getByRole('button', { name: t('cardMedia.voice.keep') }).click();
  await editor.getByText(/voice-message\.(webm|m4a|mp4|ogg)/).waitFor();
}

/**
 * From a guest card's overview: Share → the premium dialog's Sign Up → the sign-up form filled and sent, up to
 * the "verify your email" notice. Answers the new account's address (`label` names it).
 */
export async function signUpFromShare(
  page: Page,
  t: (key: string) => string,
  label: string,
): Promise<string> {
  await page.getByRole('button', { name: t('overview.share') }).click();
  await page
    .getByRole('dialog', { name: t('overview.premiumTitle') })
    .getByRole('button', { name: t('overview.signUp') })
    .click();
  await page.waitForURL('**/signup');
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  await page.getByLabel(t('auth.fields.name')).fill('Ana');
  await page.getByLabel(t('auth.fields.email')).fill(email);
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill('correct horse 42');
  await page.getByRole('button', { name: t('auth.signUp.submit'), exact: true }).click();
  await page.getByTestId('verify-email-notice').waitFor();
  return email;
}
