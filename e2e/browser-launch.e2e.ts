import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  disabledFeaturesIn,
  ensureChromium,
  LAUNCH_ARGS,
  launchBrowser,
  PLAYWRIGHT_DISABLED_FEATURES,
} from './support/browser.ts';

/**
 * The browser the tests drive (`e2e/support/browser.ts`): Chromium keeps only the last `--disable-features`
 * it is given, so ours must carry Playwright's, and it must keep the address bar's popups from loading in
 * every new window.
 */

/** The command lines (arguments) of this process's descendants. */
function descendantCommandLines(pid = process.pid): string[][] {
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    return []; // The process ended meanwhile.
  }
  return children.flatMap((child) => {
    try {
      return [
        readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0'),
        ...descendantCommandLines(Number(child)),
      ];
    } catch {
      return []; // The process ended meanwhile.
    }
  });
}

describe.skipIf(process.platform !== 'linux')('the browser the tests launch', () => {
  it("turns off every feature Playwright does, and the address bar's popups", async () => {
    const plain = await chromium.launch({ executablePath: ensureChromium(), args: LAUNCH_ARGS });
    try {
      const browserProcess = descendantCommandLines().find(
        (args) => args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type=')),
      );
      expect(disabledFeaturesIn(browserProcess ?? []).toSorted()).toEqual(
        PLAYWRIGHT_DISABLED_FEATURES.toSorted(),
      );
    } finally {
      await plain.close();
    }

    const browser = await launchBrowser();
    try {
      const page = await (await browser.newContext()).newPage();
      await page.goto('data:text/html,<p>a page</p>');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      expect(targetInfos.map((target) => target.url)).toEqual(['data:text/html,<p>a page</p>']);
    } finally {
      await browser.close();
    }
  });
});
