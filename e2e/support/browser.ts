import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../shared/i18n/languages.ts';

/**
 * The browser tests drive the system's Chromium through playwright-core (DESIGN.md §4): Playwright's own
 * browser downloads need a CDN this machine cannot reach, while a distribution Chromium is one package away.
 */

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

/** Flags for a quiet, deterministic headless run in a container (root, no GPU, no network side traffic). */
export const LAUNCH_ARGS = [
  '--headless',
  // Containers often run as root, where Chromium's sandbox cannot start.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // No update checks, component downloads or sync calls to Google while tests measure timing.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function which(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const found = result.status === 0 ? result.stdout.trim() : '';
  return found && isExecutable(found) ? found : null;
}

/** `CHROMIUM_PATH` if set, else the first Chromium or Chrome on the PATH; null when there is none. */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!isExecutable(configured)) throw new Error(`CHROMIUM_PATH=${configured} is not an executable file.`);
    return configured;
  }
  for (const name of CANDIDATES) {
    const found = which(name);
    if (found) return found;
  }
  return null;
}

/**
 * Finds a Chromium, installing Debian's package when we may (root with apt-get), so `npm test` passes on a
 * fresh machine without a manual step. Returns the executable path.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;

  const isRoot = process.getuid?.() === 0;
  if (isRoot && which('apt-get')) {
    const command = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium';
    console.log(`[browser] no Chromium found; installing Debian's package: ${command}`);
    const startedAt = performance.now();
    try {
      execFileSync('sh', ['-c', command], { stdio: 'inherit' });
    } catch (error) {
      throw new Error(`[browser] installing Chromium failed (${String(error)}).\n${howToInstall()}`);
    }
    console.log(`[browser] Chromium installed in ${Math.round((performance.now() - startedAt) / 1000)} s`);
    const installed = findChromium();
    if (installed) return installed;
    throw new Error(`[browser] apt-get finished, but still no Chromium on the PATH.\n${howToInstall()}`);
  }
  throw new Error(`[browser] No Chromium found for the browser tests.\n${howToInstall()}`);
}

function howToInstall(): string {
  return [
    'Install one of: chromium (Debian: sudo apt-get install chromium), chromium-browser, google-chrome-stable,',
    'or point CHROMIUM_PATH at a Chromium/Chrome executable, e.g. CHROMIUM_PATH=/usr/bin/chromium npm test',
  ].join('\n');
}

/** The features Playwright turns off in every Chromium it launches (its `chromiumSwitches`, playwright-core 1.65). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Off in every browser the tests and benchmarks drive, besides what their launcher turns off: every new window
 * (each browser context's first page, each Lighthouse audit's browser) preloads the address bar's suggestion
 * popups, web pages of their own in a renderer of their own. That cost 1.6–2.0 s of CPU per window on this
 * machine, more than the page under test then did, beside it on two cores; a headless window's address bar is
 * never typed into.
 */
const UNUSED_WINDOW_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = '--disable-features=';

/** The features a list of Chromium flags turns off. */
export function disabledFeaturesIn(flags: readonly string[]): string[] {
  return flags
    .filter((flag) => flag.startsWith(DISABLE_FEATURES))
    .flatMap((flag) => flag.slice(DISABLE_FEATURES.length).split(','));
}

/**
 * One `--disable-features` flag with a launcher's own list (`launcherList`) and ours: Chromium reads only the
 * last one it is given (`e2e/browser-launch.e2e.ts` fails when Playwright's list changes).
 */
export function disabledFeaturesFlag(launcherList: readonly string[]): string {
  return `${DISABLE_FEATURES}${[...launcherList, ...UNUSED_WINDOW_FEATURES].join(',')}`;
}

/**
 * A headless Chromium; every launch gets its own fresh temporary profile (Playwright creates and removes it).
 * `extraArgs` add flags, such as Chromium's fake microphone for recording tests.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    args: [...LAUNCH_ARGS, disabledFeaturesFlag(PLAYWRIGHT_DISABLED_FEATURES), ...extraArgs],
  });
}

/**
 * A fresh browser context whose pages start in `language`: the app's remembered language choice (SPEC §3
 * `winc-language`), set before any page script runs.
 */
export async function contextIn(
  browser: Browser,
  language: Language,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    language,
  ] as const);
  return context;
}
