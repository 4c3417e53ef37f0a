import { readFileSync } from 'node:fs';
import { VIDEO_MAX_BYTES } from '../shared/cards/card-media.ts';
import { startAppServer } from '../e2e/support/app-server.ts';
import { fakeVideo } from '../server/testing/media-fixture.ts';
import { firstTemplateId, guestWithCard } from '../e2e/support/guest-card.ts';
import { uploadCardMedia } from '../web/lib/uploads/card-media-upload.ts';
import { memoryResumeStore } from '../web/lib/uploads/resume-store.ts';
import { cardMediaApi } from '../shared/api-paths.ts';

/**
 * `npm run bench:uploads`: the real server (a child process, as `npm start` runs it) receiving a 30 MB video.
 *
 * 1. The browser's resumable upload (tus, chunks doubling from 256 KB to 16 MB) against one plain PUT of the
 *    same bytes to the same server: throughput of each and their ratio (what resumability costs).
 * 2. The server's resident memory while 8 resumable 30 MB uploads run at once (bytes stream to storage, so it
 *    should grow by far less than 8 × 30 MB).
 */

const MB = 1024 * 1024;
const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const origin = server.baseUrl;

function residentMemory(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A fresh guest with a card; every upload needs its own card. */
async function guestCard(templateId: string): Promise<{ cardId: string; headers: Record<string, string> }> {
  const { card, headers } = await guestWithCard(origin, templateId);
  return { cardId: card.id, headers };
}

const mbps = (bytes: number, ms: number) => (bytes / MB / (ms / 1000)).toFixed(1);

try {
  const templateId = await firstTemplateId(origin);
  const file = new Blob([fakeVideo(VIDEO_MAX_BYTES)], { type: 'video/mp4' });
  // One warm-up of each path, so neither pays for first-use compilation.
  for (const warm of [false, true]) {
    const resumableTarget = await guestCard(templateId);
    const resumableStart = performance.now();
    await uploadCardMedia({
      ...resumableTarget,
      kind: 'video',
      file,
      fileName: 'bench.mp4',
      baseUrl: origin,
      resumeStore: memoryResumeStore(),
    });
    const resumableMs = performance.now() - resumableStart;

    const plainTarget = await guestCard(templateId);
    const plainStart = performance.now();
    const plain = await fetch(`${origin}${cardMediaApi.media(plainTarget.cardId, 'video')}`, {
      method: 'PUT',
      headers: { ...plainTarget.headers, 'content-type': 'application/octet-stream' },
      body: file,
    });
    if (plain.status !== 200) throw new Error(`plain PUT: ${plain.status} ${await plain.text()}`);
    const plainMs = performance.now() - plainStart;
    if (!warm) continue;
    console.log(
      `30 MB video, resumable (tus):  ${resumableMs.toFixed(0)} ms  ${mbps(file.size, resumableMs)} MB/s`,
    );
    console.log(`30 MB video, one plain PUT:   ${plainMs.toFixed(0)} ms  ${mbps(file.size, plainMs)} MB/s`);
    console.log(`resumable / plain throughput: ${(plainMs / resumableMs).toFixed(2)}`);
  }

  const targets = await Promise.all(Array.from({ length: 8 }, () => guestCard(templateId)));
  const before = residentMemory();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMemory())), 50);
  const parallelStart = performance.now();
  await Promise.all(
    targets.map((target) =>
      uploadCardMedia({
        ...target,
        kind: 'video',
        file,
        fileName: 'bench.mp4',
        baseUrl: origin,
        resumeStore: memoryResumeStore(),
      }),
    ),
  );
  const parallelMs = performance.now() - parallelStart;
  clearInterval(sampler);
  console.log(
    `8 parallel 30 MB uploads: ${parallelMs.toFixed(0)} ms (${mbps(8 * file.size, parallelMs)} MB/s in all); ` +
      `server RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB ` +
      `(+${((peak - before) / MB).toFixed(0)} MB)`,
  );
} finally {
  await server.stop();
}
