import { readFileSync } from 'node:fs';
import type { Language } from '../shared/i18n/languages.ts';
import { greetingPreviewResponseSchema } from '../shared/voice/voice.contract.ts';
import { startAppServer } from '../e2e/support/app-server.ts';
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
 *
 * With TTS_BASE_URL/TTS_MODEL in the environment the server also has a speech provider; the preview asks as
 * a guest, so it is always the built-in engine that is measured here.
 */

const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const origin = server.baseUrl;

function residentMemory(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
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
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${origin}${voiceApi.greetingPreview}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, [LANGUAGE_HEADER]: language },
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
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMemory())), 20);
  const started = performance.now();
  const languages: Language[] = ['en', 'ar', 'ru', 'en', 'ar', 'ru', 'en', 'en'];
  await Promise.all(
    languages.map((language, index) =>
      hear(language, index % 2 === 0 ? 'female' : 'male', `${NAMES[language].recipients[7]} ${index}`),
    ),
  );
  const parallelMs = performance.now() - started;
  clearInterval(sampler);
  console.log(
    `8 new greetings at once: ${parallelMs.toFixed(0)} ms; server RSS ${mb(before)} MB before, ` +
      `peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
  );
} finally {
  await server.stop();
}
