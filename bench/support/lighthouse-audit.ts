import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium, LAUNCH_ARGS } from '../../e2e/support/browser.ts';

export interface AuditResult {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** JavaScript transferred, bytes. */
  jsBytes: number;
}

/**
 * Lighthouse's mobile performance audit (its default simulated throttling: slow 4G, 4× slower CPU) of one
 * URL, in a fresh Debian Chromium profile under `profileDir`.
 */
export async function audit(
  url: string,
  profileDir: string,
  extraFlags: string[] = [],
): Promise<AuditResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [...LAUNCH_ARGS, ...extraFlags],
    userDataDir: await mkdtemp(path.join(profileDir, 'run-')),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
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
  } finally {
    chrome.kill();
  }
}
