import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { openCreateEditor } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';
import { openAppPage } from './support/open-page.ts';

/**
 * What keeps a slow phone's frames free for the sender's typing: nothing animates unseen (a picture waiting
 * far below, or behind the open editor, does not shimmer), and the editor, which fills a phone's screen, does
 * not have the browser blur the page it hides at every frame. A desktop, where the page shows around the
 * editor, keeps the blur.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const t = localeText('en');

let server: AppServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  origin = server.baseUrl.replace('127.0.0.1', 'localhost');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The animations that run without end, by element. A picture near the screen shimmers until it has loaded,
 * so the tests ask again for up to 10 s; a picture far below never loads, and its shimmer would stay.
 */
async function endlessAnimations(page: Page): Promise<string[]> {
  const endless = () =>
    document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getTiming().iterations === Infinity,
      )
      .map((animation) => {
        const effect = animation.effect as KeyframeEffect;
        return `${effect.target?.className ?? '?'}${effect.pseudoElement ?? ''}`;
      });
  return page.evaluate(endless);
}

const backdropFilter = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('dialog[open]')!, '::backdrop').backdropFilter);

describe('frames on a phone', () => {
  it('animates nothing on home once its first pictures are in, though most of its covers wait below', async () => {
    const context = await contextIn(browser, 'en', PHONE);
    const page = await context.newPage();
    await openAppPage(page, `${origin}/`);
    const waiting = await page.locator('[data-testid="template-card"] img').count();
    const covers = await page.locator('[data-testid="template-card"]').count();
    expect(covers).toBeGreaterThan(waiting);
    await expect.poll(() => endlessAnimations(page), { timeout: 10_000 }).toEqual([]);
    await context.close();
  });

  it('animates nothing behind the open editor, and does not blur the page the editor hides', async () => {
    const context = await contextIn(browser, 'en', PHONE);
    const page = await context.newPage();
    await openCreateEditor(page, origin, t);
    await expect.poll(() => endlessAnimations(page), { timeout: 10_000 }).toEqual([]);
    expect(await backdropFilter(page)).toBe('none');
    await context.close();
  });
});

describe('frames on a desktop', () => {
  it('blurs the page around the open editor', async () => {
    const context = await contextIn(browser, 'en', DESKTOP);
    const page = await context.newPage();
    await openCreateEditor(page, origin, t);
    expect(await backdropFilter(page)).toMatch(/blur\(/);
    await context.close();
  });
});
