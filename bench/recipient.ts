import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { startAppServer } from '../e2e/support/app-server.ts';
import { ensureChromium, LAUNCH_ARGS, launchBrowser } from '../e2e/support/browser.ts';
import { signedInOwner } from '../e2e/support/card-owner.ts';
import { firstTemplateId } from '../e2e/support/guest-card.ts';

/**
 * `npm run bench:recipient`: the recipient page as a phone on a mobile network meets it, on the real server
 * (a child process, as `npm start` runs it) with a paid card that has a photo and a voice greeting.
 *
 * 1. Lighthouse's mobile audit (its default simulated throttling: slow 4G, 4× slower CPU) of `/c/{id}`, and
 *    of `/` for comparison: performance score, FCP, LCP, TBT, CLS and the JavaScript transferred.
 * 2. From the opening tap to the first sound of the greeting, with the network and CPU throttled the same
 *    way (150 ms round trips, 1.6 Mbps down, CPU 4× slower), in fresh browsers: once the page has settled, and
 *    tapping as soon as the cover shows. Median and worst of RUNS visits each.
 */

const RUNS = Number(process.env.RUNS ?? 5);
// Sound plays without the page having been used before (Lighthouse's and our taps are synthetic).
const AUTOPLAY = '--autoplay-policy=no-user-gesture-required';

const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const profileDir = await mkdtemp(path.join(tmpdir(), 'winc-lighthouse-'));

const owner = await signedInOwner(server.baseUrl);
await owner.buyPremium();
const templateId = await firstTemplateId(server.baseUrl);

/** A new paid card for each visit: a plan's cards open on a limited number of devices, and each visit is one. */
async function paidCardUrl(): Promise<string> {
  const card = await owner.createCard(templateId, 'en', {
    message: 'Happy birthday, Bo! Have a wonderful day.',
  });
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#e9c46a' } })
    .jpeg()
    .toBuffer();
  await owner.putMedia(card.id, 'image', photo);
  return `${server.baseUrl}/c/${(await owner.unlock(card)).id}`;
}

async function audit(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [...LAUNCH_ARGS, AUTOPLAY],
    userDataDir: await mkdtemp(path.join(profileDir, 'run-')),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (
      (
        lhr.audits['network-requests']?.details as {
          items?: { resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? []
    ).filter((item) => item.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    };
  } finally {
    chrome.kill();
  }
}

/** Records when the cover is tapped and when the first unmuted sound starts playing. */
const SOUND_PROBE = () => {
  const w = window as unknown as { __tap: number | null; __sound: number | null };
  w.__tap = null;
  w.__sound = null;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    this.addEventListener('playing', () => {
      if (!this.muted && w.__sound === null) w.__sound = performance.now();
    });
    return play.call(this);
  };
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element).closest('[data-testid="card-cover"]')) w.__tap = performance.now();
    },
    true,
  );
};

async function tapToSound(settle: boolean): Promise<number> {
  const url = await paidCardUrl();
  const browser = await launchBrowser([AUTOPLAY]);
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.addInitScript(SOUND_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url);
    await page.getByTestId('card-cover').waitFor();
    if (settle) await page.waitForLoadState('networkidle');
    await page.getByTestId('card-cover').click();
    await page.waitForFunction(
      () => (window as unknown as { __sound: number | null }).__sound !== null,
      null,
      {
        timeout: 30_000,
      },
    );
    return await page.evaluate(() => {
      const w = window as unknown as { __tap: number; __sound: number };
      return w.__sound - w.__tap;
    });
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

try {
  console.log(
    'Lighthouse, mobile (simulated slow 4G, CPU ×4)   score      FCP      LCP      TBT     CLS   JS sent',
  );
  for (const [label, url] of [
    ['recipient page /c/{id}', await paidCardUrl()],
    ['home /', `${server.baseUrl}/`],
  ] as const) {
    const result = await audit(url);
    console.log(
      `  ${label.padEnd(45)} ${String(result.score).padStart(6)} ${ms(result.fcp)} ${ms(result.lcp)} ${ms(result.tbt)}` +
        ` ${result.cls.toFixed(3).padStart(7)} ${(result.jsBytes / 1024).toFixed(0).padStart(6)} KB`,
    );
  }

  console.log(
    `\nopening tap → first sound of the greeting (150 ms RTT, 1.6 Mbps, CPU ×4), ${RUNS} fresh phones`,
  );
  for (const settle of [true, false]) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await tapToSound(settle));
    console.log(
      `  ${(settle ? 'tapped once the page settled' : 'tapped as soon as the cover shows').padEnd(45)}` +
        ` median ${ms(median(times))}   worst ${ms(Math.max(...times))}`,
    );
  }
} finally {
  await server.stop();
  await rm(profileDir, { recursive: true, force: true });
}
