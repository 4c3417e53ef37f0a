import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { signedInOwner, type CardOwner } from './support/card-owner.ts';
import { firstTemplateId } from './support/guest-card.ts';

/**
 * The opening tap on a phone (DESIGN §1.5), as a recipient meets it: the greeting's voice starts in the tap,
 * before the open card is drawn and without a seek of the clip that loaded with the cover; what shows under
 * the card (the reply, "Keep this card") loads only once the cover has swung open; the message's own font
 * has arrived before the tap, so the open card is not drawn again when it comes.
 */

let server: AppServer;
let browser: Browser;
let owner: CardOwner;
let templateId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAppServer(),
    // Sound plays without the page having been used before (the taps here are synthetic).
    launchBrowser(['--autoplay-policy=no-user-gesture-required']),
  ]);
  owner = await signedInOwner(server.baseUrl);
  await owner.buyPremium();
  templateId = await firstTemplateId(server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A paid card with a photo (written in Georgia, whose look-alike is Gelasio), opened on a fresh phone. */
async function cardOnAPhone(): Promise<Page> {
  const card = await owner.createCard(templateId);
  await owner.putMedia(
    card.id,
    'image',
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#e9c46a' } })
      .jpeg()
      .toBuffer(),
  );
  const paid = await owner.unlock(card);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __opening: string[]; __openAt: number | null };
    w.__opening = [];
    w.__openAt = null;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      for (const type of ['seeking', 'playing'])
        this.addEventListener(type, () => w.__opening.push(type), { once: true });
      return play.call(this);
    };
    new MutationObserver(() => {
      if (!w.__opening.includes('card drawn') && document.querySelector('[data-testid="card-open"]'))
        w.__opening.push('card drawn');
      if (w.__openAt === null && document.querySelector('[data-card-state="open"]'))
        w.__openAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto(`${server.baseUrl}/c/${paid.id}`);
  await page.getByTestId('card-cover').waitFor();
  return page;
}

describe('the opening tap', () => {
  it('starts the greeting before the open card is drawn, without seeking the clip loaded with the cover', async () => {
    const page = await cardOnAPhone();
    try {
      // The clip is loaded with the cover: the tap finds it ready.
      await page.waitForLoadState('networkidle');
      await page.getByTestId('card-cover').click();
      await page.getByTestId('card-open').waitFor();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __opening: string[] }).__opening))
        .toEqual(['playing', 'card drawn']);
    } finally {
      await page.context().close();
    }
  });

  it('loads the reply and "Keep this card" once the cover has swung open, not in the tap', async () => {
    const page = await cardOnAPhone();
    try {
      await page.waitForLoadState('networkidle');
      await page.getByTestId('card-cover').click();
      await page.locator('[data-card-state="open"]').waitFor();
      // Both are asked for, and only from the moment the card stood open.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const openAt = (window as unknown as { __openAt: number }).__openAt;
            return performance
              .getEntriesByType('resource')
              .filter((entry) => /\/assets\/(reply-panel|keepsake-actions)-[\w-]{8}\.js$/.test(entry.name))
              .map((entry) => entry.startTime >= openAt);
          }),
        )
        .toEqual([true, true]);
    } finally {
      await page.context().close();
    }
  });

  it("has the message's font before the tap", async () => {
    const page = await cardOnAPhone();
    try {
      await expect
        .poll(() =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((entry) => /\/assets\/gelasio-latin-400-normal-[\w-]+\.woff2$/.test(entry.name)),
          ),
        )
        .toBe(true);
      expect(await page.getByTestId('card-open').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
