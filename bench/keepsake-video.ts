import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { CDPSession } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.ts';
import { contextIn, launchBrowser } from '../e2e/support/browser.ts';
import { signedInOwner } from '../e2e/support/card-owner.ts';
import { firstTemplateId } from '../e2e/support/guest-card.ts';
import { inspectVideo } from '../e2e/support/media-test-server.ts';
import { buildWhatChanged } from '../server/testing/production-build.ts';
import { photoLike } from './support/photo-like.ts';

/**
 * The video keepsake (made on the device, docs/decisions/0039-video-keepsake.md) on this machine: the real
 * server (its production build, a child process) and headless Chromium, on a phone-sized page, through the
 * recipient page's own "Save as video" for a card with a photo, a message and the AI voice's greeting.
 *
 * - Time to the MP4: from the tap to the download being offered (the encoder's chunk loading, the cover,
 *   photo and greeting fetched and decoded, every frame drawn and encoded, the file written), against the
 *   video's own length. Goal: ≤ 1× its duration. Then the same card again (from the device's cache).
 * - Memory: the resident memory (RSS, from /proc) of the page's renderer process, where the canvas is drawn
 *   and WebCodecs encodes (headless, without a GPU process doing the work), sampled every 50 ms while the video
 *   is made, with its resting size before the tap; and the sum over all of Chromium's processes. Goal: the
 *   renderer's peak ≤ 300 MB.
 * - The host: cores, CPU model, memory, and Lighthouse's benchmarkIndex measured in the same browser (a
 *   desktop-class machine scores 1000 or more, a mid-range phone about 125–800).
 *
 * Runs at the end of `npm run bench:keepsakes`, or alone: `npx tsx bench/keepsake-video.ts`. With
 * KEEPSAKE_VIDEO_PROFILE=<file.cpuprofile> the page's JavaScript is profiled while the video is made (open the
 * file in Chrome DevTools' Performance panel).
 */

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

interface Resident {
  /** All its resident pages (VmRSS). */
  rss: number;
  /**
   * Its own: anonymous and shared-memory pages (RssAnon + RssShmem), without the file-backed pages (RssFile:
   * Chromium's code and fonts, mapped once for all its processes).
   */
  own: number;
}

function residentMemory(pid: number): Resident {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), own: kb('RssAnon') + kb('RssShmem') };
  } catch {
    return { rss: 0, own: 0 }; // The process has ended.
  }
}

/** The page's renderer: the largest renderer (the only page open). */
async function pageRenderer(cdp: CDPSession): Promise<Resident> {
  const renderers = (await chromiumProcesses(cdp))
    .filter((process) => process.type === 'renderer')
    .map((process) => residentMemory(process.id));
  return renderers.reduce((largest, next) => (next.rss > largest.rss ? next : largest), { rss: 0, own: 0 });
}

/** Chromium's processes by kind (browser, renderer, GPU, utility), from the browser itself. */
async function chromiumProcesses(cdp: CDPSession): Promise<{ type: string; id: number }[]> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  return processInfo;
}

/** Samples the page renderer's memory and all processes' RSS until stopped; the peaks. */
function sampleMemory(cdp: CDPSession) {
  const renderer: Resident = { rss: 0, own: 0 };
  let all = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const page = await pageRenderer(cdp);
      renderer.rss = Math.max(renderer.rss, page.rss);
      renderer.own = Math.max(renderer.own, page.own);
      const processes = await chromiumProcesses(cdp);
      all = Math.max(
        all,
        processes.reduce((sum, process) => sum + residentMemory(process.id).rss, 0),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return { renderer, all };
    },
  };
}

/** Lighthouse's benchmarkIndex (its `computeBenchmarkIndex`, about a second of work) in a blank page. */
async function benchmarkIndex(evaluate: (script: string) => Promise<unknown>): Promise<number | null> {
  try {
    const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
    return Number(await evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
  } catch {
    return null;
  }
}

export async function keepsakeVideoSection(): Promise<void> {
  buildWhatChanged();
  const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
  const browser = await launchBrowser();
  try {
    const owner = await signedInOwner(server.baseUrl);
    const created = await owner.createCard(await firstTemplateId(server.baseUrl), 'en', {
      recipientName: 'Layla',
      senderName: 'Sami',
      message:
        'Happy birthday, Layla! May this year bring you joy, laughter and every dream you have been ' +
        'saving for a rainy day. With all my love.',
    });
    await owner.putMedia(created.id, 'image', await photoLike(1600, 1200, 'jpeg'));
    const card = await owner.unlock(created);
    if (!card.greetingAudioUrl) throw new Error('The card has no greeting voice to put in the video.');

    const context = await contextIn(browser, 'en', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    // In a page of its own, closed before the measure: its work would otherwise stay in the page's memory.
    const blank = await context.newPage();
    const index = await benchmarkIndex((script) => blank.evaluate(script));
    await blank.close();
    const page = await context.newPage();
    const cdp = await browser.newBrowserCDPSession();

    await page.goto(`${server.baseUrl}/c/${card.id}`);
    await page.getByTestId('card-cover').click();
    await page.getByTestId('card-open').waitFor();
    const save = page.getByTestId('save-as-video').getByRole('button', { name: 'Save as video' });
    await save.waitFor();
    const resting = await pageRenderer(cdp);

    const profileFile = process.env.KEEPSAKE_VIDEO_PROFILE;
    const profiler = profileFile ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const memory = sampleMemory(cdp);
    const started = performance.now();
    await save.click();
    const ready = page.getByTestId('save-as-video-ready');
    await ready.waitFor({ timeout: 300_000 });
    const seconds = (performance.now() - started) / 1000;
    const peak = await memory.stop();
    if (profiler && profileFile) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('save-as-video-download').click(),
    ]);
    const video = readFileSync(await download.path());
    const facts = await inspectVideo(video);

    await page.reload();
    await page.getByTestId('card-cover').click();
    const again = performance.now();
    await page.getByTestId('save-as-video').getByRole('button', { name: 'Save as video' }).click();
    await page.locator('[data-testid="save-as-video-ready"][data-from="cache"]').waitFor();
    const cached = (performance.now() - again) / 1000;

    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    console.log(`\nMP4 (device: headless Chromium ${browser.version()}, WebCodecs H.264 + AAC)`);
    console.log(
      `  host: ${availableParallelism()} cores (${cpu}), ${mb(totalmem())} RAM, ` +
        `Lighthouse benchmarkIndex ${index ?? 'n/a'}`,
    );
    console.log(
      `  the video: ${facts.width}×${facts.height} ${facts.videoCodec}/${facts.audioCodec}, ` +
        `${facts.duration.toFixed(1)} s, ${Math.round(video.length / 1024)} KB (photo, greeting voice, message)`,
    );
    console.log(
      `  tap → MP4 offered:               ${seconds.toFixed(1)} s = ${(seconds / facts.duration).toFixed(2)}× ` +
        `its duration (goal ≤ 1×)`,
    );
    console.log(`  the same card again (cache):     ${cached.toFixed(2)} s`);
    console.log(
      `  page's renderer, RSS:            ${mb(resting.rss)} before the tap, peak ${mb(peak.renderer.rss)} ` +
        `while making it (goal ≤ 300 MB)`,
    );
    console.log(
      `    its own memory (anon + shmem): ${mb(resting.own)} before the tap, peak ${mb(peak.renderer.own)} ` +
        `(+${mb(peak.renderer.own - resting.own)} for the video)`,
    );
    console.log(`  all Chromium processes, peak:    ${mb(peak.all)}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await keepsakeVideoSection();
