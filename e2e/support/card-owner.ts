import crypto from 'node:crypto';
import { expect } from 'vitest';
import { LANGUAGE_HEADER } from '../../shared/accounts/accounts.contract.ts';
import { cardMediaApi, type CardMediaKind } from '../../shared/cards/card-media.ts';
import { cardSchema, cardsApi, type Card, type CardInput } from '../../shared/cards/cards.contract.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { paymentsApi } from '../../shared/payments/plans.ts';
import { verificationLink } from './mailbox.ts';

/** Cookies a server answer sets, as a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

export interface CardOwner {
  /** Buys the Premium pack through the built-in test-mode checkout: its cards open on 8 devices. */
  buyPremium(): Promise<void>;
  /** A complete card (Ana to Bo) in `language`; `input` changes any field. */
  createCard(templateId: string, language?: Language, input?: CardInput): Promise<Card>;
  putMedia(cardId: string, kind: CardMediaKind, body: Buffer): Promise<Card>;
  /** Pays for the card with credits: its link opens for anyone. */
  unlock(card: Card): Promise<Card>;
}

/**
 * A verified, signed-in sender made through the API and the local mailbox, who makes and pays for cards by
 * the API: the recipient tests start from a shared link, not from the editor.
 */
export async function signedInOwner(baseUrl: string): Promise<CardOwner> {
  const email = `sender-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Ana', email, password: 'correct horse 42' }),
  });
  expect(signUp.status).toBe(200);
  // The link names the server's public origin; the path is what matters here.
  const link = new URL(await verificationLink(baseUrl, email));
  const verify = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect([200, 302]).toContain(verify.status);
  const cookie = cookiesOf(verify);
  expect(cookie).not.toBe('');
  const headers = { cookie, origin: baseUrl };

  return {
    async buyPremium() {
      const checkout = await fetch(`${baseUrl}${paymentsApi.checkout}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ planId: 'premium', billingCycle: 'bulk' }),
      });
      expect(checkout.status, await checkout.clone().text()).toBe(200);
      const orderId = decodeURIComponent(((await checkout.json()) as { url: string }).url.split('/').pop()!);
      const complete = await fetch(`${baseUrl}${paymentsApi.completeTestCheckout(orderId)}`, {
        method: 'POST',
        headers,
      });
      expect(complete.status, await complete.clone().text()).toBe(200);
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
      expect(response.status, await response.clone().text()).toBe(201);
      return cardSchema.parse(await response.json());
    },

    async putMedia(cardId, kind, body) {
      const response = await fetch(`${baseUrl}${cardMediaApi.media(cardId, kind)}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(body),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return cardSchema.parse(await response.json());
    },

    async unlock(card) {
      const response = await fetch(`${baseUrl}${cardsApi.unlock(card.id)}`, { method: 'POST', headers });
      expect(response.status, await response.clone().text()).toBe(200);
      const unlocked = cardSchema.parse((await response.json()).card);
      expect(unlocked.isPaid).toBe(true);
      return unlocked;
    },
  };
}
