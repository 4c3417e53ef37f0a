import { useEffect } from 'react';

/**
 * Object URLs of chosen files for previews, shared per Blob and counted: a URL is revoked once no mounted
 * component shows it any more. The revocation waits a tick because React's development StrictMode unmounts
 * and remounts every effect once, which would otherwise revoke a preview before the browser loads it.
 */
const entries = new WeakMap<Blob, { url: string; users: number }>();

function urlFor(blob: Blob): string {
  let entry = entries.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    entries.set(blob, entry);
  }
  return entry.url;
}

function retain(blob: Blob): void {
  const entry = entries.get(blob);
  if (entry) entry.users += 1;
}

function release(blob: Blob): void {
  const entry = entries.get(blob);
  if (!entry) return;
  entry.users -= 1;
  setTimeout(() => {
    if (entry.users > 0 || entries.get(blob) !== entry) return;
    URL.revokeObjectURL(entry.url);
    entries.delete(blob);
  }, 0);
}

/** A `blob:` URL for the file while the calling component is mounted; null without a file. */
export function useObjectUrl(blob: Blob | null): string | null {
  const url = blob ? urlFor(blob) : null;
  useEffect(() => {
    if (!blob) return;
    retain(blob);
    return () => release(blob);
  }, [blob]);
  return url;
}
