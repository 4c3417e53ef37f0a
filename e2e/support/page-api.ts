import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { verificationLink } from './mailbox.ts';

/** A JSON call from the page, with its cookies and Origin, as the app makes it. */
export function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    { method, path, body },
  );
}

/**
 * A new verified account, signed in in this page by its verification link (the page must already be on the
 * app, at the host the mail links name). Answers its email address.
 */
export async function signUpInPage(page: Page, serverBaseUrl: string, label: string): Promise<string> {
  const email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const signUp = await callApi(page, 'POST', '/api/auth/sign-up/email', {
    name: 'Ana',
    email,
    password: 'correct horse 42',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  await page.goto(await verificationLink(serverBaseUrl, email));
  await page.getByTestId('credit-balance').first().waitFor();
  return email;
}
