import os from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/support/browser.ts';
import { generateTestVideo } from '../e2e/support/generate-test-video.ts';
import {
  compressInPage,
  inspectVideo,
  startMediaTestServer,
  type VideoFacts,
} from '../e2e/support/media-test-server.ts';
import type { VideoCompressionEngine } from '../web/lib/media/compress-video.ts';

/**
 * `npm run bench:video`: SPEC §9's in-browser video compression in headless Chromium, both engines on the
 * same 1080p H.264/AAC clip of about 25 MB (made in the browser, 16 Mbps). Prints the time of each (engine
 * load included, as the user waits for it) and the output's size, resolution and codecs. The 120 s compression
 * timeout applies, as in the app: an engine that needs longer shows as a timeout.
 *
 * Options: --seconds <s> (12.5: about 25 MB), --engines webcodecs,ffmpeg.
 */

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12.5' },
    engines: { type: 'string', default: 'webcodecs,ffmpeg' },
  },
});
const seconds = Number(flags.seconds);
const engines = flags.engines.split(',').map((engine) => engine.trim()) as VideoCompressionEngine[];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const describe = (facts: VideoFacts) =>
  `${facts.width}×${facts.height} ${facts.videoCodec}/${facts.audioCodec} ${facts.duration.toFixed(1)} s`;

async function main(): Promise<void> {
  const server = await startMediaTestServer();
  const browser = await launchBrowser();
  try {
    console.log('Winc video compression benchmark');
    console.log(`  cpu      ${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()} cores`);
    console.log(`  memory   ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`);
    console.log(`  browser  Chromium ${browser.version()} (headless)`);

    const generatedAt = performance.now();
    const buffer = await generateTestVideo(browser, { seconds });
    const input = await inspectVideo(buffer);
    console.log(
      `  input    ${mb(buffer.length)}, ${describe(input)}` +
        ` (generated in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s)\n`,
    );

    for (const engine of engines) {
      // A fresh page per engine: nothing cached in memory from the previous run.
      const page = await browser.newPage();
      try {
        await page.goto(server.pageUrl);
        const outcome = await compressInPage(
          page,
          server,
          { name: 'bench.mp4', mimeType: 'video/mp4', buffer },
          { engine },
        );
        if (!outcome.ok) {
          console.log(
            `${engine.padEnd(10)} failed: ${outcome.code ?? outcome.name}: ${outcome.reason ?? ''}`,
          );
          continue;
        }
        const { result, output, milliseconds } = outcome;
        console.log(
          `${engine.padEnd(10)} ${(milliseconds / 1000).toFixed(1).padStart(6)} s` +
            `  ${mb(result.originalSize)} → ${mb(result.compressedSize)} (${result.compressionRatio} % saved)` +
            `  ${describe(await inspectVideo(output))}`,
        );
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
