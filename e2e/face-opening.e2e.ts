import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../shared/cards/cards.contract.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { contextIn, launchBrowser } from './support/browser.ts';
import { signedInOwner } from './support/card-owner.ts';
import { writeFakeCameraClip, type CameraScene } from './support/fake-camera.ts';
import { firstTemplateId } from './support/guest-card.ts';
import { localeText } from './support/locale-text.ts';

/**
 * Face opening (DESIGN §1.6) as a recipient on a phone lives it, with Chromium's fake camera playing a clip
 * made from a portrait (e2e/fixtures/faces/README.md says where the photos come from): the recipient photo's
 * face, framed and lit differently, opens the card and the greeting speaks; someone else's face and an empty
 * room do not, and after three tries the FAQ's tips and 'Open without face' lead to the cover; a refused
 * camera goes straight back to the cover. The models load only when the recipient chooses this, from our
 * origin, and no request carries a picture.
 */

const FACES = path.join(import.meta.dirname, 'fixtures', 'faces');
const ASTRONAUT = path.join(FACES, 'astronaut.jpg');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** The recipient photo the sender added: Eileen Collins's head and shoulders. */
const RECIPIENT_PHOTO = { left: 96, top: 0, width: 320, height: 360 };
const SCENES: Record<'same' | 'other', CameraScene> = {
  // The whole portrait, smaller and in a darker room: the same face, not the same picture.
  same: {
    photo: ASTRONAUT,
    region: { left: 0, top: 0, width: 512, height: 512 },
    size: 470,
    brightness: 0.8,
  },
  other: {
    photo: path.join(FACES, 'camera.jpg'),
    region: { left: 110, top: 40, width: 240, height: 240 },
    size: 420,
  },
};

let server: AppServer;
let clipsDir: string;
const browsers: Partial<Record<'same' | 'other' | 'empty', Browser>> = {};
/** The same card written in English and in Arabic: the recipient page speaks the card's language. */
const cards: Partial<Record<Language, Card>> = {};
let cardWithoutFace: Card;

async function cameraBrowser(clip: string): Promise<Browser> {
  return launchBrowser(['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`]);
}

beforeAll(async () => {
  clipsDir = await mkdtemp(path.join(tmpdir(), 'winc-face-'));
  const clip = (name: string) => path.join(clipsDir, `${name}.y4m`);
  await Promise.all([
    writeFakeCameraClip(clip('same'), SCENES.same),
    writeFakeCameraClip(clip('other'), SCENES.other),
    writeFakeCameraClip(clip('empty'), null),
  ]);
  server = await startAppServer();
  [browsers.same, browsers.other, browsers.empty] = await Promise.all([
    cameraBrowser(clip('same')),
    cameraBrowser(clip('other')),
    cameraBrowser(clip('empty')),
  ]);

  const owner = await signedInOwner(server.baseUrl);
  await owner.buyPremium();
  const templateId = await firstTemplateId(server.baseUrl);
  const photo = await sharp(ASTRONAUT).extract(RECIPIENT_PHOTO).jpeg().toBuffer();
  for (const language of ['en', 'ar'] as const) {
    const made = await owner.createCard(templateId, language, { message: 'Happy birthday, Bo!' });
    await owner.putMedia(made.id, 'image', photo);
    cards[language] = await owner.unlock(made);
  }
  cardWithoutFace = await owner.createCard(templateId, 'en', { faceOpening: false });
  await owner.putMedia(cardWithoutFace.id, 'image', photo);
  cardWithoutFace = await owner.unlock(cardWithoutFace);
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(browsers).map((browser) => browser?.close()));
  await server?.stop();
  if (clipsDir) await rm(clipsDir, { recursive: true, force: true });
});

/** A recipient's phone that has never been here; `camera` grants the camera when the page asks. */
async function phone(
  browser: Browser,
  language: Language,
  camera: boolean,
): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const context = await contextIn(browser, language, { ...PHONE, permissions: camera ? ['camera'] : [] });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${server.baseUrl}/c/${cards[language]!.id}`);
  await page.getByTestId('card-cover').waitFor();
  return { context, page, requests };
}

const phaseOf = (page: Page) => page.getByTestId('face-opening').getAttribute('data-face-phase');

/** Nothing that left the page holds a picture: no image type, no body larger than a few words of JSON. */
function expectNoPictureSent(requests: Request[]) {
  for (const request of requests) {
    expect(new URL(request.url()).origin, request.url()).toBe(server.baseUrl);
    const body = request.postDataBuffer();
    if (!body) continue;
    expect(request.headers()['content-type'] ?? '', request.url()).not.toMatch(
      /image|octet-stream|multipart/,
    );
    expect(body.length, `${request.method()} ${request.url()}`).toBeLessThan(1024);
  }
}

describe('face opening', () => {
  it.each(['en', 'ar'] as const)(
    'opens the card when the camera sees the face in the recipient photo, and the greeting speaks (%s)',
    { timeout: 120_000 },
    async (language) => {
      const t = localeText(language);
      const { context, page, requests } = await phone(browsers.same!, language, true);
      try {
        await page.waitForLoadState('networkidle');
        // The models are fetched only once the recipient asks for face opening.
        expect(requests.filter((request) => request.url().includes('/vendor/face/'))).toEqual([]);

        const sinceChoice = requests.length;
        await page.getByRole('button', { name: t('recipient.face.open') }).click();
        await page.getByTestId('face-opening').waitFor();
        await page.getByText(t('recipient.face.private')).waitFor();
        await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('matched');
        await page.getByText(t('recipient.face.matched')).waitFor();

        const opened = page.getByTestId('card-open');
        await opened.waitFor({ timeout: 10_000 });
        expect(await opened.getByTestId('card-message').innerText()).toBe('Happy birthday, Bo!');
        await expect.poll(() => opened.getByTestId('card-voice-caption').innerText()).not.toBe('');
        // The camera is off once the face matched.
        expect(await page.locator('video').count()).toBe(0);

        const fetched = requests.slice(sinceChoice).map((request) => new URL(request.url()).pathname);
        expect(fetched).toContain('/vendor/face/models/faceres.bin');
        expect(fetched.some((pathname) => pathname.startsWith('/vendor/face/wasm/'))).toBe(true);
        expectNoPictureSent(requests.slice(sinceChoice));
      } finally {
        await context.close();
      }
    },
  );

  it(
    'does not open for another face: after three tries the FAQ tips and Open without face',
    { timeout: 150_000 },
    async () => {
      const t = localeText('en');
      const { context, page, requests } = await phone(browsers.other!, 'en', true);
      try {
        const sinceChoice = requests.length;
        await page.getByRole('button', { name: t('recipient.face.open') }).click();
        for (const attempt of [1, 2]) {
          await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('missed');
          await page
            .getByText(t('recipient.face.attempt', { count: attempt, max: 3 }), { exact: false })
            .waitFor();
          expect(await page.getByTestId('card-open').count()).toBe(0);
          await page.getByRole('button', { name: t('recipient.face.tryAgain') }).click();
        }
        await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('gave-up');
        const tips = page.getByTestId('face-opening-tips');
        await tips.getByText(t('recipient.face.tipsTitle')).waitFor();
        expect(await tips.innerText()).toContain(t('faq.items.recognitionTips.answer').split('\n')[0]!);
        // The camera is off once the tries ran out.
        expect(await page.locator('video').count()).toBe(0);

        await page.getByRole('button', { name: t('recipient.face.openWithoutFace') }).click();
        await page.getByTestId('card-cover').click();
        await page.getByTestId('card-open').waitFor();
        expectNoPictureSent(requests.slice(sinceChoice));
      } finally {
        await context.close();
      }
    },
  );

  it(
    'does not open for an empty room, and goes back to the cover on request',
    { timeout: 90_000 },
    async () => {
      const t = localeText('en');
      const { context, page } = await phone(browsers.empty!, 'en', true);
      try {
        await page.getByRole('button', { name: t('recipient.face.open') }).click();
        await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toBe('missed');
        expect(await page.getByTestId('card-open').count()).toBe(0);
        await page.getByRole('button', { name: t('recipient.face.back') }).click();
        await page.getByTestId('card-cover').waitFor();
      } finally {
        await context.close();
      }
    },
  );

  it('goes straight back to the cover when the camera is refused', { timeout: 60_000 }, async () => {
    const t = localeText('en');
    const { context, page } = await phone(browsers.empty!, 'en', false);
    try {
      await page.getByRole('button', { name: t('recipient.face.open') }).click();
      await page.getByTestId('face-opening-notice').getByText(t('recipient.face.noCamera')).waitFor();
      await page.getByTestId('card-cover').click();
      await page.getByTestId('card-open').waitFor();
    } finally {
      await context.close();
    }
  });

  it('is not offered when the sender switched it off', { timeout: 60_000 }, async () => {
    const context = await contextIn(browsers.empty!, 'en', PHONE);
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/c/${cardWithoutFace.id}`);
      await page.getByTestId('card-cover').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('open-with-face').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
