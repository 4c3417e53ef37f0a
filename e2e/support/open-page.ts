import type { Page, Response } from 'playwright-core';
import { TAKEN_OVER_ATTRIBUTE } from '../../shared/pages/page-data.contract.ts';

/**
 * Waits until the page's script has taken it over (its handlers are attached): a click before that reaches no
 * handler. Not for a quiet network: pages load their lower rows in idle moments, and on a busy machine the
 * network may not be quiet for long before a test's timeout.
 */
export async function waitForTakeOver(page: Page): Promise<void> {
  await page.locator(`html[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
}

/** Opens a page (the app's or a share link's) and waits until its script has taken it over. */
export async function openAppPage(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForTakeOver(page);
  return response;
}

/** Console errors and failed page scripts, which a hydration mismatch reports. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** The app's code, which a server-rendered page asks for once it has been painted. */
export const APP_CODE = /\/assets\/start-app-[^/]+\.js$/;

/** Holds the app's code back until the answer is called: the page stays the server's, not taken over. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const appCode = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CODE, async (route) => {
    await appCode;
    await route.continue();
  });
  return () => release();
}
