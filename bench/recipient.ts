import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { paidCardMaker } from './support/paid-cards.ts';

/**
 * `npm run bench:recipient`: the recipient's moment as a phone on a mobile network meets it, on the real
 * server (a child process, as `npm start` runs it) with a paid card that has a photo and a voice greeting:
 * from the opening tap to the first sound of the greeting, with the network and CPU throttled like
 * Lighthouse's mobile audit (150 ms round trips, 1.6 Mbps down, CPU 4× slower), in fresh browsers: once the
 * page has settled, and tapping as soon as the cover shows. Median and worst of RUNS visits each. The page's
 * load itself is `npm run bench:lighthouse`.
 */

const RUNS = Number(process.env.RUNS ?? 5);
// Sound plays without the page having been used before (our taps are synthetic).
const AUTOPLAY = '--autoplay-policy=no-user-gesture-required';

const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const paidCardUrl = await paidCardMaker(server.baseUrl);

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
    `opening tap → first sound of the greeting (150 ms RTT, 1.6 Mbps, CPU ×4), ${RUNS} fresh phones`,
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
}
