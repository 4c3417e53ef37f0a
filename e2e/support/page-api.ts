import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { verificationLink } from './mailbox.ts';

/** A JSON call from the page, with its cookies and Origin, as the app makes it (`headers` added). */
export function callApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
    { method, path, body, headers },
  );
}

/**
 * A new verified account, signed in in this page by its verification link (the page must already be on the
 * app, at the host the mail links name). Its address is `email`, or made from `label`; answers it. The link
 * is read from the server's local outbox, or by `linkOf` from where that server sends its mail.
 */
export async function signUpInPage(
  page: Page,
  serverBaseUrl: string,
  label: string,
  email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`,
  linkOf: (email: string) => Promise<string> = (address) => verificationLink(serverBaseUrl, address),
): Promise<string> {
  const signUp = await callApi(page, 'POST', '/api/auth/sign-up/email', {
    name: 'Ana',
    email,
    password: 'correct horse 42',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  await page.goto(await linkOf(email));
  // The header has a balance for each screen size; one of them shows.
  await page.locator('[data-testid="credit-balance"]:visible').first().waitFor();
  return email;
}
