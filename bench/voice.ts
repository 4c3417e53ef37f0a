import { readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { Language } from '../shared/i18n/languages.ts';
import { greetingPreviewResponseSchema } from '../shared/voice/voice.contract.ts';
import { startAppServer } from '../e2e/support/app-server.ts';
import { buildWhatChanged } from '../server/testing/production-build.ts';
import { voiceApi } from '../shared/api-paths.ts';
import type { Voice } from '../shared/cards/card-rules.ts';
import { LANGUAGE_HEADER } from '../shared/i18n/languages.ts';

/**
 * `npm run bench:voice`: the AI voice greeting on the real server (a child process, as `npm start` runs it),
 * asked for as the editor's 'Hear it' does, from this process.
 *
 * 1. Per language and voice: the first greeting (workers and engine starting), then the time of a greeting
 *    never heard before (synthesis, MP3 encoding, storage) against the same greeting asked again (cached).
 * 2. The server's resident memory while 8 new greetings are synthesized at once, and how long they took.
 * 3. A burst: 200 new greetings asked for at once from 200 addresses (as a proxy forwards them), and the
 *    server's resident memory before, at the peak, right after, and each idle minute after it (5 by default),
 *    with the speech worker threads alive at each point: what a burst leaves behind once it is over.
 *
 * Options: --burst <n> (200), --idle-minutes <n> (5).
 *
 * With TTS_BASE_URL/TTS_MODEL in the environment the server also has a speech provider; the preview asks as
 * a guest, so it is always the built-in engine that is measured here.
 */

const { values: flags } = parseArgs({
  options: {
    burst: { type: 'string', default: '200' },
    'idle-minutes': { type: 'string', default: '5' },
  },
});
const burstSize = Number(flags.burst);
const idleMinutes = Number(flags['idle-minutes']);

const METRICS_TOKEN = 'bench-voice-metrics-token';
buildWhatChanged();
// Each request of the burst comes through a (pretend) proxy that names its client, so every one counts for
// an address of its own, as 200 people behind a real proxy would. MALLOC_ARENA_MAX as `npm start` and the
// image run the server.
const server = await startAppServer({
  env: {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    METRICS_TOKEN,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  },
});
const origin = server.baseUrl;

function residentMemory(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}
const rssAtStart = residentMemory();

/** The server's speech worker threads alive now, from its metrics. */
async function speechWorkers(): Promise<number> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return Number(/^winc_speech_worker_threads (\d+)$/m.exec(await response.text())?.[1] ?? Number.NaN);
}

const NAMES: Record<Language, { recipients: string[]; sender: string }> = {
  en: {
    recipients: ['Alex', 'Robin', 'Morgan', 'Jamie', 'Taylor', 'Casey', 'Jordan', 'Riley'],
    sender: 'Sam',
  },
  ar: { recipients: ['ليلى', 'مريم', 'يوسف', 'سارة', 'عمر', 'نور', 'هدى', 'كريم'], sender: 'سامي' },
  ru: { recipients: ['Аня', 'Маша', 'Дима', 'Оля', 'Петя', 'Катя', 'Ваня', 'Лена'], sender: 'Саша' },
};

/** Asks for a greeting and fetches its audio, as the browser does; answers the time and the audio's size. */
async function hear(
  language: Language,
  voice: Voice,
  recipientName: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}${voiceApi.greetingPreview}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, [LANGUAGE_HEADER]: language, ...headers },
    body: JSON.stringify({ recipientName, senderName: NAMES[language].sender, voice, language }),
  });
  if (response.status !== 200) throw new Error(`preview: ${response.status} ${await response.text()}`);
  const { audioUrl } = greetingPreviewResponseSchema.parse(await response.json());
  const audio = await fetch(`${origin}${audioUrl}`);
  const bytes = (await audio.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while sampling the server's RSS every 20 ms; answers its result and the peak seen. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = residentMemory();
  const sampler = setInterval(() => (peak = Math.max(peak, residentMemory())), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, residentMemory()) };
  } finally {
    clearInterval(sampler);
  }
}

try {
  console.log('greeting, per language and voice      first     new (median of 3)   cached   MP3 size');
  for (const language of ['en', 'ar', 'ru'] as const) {
    for (const voice of ['female', 'male'] as const) {
      const [firstName, ...others] = NAMES[language].recipients;
      const first = await hear(language, voice, `${firstName} ${voice}`);
      const fresh: number[] = [];
      for (const name of others.slice(0, 3)) fresh.push((await hear(language, voice, `${name} ${voice}`)).ms);
      const cached = await hear(language, voice, `${firstName} ${voice}`);
      console.log(
        `  ${language} ${voice.padEnd(6)}`.padEnd(38) +
          `${first.ms.toFixed(0).padStart(6)} ms ${median(fresh).toFixed(0).padStart(10)} ms ` +
          `${cached.ms.toFixed(1).padStart(14)} ms ${(first.bytes / 1024).toFixed(1).padStart(7)} KB`,
      );
    }
  }

  const before = residentMemory();
  const started = performance.now();
  const languages: Language[] = ['en', 'ar', 'ru', 'en', 'ar', 'ru', 'en', 'en'];
  const { peak } = await withPeakMemory(() =>
    Promise.all(
      languages.map((language, index) =>
        hear(language, index % 2 === 0 ? 'female' : 'male', `${NAMES[language].recipients[7]} ${index}`),
      ),
    ),
  );
  const parallelMs = performance.now() - started;
  console.log(
    `8 new greetings at once: ${parallelMs.toFixed(0)} ms; server RSS ${mb(before)} MB before, ` +
      `peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
  );

  const host = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`;
  console.log(
    `\n${burstSize} new greetings at once from ${burstSize} addresses, on ${host}; ` +
      `the server had ${mb(rssAtStart)} MB when it started`,
  );
  const memoryLine = async (label: string, rss: number) =>
    console.log(
      `  ${label.padEnd(28)} RSS ${mb(rss).padStart(4)} MB, speech workers ${await speechWorkers()}`,
    );
  const burstBefore = residentMemory();
  await memoryLine('before', burstBefore);
  const burstStarted = performance.now();
  const burst = await withPeakMemory(() =>
    Promise.all(
      Array.from({ length: burstSize }, async (_, index) => {
        const language = (['en', 'ar', 'ru'] as const)[index % 3]!;
        const client = `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
        return hear(
          language,
          index % 2 === 0 ? 'female' : 'male',
          `${NAMES[language].recipients[index % 8]} ${index}`,
          { 'x-forwarded-for': client },
        ).then(
          () => 'ok',
          (error: unknown) => (error instanceof Error ? error.message.slice(0, 60) : String(error)),
        );
      }),
    ),
  );
  const burstMs = performance.now() - burstStarted;
  const outcomes = new Map<string, number>();
  for (const outcome of burst.result) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  console.log(
    `  ${(burstMs / 1000).toFixed(1)} s; ` +
      [...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', '),
  );
  console.log(`  ${'peak'.padEnd(28)} RSS ${mb(burst.peak).padStart(4)} MB`);
  await memoryLine('right after', residentMemory());
  for (let minute = 1; minute <= idleMinutes; minute++) {
    await sleep(60_000);
    await memoryLine(`after ${minute} idle minute${minute === 1 ? '' : 's'}`, residentMemory());
  }
} finally {
  await server.stop();
}
