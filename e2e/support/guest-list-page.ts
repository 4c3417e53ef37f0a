import type { Locator, Page } from 'playwright-core';

/** A guest's row in the host's guest list. */
export const rowOf = (page: Page, name: string): Locator =>
  page.getByTestId('guest').filter({ hasText: name });

/**
 * Copies a guest's personal link from their row as a host does (the button, then its notice) and answers
 * what the clipboard holds.
 */
export async function copyGuestLink(
  page: Page,
  name: string,
  labels: { copy: string; copied: string },
): Promise<string> {
  await rowOf(page, name).getByRole('button', { name: labels.copy }).click();
  await page.getByTestId('toast').filter({ hasText: labels.copied }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}
