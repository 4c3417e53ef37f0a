/**
 * Google sign-in in a popup (SPEC §4). Our pages send `Cross-Origin-Opener-Policy: same-origin`, so once the
 * popup visits Google the opener loses its handle (`popup.closed` reads true). The popup therefore reports
 * back on a same-origin BroadcastChannel from the page Google returns it to.
 */

export const POPUP_CHANNEL = 'winc-google-auth';

export interface PopupReport {
  ok: boolean;
  error?: string;
}

export type PopupOutcome = PopupReport | { cancelled: true };

const POPUP_NAME = 'winc-google-signin';
const WIDTH = 500;
const HEIGHT = 640;

/** Opens an empty popup at once (inside the click, so it is not blocked); null when the browser blocked it. */
export function openBlankPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - HEIGHT) / 2);
  try {
    return window.open(
      'about:blank',
      POPUP_NAME,
      `popup=yes,width=${WIDTH},height=${HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
    );
  } catch {
    return null;
  }
}

/**
 * Waits for the popup's report. When the window gets the focus back without a report (the user closed the
 * popup), it gives the report a moment to arrive and then settles as cancelled.
 */
export function waitForPopupReport(signal: AbortSignal): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    let focusTimer: number | undefined;
    const finish = (outcome: PopupOutcome) => {
      window.clearTimeout(focusTimer);
      window.removeEventListener('focus', onFocus);
      signal.removeEventListener('abort', onAbort);
      channel.close();
      resolve(outcome);
    };
    const onFocus = () => {
      window.clearTimeout(focusTimer);
      focusTimer = window.setTimeout(() => finish({ cancelled: true }), 2_500);
    };
    const onAbort = () => finish({ cancelled: true });
    channel.onmessage = (event: MessageEvent<PopupReport>) => {
      if (typeof event.data?.ok === 'boolean') finish(event.data);
    };
    window.addEventListener('focus', onFocus);
    signal.addEventListener('abort', onAbort);
  });
}

/** Run by the page inside the popup: tell the opener how it went. */
export function reportToOpener(report: PopupReport): void {
  try {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    channel.postMessage(report);
    channel.close();
  } catch {
    // No BroadcastChannel: the opener finds the session on focus.
  }
}
