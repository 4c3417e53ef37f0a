import { PAGE_MODULES_ELEMENT_ID } from '../../shared/pages/page-data.contract.ts';

/** Resolves once the page has been painted (at once in a hidden tab, which paints nothing). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** How many `modulepreload` links are added at a time: each costs a slow phone's main thread about 3 ms. */
const PRELOADS_AT_A_TIME = 8;

/** Adds the page's preload links a few at a time, so that adding them is no long task of its own. */
async function preload(links: Element[]): Promise<void> {
  for (let start = 0; start < links.length; start += PRELOADS_AT_A_TIME) {
    document.head.append(...links.slice(start, start + PRELOADS_AT_A_TIME));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Starts an entry's app. A page the server rendered is whole without its script, which only takes it over:
 * that code is fetched once the page has been painted, so on a slow network it does not share the bandwidth
 * with what the first screen shows (its styles, fonts and first pictures). The server names the page's
 * chunks in an inert `<template>`; they are all requested at once here, before the app's own import would
 * find them one level at a time (docs/decisions/0018-first-paint.md). A page drawn by the script starts at
 * once, its chunks preloaded by the page as usual.
 */
export async function takeOver(start: () => Promise<void>): Promise<void> {
  if (document.getElementById('root')?.hasChildNodes()) {
    await afterFirstPaint();
    const modules = document.getElementById(PAGE_MODULES_ELEMENT_ID);
    if (modules instanceof HTMLTemplateElement) await preload([...modules.content.children]);
  }
  await start();
}
