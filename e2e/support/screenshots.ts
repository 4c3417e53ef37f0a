import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

const WIDTHS = [390, 1280] as const;

/**
 * Screenshots to look at, when `WINC_SCREENSHOT_DIR` names a folder (nothing otherwise): `target` (the page's
 * view, or one element whole) at a phone's width and a desktop's, as `{name}-390.png` and `{name}-1280.png`.
 * The page gets its width back afterwards.
 */
export async function shootWidths(page: Page, name: string, target?: Locator): Promise<void> {
  const dir = process.env.WINC_SCREENSHOT_DIR;
  if (!dir) return;
  const before = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: before?.height ?? 844 });
    const file = path.join(dir, `${name}-${width}.png`);
    if (target) await target.screenshot({ path: file, animations: 'disabled' });
    else await page.screenshot({ path: file, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
}
