import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os, { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { photoLike } from './support/photo-like.ts';

/**
 * `npm run bench:keepsakes`: what a card's keepsakes cost on this machine, each in its own section (a
 * function below), for a card with a photo and a greeting.
 *
 * PDF (made on the server, decision 0038): the first PDF of a process with nothing loaded (pdfkit and the
 * fonts loading, cover and photo encoded, Arabic shaped), the server's warm-up once it listens and the first
 * PDF after it, a PDF made warm, the cached answer (the stored file read back), and the process's peak memory
 * (`maxRSS`). Goal: ≤ 2 s, ≤ 300 MB.
 */

const host = `${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`;

const ms = (from: number) => `${Math.round(performance.now() - from)} ms`;

async function pdfSection(): Promise<void> {
  const cover = await photoLike(400, 533, 'webp');
  const photo = await photoLike(1600, 1200, 'webp');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'winc-keepsakes-'));
  const card = {
    paper: 'A5' as const,
    language: 'ar' as const,
    cover,
    photo,
    heading: 'إلى ليلى',
    message:
      'عيد ميلاد سعيد يا ليلى! أتمنى لك سنة مليئة بالفرح والسعادة والنجاح، وأن تتحقق كل أحلامك. مع كل محبتي',
    color: '#7a2e8c',
    fontSize: 20,
    fontFamily: 'default',
    byline: 'من سامي',
    link: 'https://winc.example/c/abcdefghijklmnopqrstuv',
    title: 'إلى ليلى',
  };
  if (process.argv.includes('--pdf-cold')) {
    // A process of its own: the first PDF with nothing loaded, as a server that skipped its warm-up would make it.
    const started = performance.now();
    const { renderCardPdf } = await import('../server/modules/keepsakes/card-pdf.ts');
    const pdf = await renderCardPdf(card);
    console.log(
      JSON.stringify({ ms: Math.round(performance.now() - started), kb: Math.round(pdf.length / 1024) }),
    );
    return;
  }
  const cold = JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, '--pdf-cold'], {
      encoding: 'utf8',
    }),
  ) as { ms: number; kb: number };
  // What the server does in the background once it listens (keepsakes.module.ts).
  let started = performance.now();
  const { renderCardPdf, warmUpCardPdf } = await import('../server/modules/keepsakes/card-pdf.ts');
  await warmUpCardPdf();
  const warmUp = ms(started);
  started = performance.now();
  const first = await renderCardPdf(card);
  const afterWarmUp = ms(started);
  fs.writeFileSync(path.join(dir, 'card.pdf'), first);
  started = performance.now();
  await renderCardPdf({ ...card, language: 'ru', heading: 'Для Маши', message: 'С днём рождения, Маша!' });
  const warm = ms(started);
  started = performance.now();
  fs.readFileSync(path.join(dir, 'card.pdf'));
  const cached = ms(started);
  fs.rmSync(dir, { recursive: true });
  console.log(`\nPDF (server), on ${host}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  first PDF, nothing loaded (cold):    ${cold.ms} ms  (${cold.kb} KB)`);
  console.log(`  warm-up once the server listens:     ${warmUp}  (in the background)`);
  console.log(`  first PDF after the warm-up:         ${afterWarmUp}`);
  console.log(`  another card, warm:                  ${warm}`);
  console.log(`  cached (stored file read back):      ${cached}`);
  console.log(
    `  peak memory (maxRSS):                ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
}

await pdfSection();

// The video is made on the device (decision 0039): its section drives a browser against the real server.
const { keepsakeVideoSection } = await import('./keepsake-video.ts');
await keepsakeVideoSection();
