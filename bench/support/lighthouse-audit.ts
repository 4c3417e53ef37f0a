import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { auditFlowArtifacts, type Artifacts, type Flags, type Result } from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { chromium } from 'playwright-core';
import {
  disabledFeaturesFlag,
  disabledFeaturesIn,
  ensureChromium,
  LAUNCH_ARGS,
} from '../../e2e/support/browser.ts';
import { calibratedSlowdown, DEFAULT_CPU_SLOWDOWN, median } from './lighthouse-calibration.ts';

/** One Lighthouse score and its metrics (ms; CLS unitless). */
export interface PageFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** JavaScript transferred, bytes. */
  jsBytes: number;
}

export interface AuditResult {
  /** At the calibrated CPU slowdown: the reference phone. */
  calibrated: PageFigures;
  /** The same load at Lighthouse's default 4× slowdown. */
  atDefault: PageFigures;
  /** The real load, unthrottled: its longest main-thread task and all its main-thread work, ms. */
  longestTask: number;
  mainThread: number;
  /** The `benchmarkIndex` Lighthouse measured on this run's browser before loading the page. */
  benchmarkIndex: number;
}

/** What the browser has for the page's origin before the page loads: a returning visitor's cookies and storage. */
export interface VisitorState {
  cookies: { name: string; value: string }[];
  localStorage: Record<string, string>;
}

/**
 * Lighthouse's simulated throttling (the default) loads the page at the host's full speed and then simulates
 * slow 4G and a CPU `cpuSlowdownMultiplier` times slower from that load's trace. So one load gives both the
 * calibrated and the default figures (the same load audited twice: the comparison is of the slowdown alone),
 * and its trace is the real, unthrottled main-thread work.
 */
function flagsAt(port: number, cpuSlowdownMultiplier: number): Flags {
  return {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttling: { cpuSlowdownMultiplier },
    // Lighthouse would clear the origin's cookies and storage before the load: the visitor's state is set
    // below instead, in a fresh profile, which has no cache to clear.
    disableStorageReset: true,
  };
}

function figuresOf(lhr: Result): PageFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? []
  ).filter((item) => item.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

/** The load's top-level main-thread tasks, as Lighthouse's own audits read them from its trace. */
async function mainThreadOf(artifacts: Artifacts): Promise<{ longestTask: number; mainThread: number }> {
  const tasks = await MainThreadTasks.request(artifacts.Trace, { computedCache: new Map() });
  const topLevel = tasks.filter((task) => !task.parent);
  return {
    longestTask: Math.max(0, ...topLevel.map((task) => task.duration)),
    mainThread: topLevel.reduce((sum, task) => sum + task.duration, 0),
  };
}

/** The features chrome-launcher turns off, which our flag (given after its own) must carry too. */
const launcherDisabledFeatures = disabledFeaturesIn(chromeLauncher.Launcher.defaultFlags());

/** Debian Chromium in a fresh profile under `profileDir`, for one audit. */
async function launch(profileDir: string): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [...LAUNCH_ARGS, disabledFeaturesFlag(launcherDisabledFeatures)],
    userDataDir: await mkdtemp(path.join(profileDir, 'run-')),
  });
}

/** Gives the browser the visitor's cookies and storage for `origin` (a tiny page of it, nothing cached). */
async function setVisitorState(port: number, origin: string, state: VisitorState): Promise<void> {
  if (state.cookies.length === 0 && Object.keys(state.localStorage).length === 0) return;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    await context.addCookies(state.cookies.map((cookie) => ({ ...cookie, url: origin })));
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) window.localStorage.setItem(key, value);
    }, Object.entries(state.localStorage));
    await page.close();
  } finally {
    // Disconnects: the browser, opened by chrome-launcher, stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Lighthouse's `benchmarkIndex` of this host's browser, as each audit measures it before its load: `samples`
 * values, each from a fresh browser's audit of `url` (a trivial page) with nothing audited but the viewport.
 */
export async function benchmarkIndexes(url: string, profileDir: string, samples: number): Promise<number[]> {
  const indexes: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const chrome = await launch(profileDir);
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyAudits: ['viewport'],
      });
      const index = result?.lhr.environment.benchmarkIndex;
      if (!index) throw new Error(`no benchmarkIndex from the audit of ${url}`);
      indexes.push(index);
    } finally {
      chrome.kill();
    }
  }
  return indexes;
}

/** How many audits the calibration takes the median of. */
const CALIBRATION_SAMPLES = 5;

/**
 * The phone every bench of the pages stands for on this host: Lighthouse's `benchmarkIndex` of the host, the
 * median of 5 audits of `url` (a trivial page of the server under test), and the CPU slowdown it calls for;
 * `description` says both, with the samples, for the bench's header.
 */
export async function calibratePhone(
  url: string,
  profileDir: string,
): Promise<{ benchmarkIndex: number; slowdown: number; description: string }> {
  const indexes = await benchmarkIndexes(url, profileDir, CALIBRATION_SAMPLES);
  const benchmarkIndex = median(indexes);
  const slowdown = calibratedSlowdown(benchmarkIndex);
  return {
    benchmarkIndex,
    slowdown,
    description:
      `Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)} (median of ${indexes.length}: ` +
      `${indexes.map(Math.round).join(', ')}) → CPU slowdown ×${slowdown.toFixed(2)} (index ÷ 330, at least 1)`,
  };
}

/**
 * Lighthouse's mobile performance audit of one load of `url` (slow 4G, and the CPU `cpuSlowdown` times slower),
 * in a fresh Debian Chromium profile under `profileDir` holding `state`; the same load audited at the default 4×;
 * the load's real main-thread figures. Null when Lighthouse could not read the load's trace (NO_NAVSTART, now
 * and then on a loaded host): the caller makes the run again.
 */
export async function audit(
  url: string,
  profileDir: string,
  cpuSlowdown: number,
  state: VisitorState,
): Promise<AuditResult | null> {
  const chrome = await launch(profileDir);
  try {
    await setVisitorState(chrome.port, new URL(url).origin, state);
    const result = await lighthouse(url, flagsAt(chrome.port, cpuSlowdown));
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const calibrated = figuresOf(result.lhr);
    if (Number.isNaN(calibrated.fcp)) return null;
    // Lighthouse refuses to audit artifacts under settings other than those they were gathered with (a guard
    // for artifacts saved to disk); here the difference, the CPU slowdown, is the point.
    const atDefault = await auditFlowArtifacts({
      gatherSteps: [
        {
          artifacts: { ...result.artifacts, settings: undefined } as unknown as Artifacts,
          flags: { ...flagsAt(chrome.port, DEFAULT_CPU_SLOWDOWN), name: 'default slowdown' },
        },
      ],
      name: 'default slowdown',
    });
    return {
      calibrated,
      atDefault: figuresOf(atDefault.steps[0]!.lhr),
      ...(await mainThreadOf(result.artifacts)),
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}
