import { startTransition, useEffect, useState } from 'react';
import { TAKEN_OVER_ATTRIBUTE } from '../../shared/pages/page-data.contract.ts';
import { releaseHeldInput } from './take-over.ts';
import { idle } from './when-idle.ts';

/**
 * Whether the app has taken its page over (docs/decisions/0018-first-paint.md). It is false while the app
 * hydrates a page the server rendered, and until the browser has had idle moments after that. It is true
 * from the start for a page the app draws itself. What the app asks its own requests for on every page (the
 * session, the server's settings, the drafts banner, the uploads to resume) waits for it. Starting those
 * requests, and the renders their first change of state causes, is then not part of a phone's work of taking
 * the page over, while the visitor is looking at its first screen.
 */
let takenOver = false;
const listeners = new Set<() => void>();

/** Called once the page is taken over (or before the app draws a page itself). */
export function markTakenOver(): void {
  if (takenOver) return;
  takenOver = true;
  document.documentElement.setAttribute(TAKEN_OVER_ATTRIBUTE, '');
  releaseHeldInput();
  void startWaiting();
}

/**
 * What waited, one part at a time, each in an idle moment of its own and as a transition (a render in slices):
 * the requests a part starts, and the renders their answers cause, are then not one long task for a phone.
 */
async function startWaiting(): Promise<void> {
  for (const listener of listeners) {
    await idle();
    if (listeners.has(listener)) startTransition(listener);
  }
}

/**
 * Rendered beside a page being hydrated, runs `then` once the page has been taken over: an update before that
 * would not match the server's page.
 */
export function TakenOver({ then }: { then: () => void }): null {
  useEffect(then, [then]);
  return null;
}

/** True once the page has been taken over; false on the server and while the browser hydrates. */
export function useAfterTakeOver(): boolean {
  const [value, setValue] = useState(takenOver);
  useEffect(() => {
    if (value) return;
    const listener = () => setValue(true);
    if (takenOver) startTransition(listener);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [value]);
  return value;
}
