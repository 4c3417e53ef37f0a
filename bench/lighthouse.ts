import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startAppServer } from '../e2e/support/app-server.ts';
import { signedInOwner, type CardOwner } from '../e2e/support/card-owner.ts';
import { firstTemplateId } from '../e2e/support/guest-card.ts';
import { buildWhatChanged } from '../server/testing/production-build.ts';
import { catalogApi, invitationsApi, paymentsApi } from '../shared/api-paths.ts';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../shared/i18n/languages.ts';
import type { GuestList } from '../shared/invitations/guests.contract.ts';
import type { InvitationInput } from '../shared/invitations/invitation.contract.ts';
import { PAGE_CODE, type WebPage } from '../shared/pages/page-code.ts';
import { pageAssets, type Manifest } from '../server/platform/http/page-document.ts';
import {
  audit,
  calibratePhone,
  type AuditResult,
  type PageFigures,
  type VisitorState,
} from './support/lighthouse-audit.ts';
import { DEFAULT_CPU_SLOWDOWN, median } from './support/lighthouse-calibration.ts';
import { MEASURED_PAGES, type BenchFixtures, type MeasuredPage } from './support/lighthouse-routes.ts';
import { paidCardMaker } from './support/paid-cards.ts';

/**
 * `npm run bench:lighthouse`: every page of the app (bench/support/lighthouse-routes.ts) as a phone on a mobile
 * network meets it, on the real server (a child process, as `npm start` runs it), Lighthouse's mobile audit on
 * Debian Chromium (decision 0040).
 *
 * 1. Calibration: Lighthouse's own `benchmarkIndex` of this host (median of 5), and the CPU slowdown that makes
 *    this host the same reference phone as any other: index ÷ 330, never below 1.
 * 2. Each page, the median of 3 audits in English; the pages people land on (home, a category, a share link,
 *    an invitation guest's link) of 7, in English and Arabic. Signed-in pages as a sender (or the admin),
 *    their session in the browser's cookies. Each audit's load gives the figures at the calibrated slowdown,
 *    the same load's at Lighthouse's default 4×, and its real, unthrottled longest main-thread task and
 *    total main-thread time; and the benchmarkIndex Lighthouse measured before it (the range is printed).
 * 3. The JavaScript each page's first load takes from the build, as served.
 *
 * RUNS=n audits every page n times; `--route signin` (repeatable) or ROUTES=home,signin audits only those;
 * LANGUAGES=en,ar audits them in those languages.
 */

const { values: options } = parseArgs({ options: { route: { type: 'string', multiple: true } } });
const RUNS = process.env.RUNS ? Number(process.env.RUNS) : null;
/** `LANGUAGES=en,ar` audits every page in those languages (by default English, and Arabic for landing pages). */
const LANGUAGES = process.env.LANGUAGES?.split(',')
  .map((language) => language.trim())
  .filter((language): language is 'en' | 'ar' => language === 'en' || language === 'ar');
const ADMIN_EMAIL = 'lighthouse-admin@example.com';
const webDistDir = path.resolve(import.meta.dirname, '../dist/web');

const wanted = [...(options.route ?? []), ...(process.env.ROUTES?.split(',') ?? [])]
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = wanted.filter((name) => !MEASURED_PAGES.some((page) => page.name === name));
if (unknown.length) {
  throw new Error(
    `unknown page(s) ${unknown.join(', ')}; the pages: ${MEASURED_PAGES.map((page) => page.name).join(', ')}`,
  );
}
const pages = wanted.length ? MEASURED_PAGES.filter((page) => wanted.includes(page.name)) : MEASURED_PAGES;

buildWhatChanged();
const server = await startAppServer({ env: { LOG_LEVEL: 'warn', ADMIN_EMAILS: ADMIN_EMAIL } });
const profileDir = await mkdtemp(path.join(tmpdir(), 'winc-lighthouse-'));

const ms = (value: number) => `${Math.round(value)}`.padStart(5);
const range = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;

/** The Cookie header's pairs, as the browser's cookies. */
function cookiesOf(header: string): VisitorState['cookies'] {
  return header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/** A paid invitation of `owner`'s in `language` with `count` guests: their own links' paths. */
async function invitationWithGuests(
  owner: CardOwner,
  templateId: string,
  language: 'en' | 'ar',
  count: number,
): Promise<{ cardId: string; links: string[] }> {
  const year = new Date().getFullYear() + 1;
  const invitation: InvitationInput = {
    title: language === 'ar' ? 'حفلة في الحديقة' : 'Garden party',
    startsAt: `${year}-06-05T16:00`,
    timeZone: 'Europe/London',
    place: 'Kew Gardens, London',
    rsvpBy: `${year}-06-01T12:00`,
    maxPlusOnes: 2,
    questions: [],
    showGuestList: true,
  };
  const card = await owner.createCard(templateId, language, {
    recipientName: language === 'ar' ? 'أصدقاءنا' : 'our friends',
    invitation,
  });
  const added = await fetch(`${server.baseUrl}${invitationsApi.guests(card.id)}`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      guests: Array.from({ length: count }, (_, index) => ({ name: `Guest ${index + 1}` })),
    }),
  });
  if (added.status !== 201) throw new Error(`guests: ${added.status} ${await added.text()}`);
  await owner.unlock(card);
  return {
    cardId: card.id,
    links: ((await added.json()) as GuestList).guests.map((guest) => guest.linkPath),
  };
}

/** A test-mode order of `owner`'s, left open: the test checkout's page. */
async function openOrder(owner: CardOwner): Promise<string> {
  const checkout = await fetch(`${server.baseUrl}${paymentsApi.checkout}`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 'plus', billingCycle: 'bulk' }),
  });
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${await checkout.text()}`);
  return decodeURIComponent(((await checkout.json()) as { url: string }).url.split('/').pop()!);
}

async function makeFixtures(): Promise<{ fixtures: BenchFixtures; owner: CardOwner; admin: CardOwner }> {
  const templateId = await firstTemplateId(server.baseUrl);
  const [owner, admin, nextPaidCard, home, lists] = await Promise.all([
    signedInOwner(server.baseUrl),
    signedInOwner(server.baseUrl, undefined, ADMIN_EMAIL),
    paidCardMaker(server.baseUrl),
    fetch(`${server.baseUrl}${catalogApi.home}`).then(
      (response) => response.json() as Promise<{ sections: { category: { name: string } | null }[] }>,
    ),
    fetch(`${server.baseUrl}${catalogApi.lists}`).then(
      (response) => response.json() as Promise<{ styles: { name: string }[] }>,
    ),
  ]);
  await owner.buyPremium();
  // Enough guests for every visit of a landing page and its retries.
  const guests = 2 * (RUNS ?? 7) + 2;
  const invitations = {
    en: await invitationWithGuests(owner, templateId, 'en', guests),
    ar: await invitationWithGuests(owner, templateId, 'ar', guests),
  };
  const card = await owner.createCard(templateId, 'en');
  return {
    owner,
    admin,
    fixtures: {
      category: home.sections.find((section) => section.category)?.category?.name ?? 'Birthday',
      style: lists.styles[0]?.name ?? 'Floral',
      cardId: card.id,
      invitationId: invitations.en.cardId,
      orderId: await openOrder(owner),
      nextShareLink: async (language) => new URL(await nextPaidCard(language)).pathname,
      nextGuestLink: async (language) => {
        const link = invitations[language].links.shift();
        if (!link) throw new Error(`no guest left of the ${language} invitation`);
        return link;
      },
    },
  };
}

function describeHost(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores, ${cpus[0]?.model ?? 'unknown CPU'}, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`;
}

try {
  const { fixtures, owner, admin } = await makeFixtures();

  console.log(`Host: ${describeHost()}`);
  const { slowdown, description } = await calibratePhone(`${server.baseUrl}/api/health`, profileDir);
  console.log(`Calibration: ${description}\n`);

  const stateOf = (page: MeasuredPage, language: 'en' | 'ar'): VisitorState => {
    const session = page.visitor === 'owner' ? owner.cookie : page.visitor === 'admin' ? admin.cookie : '';
    // A visitor who chose Arabic: the app keeps the choice on the device and tells the server in a cookie.
    const chosen = language === 'ar';
    return {
      cookies: [
        ...(session ? cookiesOf(session) : []),
        ...(chosen ? [{ name: LANGUAGE_COOKIE, value: language }] : []),
      ],
      localStorage: chosen ? { [LANGUAGE_STORAGE_KEY]: language } : {},
    };
  };

  const columns = (figures: PageFigures) =>
    `${String(figures.score).padStart(5)} ${ms(figures.fcp)} ${ms(figures.lcp)} ${ms(figures.tbt)} ${figures.cls
      .toFixed(3)
      .padStart(6)}`;
  const medianOf = (runs: PageFigures[]): PageFigures => {
    const of = (key: keyof PageFigures) => median(runs.map((figures) => figures[key]));
    return {
      score: of('score'),
      fcp: of('fcp'),
      lcp: of('lcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      jsBytes: of('jsBytes'),
    };
  };

  console.log(
    `Lighthouse mobile (simulated slow 4G), median of ${RUNS ?? '3 (landing pages: 7)'} per page and language; ` +
      `each load audited at ×${slowdown.toFixed(2)} (calibrated) and at ×${DEFAULT_CPU_SLOWDOWN} (default); ms`,
  );
  console.log(
    `  ${'page'.padEnd(17)} lang | ${'calibrated'.padEnd(31)} | ${'default ×4'.padEnd(31)} | unthrottled       | benchmarkIndex`,
  );
  console.log(
    `  ${''.padEnd(17)}      | score   FCP   LCP   TBT    CLS | score   FCP   LCP   TBT    CLS | longest  main th. |`,
  );
  for (const page of pages) {
    const runs = RUNS ?? (page.landing ? 7 : 3);
    for (const language of LANGUAGES?.length
      ? LANGUAGES
      : page.landing
        ? (['en', 'ar'] as const)
        : (['en'] as const)) {
      const results: AuditResult[] = [];
      // Now and then Lighthouse cannot read a run's trace (NO_NAVSTART): that run is made again (at most
      // `runs` times), so a failure does not spoil the median.
      let failed = 0;
      while (results.length < runs) {
        const url = `${server.baseUrl}${await page.path(fixtures, language)}`;
        const result = await audit(url, profileDir, slowdown, stateOf(page, language));
        if (result) results.push(result);
        else if (++failed > runs)
          throw new Error(`${page.name} (${language}): ${failed} runs without a trace`);
      }
      const calibrated = medianOf(results.map((result) => result.calibrated));
      console.log(
        `  ${page.name.padEnd(17)} ${language.padEnd(4)} | ${columns(calibrated)} | ` +
          `${columns(medianOf(results.map((result) => result.atDefault)))} | ` +
          `${ms(median(results.map((result) => result.longestTask)))}  ${ms(median(results.map((result) => result.mainThread)))}    | ` +
          `${range(results.map((result) => result.benchmarkIndex))}` +
          `   (scores ${results.map((result) => result.calibrated.score).join(', ')}; LCP ` +
          `${results.map((result) => Math.round(result.calibrated.lcp)).join(', ')}; TBT ` +
          `${results.map((result) => Math.round(result.calibrated.tbt)).join(', ')}; JS ${Math.round(calibrated.jsBytes / 1024)} KB` +
          `${failed ? `; ${failed} run(s) without a trace, made again` : ''})`,
      );
    }
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
