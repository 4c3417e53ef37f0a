import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { waitForTakeOver } from './open-page.ts';

/** The serious and critical violations (axe-core, WCAG 2.1 A and AA) on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await waitForTakeOver(page);
  // Mid-fade text is translucent, and axe would judge its contrast against what shows through it.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // One cancelled meanwhile (a placeholder whose picture arrived) shows nothing any more.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself: the default opens a blank page per audit to merge the frames'
  // results (a second of each audit here), and the app's pages have no cross-origin frame to merge.
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only the violations are read: axe then skips gathering the details of every node that passed (0.2 to
    // 1 s less per audit of a full page here).
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
