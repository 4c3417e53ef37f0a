import { PAGE_MODULES_ELEMENT_ID } from '../../shared/pages/page-data.contract.ts';
import { afterPaint } from './after-paint.ts';

/**
 * How long the app waits for the first screen's pictures before it starts anyway: on a very slow network its
 * buttons should not wait for every picture.
 */
const FIRST_SCREEN_PICTURES_WAIT_MS = 3000;

/**
 * Resolves once the first screen's pictures (those the server marked `fetchpriority="high"`: a share link's
 * cover, home's first cards) have arrived and been painted, or failed, or after
 * {@link FIRST_SCREEN_PICTURES_WAIT_MS}.
 */
async function afterFirstScreen(): Promise<void> {
  const pictures = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  await Promise.race([
    Promise.all(pictures.map((picture) => picture.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_PICTURES_WAIT_MS)),
  ]);
  await afterPaint();
}

/**
 * How many `modulepreload` links are added at a time. Each starts its request on the main thread (about 1 ms
 * here, several on a phone; a trace showed 8 at a time as tasks of 8–10 ms after the first paint): two at a time
 * keep each task short, at the cost of a few more turns before the app starts.
 */
const PRELOADS_AT_A_TIME = 2;

/** Adds the page's preload links a few at a time, so that adding them is no long task of its own. */
async function preload(links: Element[]): Promise<void> {
  for (let start = 0; start < links.length; start += PRELOADS_AT_A_TIME) {
    document.head.append(...links.slice(start, start + PRELOADS_AT_A_TIME));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** A form sent before the app had taken its page over, and the button it was sent with. */
let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
/** The last button pressed before the app had taken its page over. */
let heldPress: HTMLButtonElement | null = null;

function holdSubmit(event: SubmitEvent): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  // Before the app's own handler (it may already be hydrating): the send is the app's, once it is whole.
  event.preventDefault();
  event.stopImmediatePropagation();
  heldSubmit = { form: event.target, submitter: event.submitter };
}

function holdPress(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A submit button sends its form, which `holdSubmit` holds; any other button only the app answers.
  if (!button || button.type === 'submit' || button.disabled) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  heldPress = button;
}

/**
 * A page the server rendered shows its buttons and forms before the app has taken it over. A form can be
 * filled in (what was typed stays: hydration leaves the fields' values alone), but not sent: the browser would
 * send it itself, a reload with what was typed in the address. A button other than a form's does nothing
 * without the app. So a form sent and a button pressed before then wait, and are pressed again through the app
 * once it has taken the page over (`releaseHeldInput`): a tap on one of My WINCS' cards, or on a template, is
 * answered late rather than lost.
 */
function holdInputUntilTakenOver(): void {
  window.addEventListener('submit', holdSubmit, true);
  window.addEventListener('click', holdPress, true);
}

/** Once the app has taken the page over: forms and buttons are its own again, and one used meanwhile is now. */
export function releaseHeldInput(): void {
  window.removeEventListener('submit', holdSubmit, true);
  window.removeEventListener('click', holdPress, true);
  const held = heldSubmit;
  const pressed = heldPress;
  heldSubmit = null;
  heldPress = null;
  if (held?.form.isConnected) held.form.requestSubmit(held.submitter);
  else if (pressed?.isConnected && !pressed.disabled) pressed.click();
}

/**
 * Starts an entry's app. A page the server rendered is whole without its script, which only takes it over:
 * that code, and the app's fonts, are fetched once the first screen has been painted with its pictures, so on
 * a slow network they do not share the bandwidth with what it shows. The server names the page's
 * chunks in an inert `<template>`; they are all requested at once here, before the app's own import would
 * find them one level at a time (docs/decisions/0018-first-paint.md). A page drawn by the script starts at
 * once, its chunks preloaded by the page as usual.
 */
export async function takeOver(start: () => Promise<void>): Promise<void> {
  const serverRendered = document.getElementById('root')?.hasChildNodes() ?? false;
  if (serverRendered) holdInputUntilTakenOver();
  if (serverRendered) await afterFirstScreen();
  void import('./ui-fonts.ts').then(({ loadUiFonts }) => loadUiFonts(document.documentElement.lang));
  if (serverRendered) {
    const modules = document.getElementById(PAGE_MODULES_ELEMENT_ID);
    if (modules instanceof HTMLTemplateElement) await preload([...modules.content.children]);
  }
  await start();
}
