import type { KeepsakeCard, KeepsakeLabels } from './keepsake-card.ts';

/**
 * The made videos, kept on this device (docs/decisions/0039-video-keepsake.md): one per card and version in
 * Cache Storage, so saving the same card again hands back the same file without encoding it again. The
 * version is a digest of everything the video draws, so an edited card (or a new renderer) makes a new one.
 * Nothing is kept on the server: no one can plant a video there for others to download.
 */

const CACHE_NAME = 'winc-keepsake-videos';
/** Raised when the drawing changes, so videos made by an older renderer are made again. */
const RENDERER_VERSION = 2;

/** The card's version as far as its video goes: a SHA-256 of what the video shows. */
export async function keepsakeVersion(card: KeepsakeCard, labels: KeepsakeLabels): Promise<string> {
  const shown = JSON.stringify([
    RENDERER_VERSION,
    card.templateImageUrl,
    card.recipientImageUrl,
    card.greetingAudioUrl,
    card.message,
    card.textStyles,
    card.language,
    card.recipientName,
    card.senderName,
    Boolean(card.invitation),
    labels,
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(shown));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A same-origin address that names the entry; it is never fetched from the network. */
function entryUrl(cardId: string, version: string): string {
  return new URL(`/keepsakes/${encodeURIComponent(cardId)}/video-${version}.mp4`, location.origin).href;
}

/** Cache Storage, where the browser has it (secure pages only); otherwise nothing is kept. */
async function openCache(): Promise<Cache | null> {
  if (typeof caches === 'undefined') return null;
  try {
    return await caches.open(CACHE_NAME);
  } catch {
    return null;
  }
}

/** The video already made for this card version on this device, or null. */
export async function cachedKeepsakeVideo(cardId: string, version: string): Promise<Blob | null> {
  const cache = await openCache();
  const response = await cache?.match(entryUrl(cardId, version));
  return response ? response.blob() : null;
}

/** Keeps the video for this card version, dropping the card's older versions; a full disk keeps nothing. */
export async function storeKeepsakeVideo(cardId: string, version: string, video: Blob): Promise<void> {
  const cache = await openCache();
  if (!cache) return;
  const url = entryUrl(cardId, version);
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  try {
    for (const request of await cache.keys())
      if (request.url.startsWith(folder) && request.url !== url) await cache.delete(request);
    await cache.put(url, new Response(video, { headers: { 'content-type': video.type } }));
  } catch {
    // Out of quota: the video was still handed over, only not kept.
  }
}
