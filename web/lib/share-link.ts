/**
 * Sharing a link (SPEC §2 Checkout share modal, and a guest's own link from the guest list): the native share
 * sheet where the browser has one; if it fails the link is copied instead (SPEC §8). A person closing the
 * share sheet is not a failure.
 */

/** Whether this browser offers a native share sheet for a link. */
export function canShareNatively(url: string): boolean {
  return typeof navigator.share === 'function' && (navigator.canShare?.({ url }) ?? true);
}

/**
 * Puts the link on the clipboard: the async Clipboard API first, then the legacy copy command on a selected
 * field (insecure origins and older webviews have no `navigator.clipboard`). Answers whether it worked.
 */
export async function copyLink(url: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

/** Opens the share sheet; a failure other than the person dismissing it copies the link (SPEC §8). */
export async function shareLink(
  data: { url: string; title: string; text: string },
  field?: HTMLInputElement | null,
): Promise<ShareOutcome> {
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'dismissed';
    return (await copyLink(data.url, field)) ? 'copied' : 'failed';
  }
}
