/**
 * What a device remembers of its answers through an invitation's open group link (DESIGN §1.20): answering
 * made it a guest with a link of their own, so coming back to the group's link shows that guest's answer
 * instead of a blank form. Kept per invitation in the browser's storage; storage that is blocked or full
 * (private modes) remembers nothing beyond the page, and the guest still has the link they were shown.
 */

const PREFIX = 'winc-open-reply:';

/** The smallest part of localStorage this needs; the browser's own, or none. */
export type LinkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

const browserStorage = (): LinkStorage => (typeof localStorage === 'undefined' ? null : localStorage);

/** The token a guest's own link (`/i/{token}`, as `paths.guestInvitation` makes it) names, or null. */
export function guestTokenOf(linkPath: string): string | null {
  const match = /^\/i\/([^/]+)$/.exec(linkPath);
  try {
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}

/** The token of the guest this device became on this invitation's open link, or null. */
export function rememberedGuestToken(cardId: string, storage: LinkStorage = browserStorage()): string | null {
  try {
    return guestTokenOf(storage?.getItem(PREFIX + cardId) ?? '');
  } catch {
    return null;
  }
}

/** Remembers the guest's own link (`/i/{token}`) the open link's answer gave this device. */
export function rememberGuestLink(cardId: string, linkPath: string, storage = browserStorage()): void {
  try {
    storage?.setItem(PREFIX + cardId, linkPath);
  } catch {
    // Remembered for this page only: the guest is shown their link.
  }
}

/** Forgets it (the host removed that guest: their link no longer works). */
export function forgetGuestLink(cardId: string, storage = browserStorage()): void {
  try {
    storage?.removeItem(PREFIX + cardId);
  } catch {
    // Nothing was stored.
  }
}
