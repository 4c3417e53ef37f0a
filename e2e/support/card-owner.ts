import crypto from 'node:crypto';
import assert from 'node:assert/strict';
import type { BrowserContext } from 'playwright-core';
import type { CardMediaKind } from '../../shared/cards/card-media.ts';
import { cardSchema, type Card, type CardInput } from '../../shared/cards/cards.contract.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { openVerificationLink, verificationLink } from './mailbox.ts';
import { cardMediaApi, cardsApi, paymentsApi } from '../../shared/api-paths.ts';
import { LANGUAGE_HEADER } from '../../shared/i18n/languages.ts';

/** Cookies a server answer sets, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** The password of every owner `signedInOwner` makes. */
export const OWNER_PASSWORD = 'correct horse 42';

export interface CardOwner {
  /** The address the owner signs in with (their password is `OWNER_PASSWORD`). */
  readonly email: string;
  /** The Cookie header of the owner's session, for benches that load the server as this sender. */
  readonly cookie: string;
  /** Signs a browser context in as the owner (their session's cookies for the server at `baseUrl`). */
  signIn(context: BrowserContext, baseUrl: string): Promise<void>;
  /** Buys the Premium pack through the built-in test-mode checkout: its cards open on 8 devices. */
  buyPremium(): Promise<void>;
  /** A complete card (Ana to Bo) in `language`; `input` changes any field. */
  createCard(templateId: string, language?: Language, input?: CardInput): Promise<Card>;
  putMedia(cardId: string, kind: CardMediaKind, body: Buffer): Promise<Card>;
  /** Pays for the card with credits: its link opens for anyone. */
  unlock(card: Card): Promise<Card>;
  /** Deletes the card, as My WINCS does: its link no longer opens it. */
  deleteCard(card: Card): Promise<void>;
}

/**
 * A verified, signed-in sender made through the API and the local mailbox, who makes and pays for cards by
 * the API: the recipient tests and benches start from a shared link, not from the editor. The verification
 * link is read from the server's local outbox, or by `linkOf` from where that server sends its mail.
 */
export async function signedInOwner(
  baseUrl: string,
  /** Where the verification link is read: the local mailbox, or an SMTP sink's (`verificationLinkIn`). */
  linkOf: (email: string) => Promise<string> = (email) => verificationLink(baseUrl, email),
  /** The sender's address; a fresh one by default (an address the server makes an admin, for the admin area). */
  email = `sender-${crypto.randomBytes(5).toString('hex')}@example.com`,
): Promise<CardOwner> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Ana', email, password: OWNER_PASSWORD }),
  });
  assert.equal(signUp.status, 200, await signUp.clone().text());
  // The link names the server's public origin; the path is what matters here.
  const link = new URL(await linkOf(email));
  const verify = await openVerificationLink(`${baseUrl}${link.pathname}${link.search}`, signUp);
  assert.ok([200, 302].includes(verify.status), `verification: ${verify.status}`);
  const cookie = cookiesOf(verify);
  assert.notEqual(cookie, '', 'verification set no cookie');
  const headers = { cookie, origin: baseUrl };

  return {
    email,
    cookie,

    async signIn(context, serverUrl) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: serverUrl };
        }),
      );
    },

    async buyPremium() {
      const checkout = await fetch(`${baseUrl}${paymentsApi.checkout}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ planId: 'premium', billingCycle: 'bulk' }),
      });
      assert.equal(checkout.status, 200, await checkout.clone().text());
      const orderId = decodeURIComponent(((await checkout.json()) as { url: string }).url.split('/').pop()!);
      const complete = await fetch(`${baseUrl}${paymentsApi.completeTestCheckout(orderId)}`, {
        method: 'POST',
        headers,
      });
      assert.equal(complete.status, 200, await complete.clone().text());
    },

    async createCard(templateId, language = 'en', input = {}) {
      const response = await fetch(`${baseUrl}${cardsApi.create}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', [LANGUAGE_HEADER]: language },
        body: JSON.stringify({
          templateId,
          senderName: 'Ana',
          recipientName: 'Bo',
          message: 'Happy birthday, Bo! Open the video 🎂',
          selectedVoice: 'female',
          textStyles: { fontFamily: 'Georgia', fontSize: 22, color: '#7c2a68' },
          language,
          ...input,
        }),
      });
      assert.equal(response.status, 201, await response.clone().text());
      return cardSchema.parse(await response.json());
    },

    async putMedia(cardId, kind, body) {
      const response = await fetch(`${baseUrl}${cardMediaApi.media(cardId, kind)}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(body),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return cardSchema.parse(await response.json());
    },

    async unlock(card) {
      const response = await fetch(`${baseUrl}${cardsApi.unlock(card.id)}`, { method: 'POST', headers });
      assert.equal(response.status, 200, await response.clone().text());
      const unlocked = cardSchema.parse((await response.json()).card);
      assert.ok(unlocked.isPaid, 'the unlocked card is not paid');
      return unlocked;
    },

    async deleteCard(card) {
      const response = await fetch(`${baseUrl}${cardsApi.card(card.id)}`, { method: 'DELETE', headers });
      assert.equal(response.status, 204, await response.clone().text());
    },
  };
}
