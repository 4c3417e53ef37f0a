import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAppServer } from '../e2e/support/app-server.ts';
import { PAGE_CODE, type WebPage } from '../shared/pages/page-code.ts';
import { pageAssets, type Manifest } from '../server/platform/http/page-document.ts';
import { audit, type AuditResult } from './support/lighthouse-audit.ts';
import { paidCardMaker } from './support/paid-cards.ts';

/**
 * `npm run bench:lighthouse`: the pages a newcomer lands on, as a phone on a mobile network meets them, on
 * the real server (a child process, as `npm start` runs it): Lighthouse's mobile audit (simulated slow 4G,
 * 4× slower CPU, Debian Chromium) of `/`, a category page and a shared card's `/c/{id}`, the median of RUNS
 * audits each (default 7), then the JavaScript each page's first load takes from the build, as served.
 *
 * Lighthouse multiplies each task of the real, unthrottled load by four, so on a shared machine a moment's
 * wait for a core can add tens of milliseconds to one audit's TBT: the median of a few audits moved by more
 * than the goal's margin, that of seven much less.
 */

const RUNS = Number(process.env.RUNS ?? 7);
const webDistDir = path.resolve(import.meta.dirname, '../dist/web');

const server = await startAppServer({ env: { LOG_LEVEL: 'warn' } });
const profileDir = await mkdtemp(path.join(tmpdir(), 'winc-lighthouse-'));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

try {
  const nextPaidCard = await paidCardMaker(server.baseUrl);
  const home = (await (await fetch(`${server.baseUrl}/api/catalog/home`)).json()) as {
    sections: { category: { name: string } | null }[];
  };
  const category = home.sections.find((section) => section.category)?.category?.name ?? 'Birthday';
  const pages: [string, () => Promise<string>][] = [
    ['home /', async () => `${server.baseUrl}/`],
    [
      `category /category/${category}`,
      async () => `${server.baseUrl}/category/${encodeURIComponent(category)}`,
    ],
    ['recipient /c/{id}', nextPaidCard],
  ];

  console.log(`Lighthouse, mobile (simulated slow 4G, CPU ×4), median of ${RUNS}`);
  console.log(`  ${''.padEnd(34)} score      FCP      LCP      TBT     CLS   JS sent`);
  for (const [label, nextUrl] of pages) {
    const runs: AuditResult[] = [];
    // Now and then Lighthouse cannot read a run's trace (NO_NAVSTART) and has no figures: that run is made
    // again (at most RUNS times), so a failure does not spoil the median.
    let failed = 0;
    while (runs.length < RUNS) {
      const result = await audit(await nextUrl(), profileDir);
      if (Number.isNaN(result.fcp) && failed++ < RUNS) continue;
      runs.push(result);
    }
    const of = (key: keyof AuditResult) => median(runs.map((result) => result[key]));
    console.log(
      `  ${label.padEnd(34)} ${String(of('score')).padStart(5)} ${ms(of('fcp'))} ${ms(of('lcp'))} ${ms(of('tbt'))}` +
        ` ${of('cls').toFixed(3).padStart(7)} ${(of('jsBytes') / 1024).toFixed(0).padStart(6)} KB` +
        `   (scores ${runs.map((result) => result.score).join(', ')}; LCP ${runs.map((result) => Math.round(result.lcp)).join(', ')}` +
        `; TBT ${runs.map((result) => Math.round(result.tbt)).join(', ')}` +
        `${failed ? `; ${failed} run(s) without a trace, made again` : ''})`,
    );
  }

  const manifest = JSON.parse(
    fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const served = (file: string) => {
    const compressed = path.join(webDistDir, `${file}.br`);
    return fs.statSync(fs.existsSync(compressed) ? compressed : path.join(webDistDir, file)).size;
  };
  console.log('\nJavaScript of each first load in English, from the build, as served (brotli)');
  for (const page of Object.keys(PAGE_CODE) as WebPage[]) {
    const assets = pageAssets(manifest, page, 'en');
    const files = [...assets.entryScripts, ...assets.scripts];
    const kb = files.reduce((sum, file) => sum + served(file), 0) / 1024;
    console.log(`  ${page.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB in ${files.length} files`);
  }
} finally {
  await server.stop();
  await rm(profileDir, { recursive: true, force: true });
}
