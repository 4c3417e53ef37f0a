import type { Page } from 'playwright-core';

/**
 * Waits for the reply panel's thank-you. A reply the server refused shows its error instead: the wait ends
 * there and fails with what the recipient read, not with a timeout that says nothing of why.
 */
export async function waitForReplySent(page: Page, timeout?: number): Promise<void> {
  const sent = page.getByTestId('reply-sent');
  const problem = page.getByTestId('reply-problem');
  await sent.or(problem).first().waitFor({ timeout });
  if (await problem.isVisible()) {
    throw new Error(`The reply was not sent: "${await problem.innerText()}"`);
  }
}
