import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
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
function descendantCommandLines(): string[][] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const lines: string[][] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        lines.push(readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0'));
      } catch {
        // The process ended meanwhile.
      }
      visit(child);
    }
  };
  visit(process.pid);
  return lines;
}

describe.skipIf(process.platform !== 'linux')('the browser the tests launch', () => {
  it("turns off every feature Playwright does, and the address bar's popups", async () => {
    const plain = await chromium.launch({ executablePath: ensureChromium(), args: LAUNCH_ARGS });
    try {
      const browserProcess = descendantCommandLines().find(
        (args) => args.includes('--remote-debugging-pipe') && !args.some((arg) => arg.startsWith('--type=')),
      );
      const playwrights = browserProcess
        ?.filter((arg) => arg.startsWith('--disable-features='))
        .flatMap((arg) => arg.slice('--disable-features='.length).split(','));
      expect(playwrights?.toSorted()).toEqual(PLAYWRIGHT_DISABLED_FEATURES.toSorted());
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
